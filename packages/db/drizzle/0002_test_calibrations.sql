CREATE TABLE "test_calibrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"calibration" jsonb NOT NULL,
	"n" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_calibrations" ADD CONSTRAINT "test_calibrations_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_calibrations_test_idx" ON "test_calibrations" USING btree ("test_id","created_at");