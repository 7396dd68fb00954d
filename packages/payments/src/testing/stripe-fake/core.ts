/** Customers, payment intents and charges, refunds, and the event log (for reconciliation). */
import { field, isReply, listOf, missing, newId, noSuch, now, ok, stripeError, type Params, type Reply } from "./http";
import type { FakeState, StripeObject } from "./state";
import { emit } from "./webhooks";

export interface Call {
  method: string;
  /** The path after `/v1/`, split: `["checkout", "sessions", "cs_…", "expire"]`. */
  parts: string[];
  params: Params;
  idempotencyKey: string | undefined;
}

export type Endpoint = (state: FakeState, call: Call) => Reply | undefined | Promise<Reply | undefined>;

export const coreEndpoints: Endpoint = (state, { method, parts, params, idempotencyKey }) => {
  const [resource, id, action] = parts;
  if (resource === "customers") {
    if (method === "POST" && !id) return saveCustomer(state, { id: newId("cus"), object: "customer", created: now(), tax_ids: [] }, params);
    const customer = id ? state.customers.get(id) : undefined;
    if (!customer) return id ? noSuch("customer", id) : undefined;
    if (method === "GET" && !action) return ok(customer);
    if (method === "POST" && !action) return saveCustomer(state, customer, params);
    if (method === "POST" && action === "tax_ids") return addTaxId(customer, params);
    if (method === "DELETE" && !action) {
      // Stripe keeps only the id of a deleted customer and answers it as deleted from then on.
      const deleted = { id: customer.id, object: "customer", deleted: true };
      state.customers.set(customer.id, deleted);
      return ok(deleted);
    }
  }
  if (resource === "payment_intents" && method === "GET" && id) {
    const intent = state.paymentIntents.get(id);
    return intent ? ok(intent) : noSuch("payment_intent", id);
  }
  if (resource === "charges" && method === "GET" && id) {
    const charge = state.charges.get(id);
    return charge ? ok(charge) : noSuch("charge", id);
  }
  if (resource === "refunds") {
    if (method === "POST" && !id) return createRefund(state, params, idempotencyKey);
    if (method === "GET" && id) return state.refunds.has(id) ? ok(state.refunds.get(id)) : noSuch("refund", id);
    if (method === "GET") {
      // Newest first, of one payment intent when asked, as Stripe lists them.
      const intent = field.text(params, "payment_intent");
      const matching = [...state.refunds.values()].reverse().filter((r) => !intent || r.payment_intent === intent);
      return listOf(matching, params, "/v1/refunds");
    }
  }
  if (resource === "events" && method === "GET") {
    if (id) return state.events.find((e) => e.id === id) ? ok(state.events.find((e) => e.id === id)) : noSuch("event", id);
    return listEvents(state, params);
  }
  return undefined;
};

function saveCustomer(state: FakeState, customer: StripeObject, params: Params): Reply {
  for (const name of ["email", "name", "description", "phone"])
    if (field.text(params, name) !== undefined) customer[name] = field.text(params, name);
  const address = field.object(params, "address");
  if (address) customer.address = { city: null, country: null, line1: null, line2: null, postal_code: null, state: null, ...address };
  customer.metadata = { ...((customer.metadata as object) ?? {}), ...field.metadata(params) };
  for (const [key, value] of Object.entries(field.object(params, "metadata") ?? {}))
    if (value === "") delete (customer.metadata as Record<string, string>)[key];
  for (const taxId of field.list(params, "tax_id_data")) {
    const added = addTaxId(customer, taxId);
    if (added.status !== 200) return added;
  }
  customer.address ??= null;
  state.customers.set(customer.id, customer);
  return ok(customer);
}

/** A customer tax id (`eu_vat`, `gb_vat`, `us_ein`, …); invoices copy them at finalization. */
function addTaxId(customer: StripeObject, params: Params): Reply {
  const type = field.text(params, "type");
  const value = field.text(params, "value");
  if (!type) return missing("type");
  if (!value) return missing("value");
  const taxId = { id: newId("txi"), object: "tax_id", type, value, customer: customer.id, created: now() };
  (customer.tax_ids as unknown[]).push(taxId);
  return ok(taxId);
}

/** A succeeded payment: the intent and its charge, as Checkout or a paid invoice leave them. */
export function createPayment(
  state: FakeState,
  input: { amount: number; currency: string; customer: unknown; metadata: unknown },
): StripeObject {
  const intent: StripeObject = {
    id: newId("pi"),
    object: "payment_intent",
    amount: input.amount,
    amount_received: input.amount,
    currency: input.currency,
    customer: input.customer ?? null,
    metadata: input.metadata ?? {},
    status: "succeeded",
    created: now(),
    latest_charge: null,
  };
  const charge: StripeObject = {
    id: newId("ch"),
    object: "charge",
    amount: input.amount,
    amount_captured: input.amount,
    amount_refunded: 0,
    currency: input.currency,
    customer: input.customer ?? null,
    payment_intent: intent.id,
    paid: true,
    refunded: false,
    status: "succeeded",
    created: now(),
    metadata: {},
  };
  intent.latest_charge = charge.id;
  state.paymentIntents.set(intent.id, intent);
  state.charges.set(charge.id, charge);
  return intent;
}

/** A refund of a payment intent, whole or partial; raises `charge.refunded` with the charge. */
function createRefund(state: FakeState, params: Params, idempotencyKey: string | undefined): Reply {
  const intentId = field.text(params, "payment_intent");
  const chargeId = field.text(params, "charge");
  if (!intentId && !chargeId)
    return stripeError(400, "One of the following params should be provided for this request: payment_intent or charge.");
  const intent = intentId ? state.paymentIntents.get(intentId) : undefined;
  if (intentId && !intent) return noSuch("payment_intent", intentId, "payment_intent");
  const charge = state.charges.get(chargeId ?? String(intent!.latest_charge));
  if (!charge) return noSuch("charge", chargeId ?? "", "charge");
  const left = (charge.amount as number) - (charge.amount_refunded as number);
  const amount = field.int(params, "amount");
  if (isReply(amount)) return amount;
  if (amount !== undefined && amount <= 0) return stripeError(400, "Invalid positive integer", { param: "amount" });
  if (left === 0) return stripeError(400, `Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
  if (amount !== undefined && amount > left)
    return stripeError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, {
      param: "amount",
      code: "amount_too_large",
    });
  const refund = refundCharge(state, charge, amount ?? left, {
    reason: field.text(params, "reason") ?? null,
    metadata: field.metadata(params),
    idempotencyKey,
  });
  return ok(refund.refund);
}

/**
 * A refund made by hand in Stripe's dashboard (what `StripeFake.refundInDashboard` does): no metadata and
 * no idempotency key of ours, the whole unrefunded rest unless `amount` says less. Resolves with the
 * `charge.refunded` delivery, as Stripe would send it.
 */
export async function dashboardRefund(state: FakeState, paymentIntentId: string, amount?: number) {
  const intent = state.paymentIntents.get(paymentIntentId);
  const charge = intent ? state.charges.get(String(intent.latest_charge)) : undefined;
  if (!charge) throw new Error(`no charge for payment intent ${paymentIntentId}`);
  const left = (charge.amount as number) - (charge.amount_refunded as number);
  if (left === 0 || (amount !== undefined && (amount <= 0 || amount > left)))
    throw new Error(`cannot refund ${amount ?? left} of charge ${charge.id}: ${left} left`);
  return refundCharge(state, charge, amount ?? left, { reason: "requested_by_customer", metadata: {}, idempotencyKey: undefined }).delivery;
}

/**
 * A refund that had succeeded fails later (the card was closed): its status turns failed with a reason,
 * the amount goes back to the account's balance and off the charge's refunded total, and `refund.failed`
 * is raised with the refund.
 */
export async function failRefund(state: FakeState, refundId: string, reason = "expired_or_canceled_card") {
  const refund = state.refunds.get(refundId);
  if (refund?.status !== "succeeded") throw new Error(`refund ${refundId} is not a succeeded refund`);
  const charge = state.charges.get(String(refund.charge))!;
  Object.assign(refund, { status: "failed", failure_reason: reason });
  charge.amount_refunded = (charge.amount_refunded as number) - (refund.amount as number);
  charge.refunded = false;
  return emit(state, "refund.failed", refund);
}

/** Records a succeeded refund of `charge` and raises `charge.refunded` with the charge's new totals. */
function refundCharge(
  state: FakeState,
  charge: StripeObject,
  amount: number,
  options: { reason: string | null; metadata: unknown; idempotencyKey: string | undefined },
) {
  const refund: StripeObject = {
    id: newId("re"),
    object: "refund",
    amount,
    currency: charge.currency,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    reason: options.reason,
    metadata: options.metadata,
    status: "succeeded",
    created: now(),
  };
  state.refunds.set(refund.id, refund);
  charge.amount_refunded = (charge.amount_refunded as number) + amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  return { refund, delivery: emit(state, "charge.refunded", charge, options.idempotencyKey) };
}

/** Events newest first, optionally of one `type` (or `types[]`) and `created[gte]`, as reconciliation reads them. */
function listEvents(state: FakeState, params: Params): Reply {
  const type = field.text(params, "type");
  const types = Array.isArray(params.types) ? (params.types as string[]) : undefined;
  const gte = Number(field.text(field.object(params, "created") ?? {}, "gte") ?? 0);
  const matching = [...state.events]
    .reverse()
    .filter((e) => (!type || e.type === type) && (!types || types.includes(String(e.type))) && (e.created as number) >= gte);
  return listOf(matching, params, "/v1/events");
}
