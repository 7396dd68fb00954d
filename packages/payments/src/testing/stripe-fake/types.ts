/** What a test holds of the running fake. */
import type { FakeDelivery, FakeState } from "./state";

/**
 * The fake's state as a test reads it (baseUrl, keys, deliverTo, the object maps, `events`, `requests`,
 * `deliveries`; see FakeState), less its bookkeeping, plus what a test does as the customer or as Stripe.
 */
export interface StripeFake extends Omit<FakeState, "idempotency" | "pending" | "invoiceNumber" | "losingAnswersTo" | "duringNext"> {
  /** The customer pays a Checkout Session: `checkout.session.completed`, resolved once delivered. */
  pay(sessionId: string): Promise<FakeDelivery | undefined>;
  /** The customer pays with a delayed method (a bank debit): `checkout.session.completed`, unpaid. */
  payDelayed(sessionId: string): Promise<FakeDelivery | undefined>;
  /** That payment arrives (`checkout.session.async_payment_succeeded`) or fails (`…async_payment_failed`). */
  settleDelayed(sessionId: string, outcome: "succeeded" | "failed"): Promise<FakeDelivery | undefined>;
  /** The session expires: `checkout.session.expired`. */
  expire(sessionId: string): Promise<FakeDelivery | undefined>;
  /** The customer pays an open invoice: `invoice.payment_succeeded` and `invoice.paid`. */
  payInvoice(invoiceId: string): Promise<FakeDelivery | undefined>;
  /** An open invoice's due date passed: `invoice.overdue`. */
  overdue(invoiceId: string): Promise<FakeDelivery | undefined>;
  /**
   * The coach refunds a payment by hand in Stripe's dashboard (all that is left, or `amount` in the minor
   * unit): a refund without our metadata or idempotency key, and `charge.refunded`, resolved once delivered.
   */
  refundInDashboard(paymentIntentId: string, amount?: number): Promise<FakeDelivery | undefined>;
  /** A succeeded refund fails later (`reason`: Stripe's failure_reason): `refund.failed`, resolved once delivered. */
  failRefund(refundId: string, reason?: string): Promise<FakeDelivery | undefined>;
  /** Sends an event again, as Stripe retries (same id, newly signed). */
  redeliver(eventId: string): Promise<FakeDelivery | undefined>;
  /** The Stripe-Signature header for a payload (an old `timestamp`, in seconds, makes a stale one). */
  signatureHeader(payload: string, timestamp?: number): string;
  /**
   * From now on, requests to `request` ("POST /v1/refunds", or a pattern) are carried out but their answers never
   * arrive: the connection closes, as when the network drops after Stripe acted. null ends it.
   */
  loseAnswers(request: string | RegExp | null): void;
  /**
   * The next request to `request` ("POST /v1/invoiceitems", or a pattern for "METHOD /v1/path") is carried
   * out, then `action` runs before its answer goes back: something that happens on our side while Stripe
   * is working on a call.
   */
  duringNext(request: string | RegExp, action: () => Promise<void>): void;
  /** Waits for every delivery under way (events raised by API calls go out in the background, as Stripe's do). */
  settle(): Promise<void>;
  close(): Promise<void>;
}
