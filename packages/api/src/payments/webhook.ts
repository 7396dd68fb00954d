/**
 * `POST /api/stripe/webhook` (decision 27): the only confirmation of a payment. The signature is
 * checked on the raw body (400, nothing changed, on a bad or stale one); each event id is recorded
 * with `insert … on conflict do nothing` in the same transaction as its handler, so across instances
 * an event is acted on once: a concurrent second delivery waits on the first's row and then finds it,
 * and a handler that fails rolls the mark back so Stripe's retry runs it again.
 */
import { schema, type Database } from "@coach/db";
import { verifyWebhook, type Stripe } from "@coach/payments";
import { log } from "../shared/logger";
import { STRIPE_HANDLERS, type StripeHandlerContext, type StripeHandlers } from "./handlers";

export interface WebhookAnswer {
  status: 200 | 400 | 500;
  body: { received: true; duplicate?: true } | { error: string };
}

/** Stripe's events are small; anything this large is not one. */
export const WEBHOOK_MAX_BYTES = 512 * 1024;

export async function handleStripeWebhook(
  getDb: () => Database | Promise<Database>,
  rawBody: string,
  signature: string | null,
  handlers: StripeHandlers = STRIPE_HANDLERS,
): Promise<WebhookAnswer> {
  if (Buffer.byteLength(rawBody) > WEBHOOK_MAX_BYTES) return { status: 400, body: { error: "The body is too large for a Stripe event." } };
  const check = verifyWebhook(rawBody, signature);
  if (!check.ok) {
    log("warn", "stripe webhook refused", { reason: check.message });
    return { status: 400, body: { error: check.message } };
  }
  const { event } = check;
  const db = await getDb();
  let outcome: "processed" | "duplicate";
  try {
    outcome = await processStripeEvent(db, event, handlers);
  } catch (error) {
    // Not 2xx: Stripe retries the delivery (for up to three days), and the rollback left the event unrecorded.
    log("error", "stripe webhook handler failed", { eventId: event.id, type: event.type, error });
    return { status: 500, body: { error: "The event could not be processed; Stripe will retry it." } };
  }
  if (outcome === "duplicate") return { status: 200, body: { received: true, duplicate: true } };
  return { status: 200, body: { received: true } };
}

/**
 * Records and handles one verified event in one transaction, then runs its follow-up work. Shared by
 * the webhook and the reconciliation (which lists events Stripe could not deliver): either way an
 * event id is acted on once. Throws when the handler fails (nothing recorded).
 */
export async function processStripeEvent(
  db: Database,
  event: Stripe.Event,
  handlers: StripeHandlers = STRIPE_HANDLERS,
): Promise<"processed" | "duplicate"> {
  const handler = handlers[event.type] as ((ctx: StripeHandlerContext) => Promise<void>) | undefined;
  const after: ((db: Database) => Promise<void>)[] = [];
  const fresh = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(schema.stripeEvents)
      .values({ id: event.id, type: event.type, createdAt: new Date(event.created * 1000), handled: handler !== undefined })
      .onConflictDoNothing()
      .returning({ id: schema.stripeEvents.id });
    if (inserted.length === 0) return false;
    if (handler) await handler({ event, tx, afterCommit: (work) => after.push(work) });
    return true;
  });
  if (!fresh) {
    log("info", "stripe webhook repeated", { eventId: event.id, type: event.type });
    return "duplicate";
  }
  log("info", "stripe webhook processed", { eventId: event.id, type: event.type, handled: handler !== undefined });
  for (const work of after) {
    try {
      await work(db);
    } catch (error) {
      log("error", "stripe webhook follow-up failed", { eventId: event.id, type: event.type, error });
    }
  }
  return "processed";
}

export type { Stripe };
