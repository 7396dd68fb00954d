/** Payments through Stripe (decision 27): the client and its idempotency keys, and the money rules. */
export {
  PaymentsDisabledError,
  STRIPE_API_VERSION,
  STRIPE_MAX_NETWORK_RETRIES,
  idempotencyKey,
  paymentsEnabled,
  requestOptions,
  stripeClient,
  type Stripe,
} from "./client";
export * from "./policy";
export { WEBHOOK_TOLERANCE_SECONDS, verifyWebhook, type WebhookCheck } from "./webhook-signature";
export { stripeReasonForPeople } from "./errors";
