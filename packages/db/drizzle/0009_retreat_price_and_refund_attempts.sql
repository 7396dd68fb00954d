ALTER TABLE "refunds" ADD COLUMN "attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "retreat_applications" ADD COLUMN "price_amount" integer;