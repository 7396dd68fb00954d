/**
 * The one way our code talks to Stripe (decision 27): a client with a pinned API version, automatic
 * network retries, and an address that tests point at the loopback fake. Nothing connects on import;
 * the client is made on first use and remade when the settings change (tests switch them per case).
 */
import Stripe from "stripe";
import { settings } from "@coach/config";

/**
 * The API version every request asks for, so a change in Stripe's account default never changes
 * the shapes we read. It is the version this stripe-node release is typed for; moving it is a code change.
 */
export const STRIPE_API_VERSION = "2026-10-28.endive" satisfies Stripe.LatestApiVersion;

/** Retries of a failed network call; safe because every request carries an idempotency key. */
export const STRIPE_MAX_NETWORK_RETRIES = 2;

/** Whether payments are on: a secret key is configured. Without one, paid offers are hidden. */
export function paymentsEnabled(): boolean {
  return settings().stripe.secretKey !== undefined;
}

export class PaymentsDisabledError extends Error {
  constructor() {
    super("Payments are not enabled (STRIPE_SECRET_KEY is not set).");
    this.name = "PaymentsDisabledError";
  }
}

let cached: { key: string; client: Stripe } | undefined;

/** The Stripe client for the current settings; throws PaymentsDisabledError without a key. */
export function stripeClient(): Stripe {
  const { secretKey, apiBaseUrl } = settings().stripe;
  if (!secretKey) throw new PaymentsDisabledError();
  const key = `${secretKey}\u0000${apiBaseUrl ?? ""}`;
  if (cached?.key === key) return cached.client;
  cached = {
    key,
    client: new Stripe(secretKey, {
      apiVersion: STRIPE_API_VERSION,
      maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
      ...address(apiBaseUrl),
      telemetry: false,
    }),
  };
  return cached.client;
}

/** stripe-node takes host, port and protocol separately; the setting is one URL. */
function address(apiBaseUrl: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiBaseUrl) return {};
  const url = new URL(apiBaseUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

/**
 * An idempotency key built from our own ids, e.g. `idempotencyKey("checkout", paymentId)`:
 * a retried request (ours or stripe-node's) can never create a second session, refund or invoice.
 * Stripe keeps keys 24 hours and allows 255 characters.
 */
export function idempotencyKey(purpose: string, ...ids: (string | number)[]): string {
  if (!/^[a-z][a-z0-9-]*$/.test(purpose)) throw new Error(`idempotency purpose must be kebab-case: ${purpose}`);
  if (ids.length === 0) throw new Error("an idempotency key needs at least one of our ids");
  const key = ["coach", purpose, ...ids.map(String)].join(":");
  if (key.length > 255) throw new Error("idempotency key longer than Stripe's 255 characters");
  return key;
}

/** Request options every call passes: `stripeClient().refunds.create(params, requestOptions("refund", id))`. */
export function requestOptions(purpose: string, ...ids: (string | number)[]): Stripe.RequestOptions {
  return { idempotencyKey: idempotencyKey(purpose, ...ids) };
}

export type { Stripe };
