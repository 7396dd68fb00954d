CREATE TABLE "appointment_reminders" (
	"appointment_id" integer NOT NULL,
	"offset_minutes" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_reminders_appointment_id_offset_minutes_start_time_pk" PRIMARY KEY("appointment_id","offset_minutes","start_time")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "client_time_zone" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reschedule_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "ics_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "attendance" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "attendance_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "sync_conflict" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "follow_up_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_google_event_idx" ON "appointments" USING btree ("google_event_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_attendance_check" CHECK (attendance in ('attended', 'no-show'));