ALTER TABLE "retreat_applications" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "retreat_applications" ADD COLUMN "cancel_refund_percent" integer;