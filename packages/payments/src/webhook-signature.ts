/**
 * Checking a webhook delivery (decision 27): stripe-node's constructEvent over the raw body with the
 * endpoint secret and Stripe's five-minute tolerance, so a forged, altered or replayed-later delivery
 * is refused before anything reads it.
 */
import Stripe from "stripe";
import { settings } from "@coach/config";

/** Stripe's default: a signature older than five minutes is refused (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookCheck = { ok: true; event: Stripe.Event } | { ok: false; message: string };

/** The verified event, or why the delivery is refused (in words safe to answer and log: no secret, no body). */
export function verifyWebhook(rawBody: string | Buffer, signature: string | null | undefined): WebhookCheck {
  const secret = settings().stripe.webhookSecret;
  if (!secret) return { ok: false, message: "Webhooks are not configured (STRIPE_WEBHOOK_SECRET is not set)." };
  if (!signature) return { ok: false, message: "The Stripe-Signature header is missing." };
  try {
    return { ok: true, event: Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS) };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      const stale = /tolerance/i.test(error.message);
      return { ok: false, message: stale ? "The signature's timestamp is too old." : "The signature does not match." };
    }
    return { ok: false, message: "The body is not a Stripe event." };
  }
}
