ALTER TABLE "payments" ADD COLUMN "funds_pending_since" timestamp with time zone;--> statement-breakpoint
-- A post sent from two tabs at once could have two sends; the first stays (its emails are the ones counted).
DELETE FROM "newsletter_sends" AS "later" USING "newsletter_sends" AS "first" WHERE "later"."post_id" = "first"."post_id" AND "later"."id" > "first"."id";--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_postId_unique" UNIQUE("post_id");--> statement-breakpoint
-- refund.failed is handled from now on: those reconciliation recorded as unhandled (of the last three days) are read again.
DELETE FROM "stripe_events" WHERE "type" = 'refund.failed' AND "handled" = false;
