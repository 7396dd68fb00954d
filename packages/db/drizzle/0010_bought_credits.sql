ALTER TABLE "invoices" ADD COLUMN "credit_appointment_type" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_sessions" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_valid_days" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_appointment_type" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_sessions" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_valid_days" integer;