/**
 * Events and their delivery, signed as Stripe signs them: the `Stripe-Signature` header comes
 * from stripe-node's own test-header helper (HMAC-SHA256 over "timestamp.body" with the endpoint secret).
 */
import Stripe from "stripe";
import { STRIPE_API_VERSION } from "../../client";
import { newId, now } from "./http";
import type { FakeDelivery, FakeState, StripeObject } from "./state";

/** Records an event for `object` (a snapshot, as Stripe sends) and delivers it; resolves with the delivery. */
export function emit(state: FakeState, type: string, object: StripeObject, idempotencyKey?: string): Promise<FakeDelivery | undefined> {
  const event: StripeObject = {
    id: newId("evt"),
    object: "event",
    api_version: STRIPE_API_VERSION,
    created: now(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: state.deliverTo ? 1 : 0,
    request: { id: newId("req"), idempotency_key: idempotencyKey ?? null },
    type,
  };
  state.events.push(event);
  return deliver(state, event);
}

/** The header Stripe would send with `payload`, at `timestamp` (seconds; default now). */
export function signatureHeader(state: FakeState, payload: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret: state.webhookSecret, timestamp });
}

/** POSTs an event to the endpoint (when one is set); a failed delivery is recorded with status 0. */
export function deliver(state: FakeState, event: StripeObject): Promise<FakeDelivery | undefined> {
  const target = state.deliverTo;
  if (!target) return Promise.resolve(undefined);
  const payload = JSON.stringify(event, null, 2);
  const attempt = fetch(target, {
    method: "POST",
    headers: {
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": signatureHeader(state, payload),
      "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
    },
    body: payload,
  })
    .then(async (res) => ({ status: res.status, body: await res.text() }))
    .catch((error: unknown) => ({ status: 0, body: String(error) }))
    .then(({ status, body }) => {
      const delivery: FakeDelivery = { eventId: event.id, type: String(event.type), status, body };
      state.deliveries.push(delivery);
      return delivery;
    });
  state.pending.add(attempt);
  void attempt.finally(() => state.pending.delete(attempt));
  return attempt;
}
