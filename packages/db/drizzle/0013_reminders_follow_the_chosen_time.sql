ALTER TABLE "appointments" ADD COLUMN "time_chosen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing bookings: their time was chosen when they were made, as far as anything recorded shows.
UPDATE "appointments" SET "time_chosen_at" = "created_at";
