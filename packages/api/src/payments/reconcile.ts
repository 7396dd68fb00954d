/**
 * Reconciliation with Stripe (decision 27): events of the last three days (Stripe's retry window)
 * that never reached the webhook are processed here, through the same once-per-event path.
 */
import { inArray, schema, type Database } from "@coach/db";
import { paymentsEnabled, stripeClient, type Stripe } from "@coach/payments";
import { log } from "../shared/logger";
import { processStripeEvent } from "./webhook";

const WINDOW_S = 3 * 24 * 60 * 60;

export async function reconcileStripeEvents(db: Database, { now = new Date() } = {}): Promise<{ processed: number }> {
  if (!paymentsEnabled()) return { processed: 0 };
  const events: Stripe.Event[] = [];
  const since = Math.floor(now.getTime() / 1000) - WINDOW_S;
  for await (const event of stripeClient().events.list({ created: { gte: since }, limit: 100 })) events.push(event);
  if (events.length === 0) return { processed: 0 };
  const known = new Set(
    (
      await db
        .select({ id: schema.stripeEvents.id })
        .from(schema.stripeEvents)
        .where(
          inArray(
            schema.stripeEvents.id,
            events.map((e) => e.id),
          ),
        )
    ).map((r) => r.id),
  );
  let processed = 0;
  // Oldest first, as Stripe would have delivered them (a session's completion before a refund of it).
  for (const event of events.filter((e) => !known.has(e.id)).sort((a, b) => a.created - b.created)) {
    try {
      if ((await processStripeEvent(db, event)) === "processed") processed++;
    } catch (error) {
      log("error", "reconciled event failed; retried next run", { eventId: event.id, type: event.type, error });
    }
  }
  if (processed > 0) log("info", "stripe events reconciled", { processed });
  return { processed };
}
