/**
 * The Stripe event handler registry (decision 27): one map from event type to the function that acts
 * on it. Each part of payments keeps its handlers in its own file as a `StripeHandlers` map and this
 * file combines them (handler-types.ts), so adding `invoice.paid` is a new entry here, never an edit of webhook.ts.
 * A type with no entry is recorded and answered 200.
 */
import { checkoutHandlers } from "./checkout-events";
import { invoiceHandlers } from "./invoice-events";
import { combineHandlers, type StripeHandlers } from "./handler-types";
import { refundHandlers } from "./refund-events";
import { refundFailureHandlers } from "./refund-failures";
import { retreatHandlers } from "./retreat-events";

export type { StripeHandlerContext, StripeHandlers } from "./handler-types";

/**
 * Every handler: `checkoutHandlers` (bookings, packages and paid sessions: checkout.session.completed/expired), `invoiceHandlers` (invoice.finalized/paid/voided/marked_uncollectible/overdue),
 * `retreatHandlers` (the deposit's checkout.session.completed/expired), `refundHandlers` (charge.refunded,
 * refunds made in Stripe's dashboard) and `refundFailureHandlers` (refund.failed, a refund that did not
 * reach the client); the next parts add theirs here.
 */
export const STRIPE_HANDLERS: StripeHandlers = combineHandlers(
  checkoutHandlers,
  invoiceHandlers,
  retreatHandlers,
  refundHandlers,
  refundFailureHandlers,
);
