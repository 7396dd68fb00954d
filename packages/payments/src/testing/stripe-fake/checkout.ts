/** Checkout Sessions (mode `payment`, inline `price_data`) and the hosted page a browser pays on. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createPayment, type Endpoint } from "./core";
import {
  escapeHtml,
  field,
  isReply,
  listOf,
  missing,
  newId,
  noSuch,
  now,
  ok,
  redirect,
  sendHtml,
  stripeError,
  type Params,
  type Reply,
} from "./http";
import type { FakeDelivery, FakeState, StripeObject } from "./state";
import { emit } from "./webhooks";

/** What Stripe keeps about a session but does not show on it: its lines (a sub-list) and the payment's metadata. */
const hidden = new WeakMap<StripeObject, { lines: StripeObject[]; intentMetadata: Record<string, string> }>();

const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 60 * 60;

export const checkoutEndpoints: Endpoint = (state, { method, parts, params, idempotencyKey }) => {
  if (parts[0] !== "checkout" || parts[1] !== "sessions") return undefined;
  const [, , id, action] = parts;
  if (method === "POST" && !id) return createSession(state, params);
  if (method === "GET" && !id) {
    const intent = field.text(params, "payment_intent");
    const all = [...state.sessions.values()].reverse().filter((s) => !intent || s.payment_intent === intent);
    return listOf(all, params, "/v1/checkout/sessions");
  }
  const session = id ? state.sessions.get(id) : undefined;
  if (!session) return noSuch("checkout.session", id ?? "");
  if (method === "GET" && !action) return ok(session);
  if (method === "GET" && action === "line_items")
    return listOf(hidden.get(session)!.lines, params, `/v1/checkout/sessions/${id}/line_items`);
  if (method === "POST" && action === "expire") {
    if (session.status !== "open")
      return stripeError(
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
      );
    void expireSession(state, session, idempotencyKey);
    return ok(session);
  }
  return undefined;
};

function createSession(state: FakeState, params: Params): Reply {
  const mode = field.text(params, "mode");
  if (!mode) return missing("mode");
  if (mode !== "payment") return stripeError(400, `The fake speaks mode payment only, not ${mode}.`, { param: "mode" });
  const successUrl = field.text(params, "success_url");
  if (!successUrl) return missing("success_url");
  const items = field.list(params, "line_items");
  if (items.length === 0)
    return stripeError(400, "You must provide at least one line item when `mode` is `payment`.", { param: "line_items" });
  const lines: StripeObject[] = [];
  let currency: string | undefined;
  for (const [i, item] of items.entries()) {
    const line = lineItem(item, i);
    if (isReply(line)) return line;
    if (currency && line.currency !== currency)
      return stripeError(400, "All line items must share one currency.", { param: `line_items[${i}][price_data][currency]` });
    currency = line.currency as string;
    lines.push(line);
  }
  const created = now();
  const expiresAt = field.int(params, "expires_at");
  if (isReply(expiresAt)) return expiresAt;
  if (expiresAt !== undefined && expiresAt < created + MIN_EXPIRY_S)
    return stripeError(400, "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.", {
      param: "expires_at",
    });
  if (expiresAt !== undefined && expiresAt > created + MAX_EXPIRY_S)
    return stripeError(400, "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.", {
      param: "expires_at",
    });
  const customer = field.text(params, "customer");
  if (customer && !state.customers.has(customer)) return noSuch("customer", customer, "customer");
  const id = newId("cs_test");
  // Which methods the page offers: Stripe's dynamic set (here a card and a bank debit, which settles days
  // later), filtered by `allowed_payment_method_types` when it is sent.
  const allowed = params.allowed_payment_method_types;
  const paymentMethodTypes = ["card", "sepa_debit"].filter((m) => !Array.isArray(allowed) || allowed.includes(m));
  if (paymentMethodTypes.length === 0)
    return stripeError(400, "None of the allowed payment method types can be used for this Checkout Session.", {
      param: "allowed_payment_method_types",
    });
  const session: StripeObject = {
    id,
    object: "checkout.session",
    mode,
    status: "open",
    payment_status: "unpaid",
    amount_subtotal: lines.reduce((sum, l) => sum + (l.amount_total as number), 0),
    amount_total: lines.reduce((sum, l) => sum + (l.amount_total as number), 0),
    currency,
    customer: customer ?? null,
    customer_email: field.text(params, "customer_email") ?? null,
    client_reference_id: field.text(params, "client_reference_id") ?? null,
    metadata: field.metadata(params),
    payment_intent: null,
    payment_method_types: paymentMethodTypes,
    success_url: successUrl,
    cancel_url: field.text(params, "cancel_url") ?? null,
    created,
    expires_at: expiresAt ?? created + MAX_EXPIRY_S,
    livemode: false,
    url: `${state.baseUrl}/c/pay/${id}`,
  };
  hidden.set(session, { lines, intentMetadata: field.metadata(field.object(params, "payment_intent_data") ?? {}) });
  state.sessions.set(id, session);
  return ok(session);
}

/** One line: `price_data` with `currency`, `unit_amount` and `product_data[name]`, and a `quantity`. */
function lineItem(item: Params, i: number): StripeObject | Reply {
  const at = (name: string) => `line_items[${i}][${name}]`;
  if (field.text(item, "price")) return noSuch("price", field.text(item, "price")!, at("price"));
  const priceData = field.object(item, "price_data");
  if (!priceData) return missing(at("price_data"));
  const currency = field.text(priceData, "currency");
  if (!currency) return missing(`${at("price_data")}[currency]`);
  const unitAmount = field.int(priceData, "unit_amount");
  if (isReply(unitAmount)) return unitAmount;
  if (unitAmount === undefined) return missing(`${at("price_data")}[unit_amount]`);
  if (unitAmount < 0) return stripeError(400, "Invalid non-negative integer", { param: `${at("price_data")}[unit_amount]` });
  const name = field.text(field.object(priceData, "product_data") ?? {}, "name");
  if (!name) return missing(`${at("price_data")}[product_data][name]`);
  const quantity = field.int(item, "quantity");
  if (isReply(quantity)) return quantity;
  if (quantity === undefined) return missing(at("quantity"));
  return {
    id: newId("li"),
    object: "item",
    description: name,
    currency: currency.toLowerCase(),
    quantity,
    price: { object: "price", currency: currency.toLowerCase(), unit_amount: unitAmount },
    amount_subtotal: unitAmount * quantity,
    amount_total: unitAmount * quantity,
  };
}

/** The customer pays: the session completes with a payment intent, and `checkout.session.completed` goes out. */
export async function paySession(state: FakeState, id: string): Promise<FakeDelivery | undefined> {
  const session = state.sessions.get(id);
  if (!session) throw new Error(`no checkout session ${id}`);
  if (session.status !== "open") throw new Error(`checkout session ${id} is ${String(session.status)}, not open`);
  const intent = createPayment(state, {
    amount: session.amount_total as number,
    currency: session.currency as string,
    customer: session.customer,
    metadata: hidden.get(session)!.intentMetadata,
  });
  Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: intent.id });
  return emit(state, "checkout.session.completed", session);
}

/**
 * The customer pays with a delayed method (a bank debit): the session completes unpaid, with
 * `checkout.session.completed`, and the money arrives (or not) days later: `settleDelayed`.
 */
export async function payDelayed(state: FakeState, id: string): Promise<FakeDelivery | undefined> {
  const session = state.sessions.get(id);
  if (!session) throw new Error(`no checkout session ${id}`);
  if (session.status !== "open") throw new Error(`checkout session ${id} is ${String(session.status)}, not open`);
  const delayed = (session.payment_method_types as string[]).find((m) => m !== "card");
  if (!delayed) throw new Error(`checkout session ${id} offers no delayed payment method`);
  Object.assign(session, { status: "complete", payment_status: "unpaid" });
  return emit(state, "checkout.session.completed", session);
}

/** The delayed payment succeeds (`checkout.session.async_payment_succeeded`, with its payment intent) or fails. */
export async function settleDelayed(state: FakeState, id: string, outcome: "succeeded" | "failed"): Promise<FakeDelivery | undefined> {
  const session = state.sessions.get(id);
  if (session?.status !== "complete" || session.payment_status !== "unpaid")
    throw new Error(`checkout session ${id} awaits no delayed payment`);
  if (outcome === "failed") return emit(state, "checkout.session.async_payment_failed", session);
  const intent = createPayment(state, {
    amount: session.amount_total as number,
    currency: session.currency as string,
    customer: session.customer,
    metadata: hidden.get(session)!.intentMetadata,
  });
  Object.assign(session, { payment_status: "paid", payment_intent: intent.id });
  return emit(state, "checkout.session.async_payment_succeeded", session);
}

/** The session expires (Stripe's own expiry, or ours through the API): `checkout.session.expired`. */
export async function expireSession(state: FakeState, session: StripeObject, idempotencyKey?: string): Promise<FakeDelivery | undefined> {
  if (session.status !== "open") throw new Error(`checkout session ${session.id} is ${String(session.status)}, not open`);
  Object.assign(session, { status: "expired", url: null });
  return emit(state, "checkout.session.expired", session, idempotencyKey);
}

/** GET shows the page (lines, total, Pay, Cancel); POST pays and sends the browser to the success URL. */
export async function checkoutPage(state: FakeState, req: IncomingMessage, res: ServerResponse, path: string): Promise<number | undefined> {
  const match = /^\/c\/pay\/([\w]+)$/.exec(path);
  if (!match) return undefined;
  const session = state.sessions.get(match[1]!);
  if (!session) return sendHtml(res, 404, "Checkout session not found", "<p>This link is not valid.</p>");
  if (session.status !== "open")
    return sendHtml(res, 410, "This Checkout Session is no longer active", "<p>Return to the site and start again.</p>");
  if (req.method === "POST") {
    await paySession(state, session.id);
    return redirect(res, String(session.success_url).replace("{CHECKOUT_SESSION_ID}", session.id));
  }
  const total = `${((session.amount_total as number) / 100).toFixed(2)} ${String(session.currency).toUpperCase()}`;
  const lines = hidden
    .get(session)!
    .lines.map((l) => `<li>${escapeHtml(String(l.description))} × ${String(l.quantity)}</li>`)
    .join("");
  const cancel = session.cancel_url ? `<p><a href="${escapeHtml(String(session.cancel_url))}">Cancel</a></p>` : "";
  return sendHtml(
    res,
    200,
    "Pay with the Stripe fake",
    `<ul>${lines}</ul><p>Total: <strong>${escapeHtml(total)}</strong></p><form method="post"><button type="submit">Pay</button></form>${cancel}`,
  );
}
