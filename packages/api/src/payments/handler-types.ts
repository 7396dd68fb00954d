/**
 * The types of Stripe event handlers and how several parts' maps combine (decision 27). The event
 * files import these, and handlers.ts imports the event files: the types live here so neither
 * imports the other in a circle.
 */
import type { Database } from "@coach/db";
import type { Stripe } from "@coach/payments";
import type { Transaction } from "../shared/db";

/** What a handler gets: the event (typed by its `type`), the webhook's transaction, and work for after the commit. */
export interface StripeHandlerContext<E extends Stripe.Event = Stripe.Event> {
  event: E;
  /** The transaction that also records the event id: a handler's writes and the "processed once" mark commit together. */
  tx: Transaction;
  /** Runs after the commit (emails, calls to Stripe); never inside the transaction, never for a repeat. */
  afterCommit(work: (db: Database) => Promise<void>): void;
}

/** A handler per event type; `ctx.event` is narrowed to that type (e.g. Stripe.CheckoutSessionCompletedEvent). */
export type StripeHandlers = {
  [T in Stripe.Event.Type]?: (ctx: StripeHandlerContext<Extract<Stripe.Event, { type: T }>>) => Promise<void>;
};

/** A Checkout paid: by card at completion, or by a delayed method (a bank debit) days later. */
export type SessionPaidEvent = Stripe.CheckoutSessionCompletedEvent | Stripe.CheckoutSessionAsyncPaymentSucceededEvent;
/** A Checkout ended unpaid: it expired, or a delayed method's payment failed. */
export type SessionUnpaidEvent = Stripe.CheckoutSessionExpiredEvent | Stripe.CheckoutSessionAsyncPaymentFailedEvent;

/** The payment intent's id on an event's object (a session, a charge or a refund): Stripe sends an id, or the object when expanded. */
export function paymentIntentOf(object: { payment_intent?: string | { id: string } | null }): string | null {
  return typeof object.payment_intent === "string" ? object.payment_intent : (object.payment_intent?.id ?? null);
}

type AnyHandler = (ctx: StripeHandlerContext) => Promise<void>;

/**
 * Several parts may act on one event type (checkout.session.completed confirms a booking, a package or a
 * retreat deposit, each handler picking its own sessions by metadata), so the maps are combined: every
 * handler of a type runs, in order, in the event's one transaction. Spreading maps would silently keep only the last.
 */
export function combineHandlers(...maps: StripeHandlers[]): StripeHandlers {
  const byType = new Map<string, AnyHandler[]>();
  for (const map of maps)
    for (const [type, handler] of Object.entries(map)) byType.set(type, [...(byType.get(type) ?? []), handler as AnyHandler]);
  return Object.fromEntries(
    [...byType].map(([type, list]) => [
      type,
      async (ctx: StripeHandlerContext) => {
        for (const handler of list) await handler(ctx);
      },
    ]),
  ) as StripeHandlers;
}
