DROP INDEX "questions_test_order_key";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "key" text;--> statement-breakpoint
-- Existing rows get the key the seed derives for an item without one: "<test type>-<order>" (docs/decisions/0040).
UPDATE "questions" SET "key" = "tests"."type" || '-' || "questions"."order" FROM "tests" WHERE "tests"."id" = "questions"."test_id";--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "latency_ms" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "questions_test_key_key" ON "questions" USING btree ("test_id","key");--> statement-breakpoint
CREATE INDEX "questions_test_order_idx" ON "questions" USING btree ("test_id","order");
