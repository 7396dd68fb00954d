/**
 * Invoice items and invoices (`send_invoice` with net terms, custom fields such as the PO number,
 * the customer's tax ids copied at finalization), their lifecycle, and the hosted invoice page.
 */
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
  sendHtml,
  stripeError,
  type Params,
  type Reply,
} from "./http";
import type { FakeDelivery, FakeState, StripeObject } from "./state";
import { recordInvoicePayment } from "./invoice-payments";
import { emit } from "./webhooks";

const DAY_S = 24 * 60 * 60;
const notDraft = (invoice: StripeObject) =>
  stripeError(400, `You can only modify draft invoices. This invoice (${invoice.id}) has a status of ${String(invoice.status)}.`);

export const invoiceEndpoints: Endpoint = (state, { method, parts, params, idempotencyKey }) => {
  const [resource, id, action] = parts;
  if (resource === "invoiceitems") {
    if (method === "POST" && !id) return createItem(state, params);
    if (method === "GET" && id) return state.invoiceItems.has(id) ? ok(state.invoiceItems.get(id)) : noSuch("invoiceitem", id);
    return undefined;
  }
  if (resource !== "invoices") return undefined;
  if (method === "POST" && !id) return createInvoice(state, params);
  if (method === "GET" && !id) {
    const [customer, status] = [field.text(params, "customer"), field.text(params, "status")];
    const all = [...state.invoices.values()]
      .reverse()
      .filter((i) => (!customer || i.customer === customer) && (!status || i.status === status));
    return listOf(all, params, "/v1/invoices");
  }
  const invoice = id ? state.invoices.get(id) : undefined;
  if (!invoice) return noSuch("invoice", id ?? "");
  const status = invoice.status as string;
  if (method === "GET" && !action) return ok(invoice);
  if (method === "DELETE" && !action) {
    if (status !== "draft") return stripeError(400, "You can only delete draft invoices.");
    state.invoices.delete(invoice.id);
    return ok({ id: invoice.id, object: "invoice", deleted: true });
  }
  if (method !== "POST") return undefined;
  if (!action) return status === "draft" ? setFields(invoice, params) : notDraft(invoice);
  if (action === "finalize") {
    if (status !== "draft") return stripeError(400, "This invoice is already finalized, you can't re-finalize a non-draft invoice.");
    finalize(state, invoice);
    void emit(state, "invoice.finalized", invoice, idempotencyKey);
    return ok(invoice);
  }
  if (action === "send") {
    if (status !== "open") return stripeError(400, "You can only send an invoice that is open.");
    void emit(state, "invoice.sent", invoice, idempotencyKey);
    return ok(invoice);
  }
  if (action === "void") {
    if (status !== "open" && status !== "uncollectible")
      return stripeError(400, `You can only void open or uncollectible invoices. This invoice has a status of ${status}.`);
    Object.assign(invoice, { status: "void", amount_remaining: 0 });
    (invoice.status_transitions as Record<string, number>).voided_at = now();
    void emit(state, "invoice.voided", invoice, idempotencyKey);
    return ok(invoice);
  }
  if (action === "mark_uncollectible") {
    if (status !== "open") return stripeError(400, "You can only mark open invoices as uncollectible.");
    invoice.status = "uncollectible";
    (invoice.status_transitions as Record<string, number>).marked_uncollectible_at = now();
    void emit(state, "invoice.marked_uncollectible", invoice, idempotencyKey);
    return ok(invoice);
  }
  if (action === "pay") {
    if (status !== "open" && status !== "uncollectible")
      return stripeError(400, "Invoice is already paid or void.", { code: "invoice_not_payable" });
    void payInvoice(state, invoice.id, field.text(params, "paid_out_of_band") === "true");
    return ok(invoice);
  }
  return undefined;
};

/** A line for a customer's next draft, or for the draft named by `invoice`. */
function createItem(state: FakeState, params: Params): Reply {
  const customer = field.text(params, "customer");
  if (!customer) return missing("customer");
  if (!state.customers.has(customer)) return noSuch("customer", customer, "customer");
  const amount = field.int(params, "amount");
  if (isReply(amount)) return amount;
  if (amount === undefined) return missing("amount");
  const currency = field.text(params, "currency");
  if (!currency) return missing("currency");
  const invoiceId = field.text(params, "invoice");
  const invoice = invoiceId ? state.invoices.get(invoiceId) : undefined;
  if (invoiceId && !invoice) return noSuch("invoice", invoiceId, "invoice");
  if (invoice && invoice.status !== "draft") return notDraft(invoice);
  if (invoice && invoice.customer !== customer) return stripeError(400, "The invoice belongs to another customer.", { param: "invoice" });
  const item: StripeObject = {
    id: newId("ii"),
    object: "invoiceitem",
    customer,
    amount,
    currency: currency.toLowerCase(),
    description: field.text(params, "description") ?? null,
    metadata: field.metadata(params),
    invoice: invoice?.id ?? null,
    date: now(),
  };
  state.invoiceItems.set(item.id, item);
  if (invoice) addLine(invoice, item);
  return ok(item);
}

function createInvoice(state: FakeState, params: Params): Reply {
  const customerId = field.text(params, "customer");
  if (!customerId) return missing("customer");
  const customer = state.customers.get(customerId);
  if (!customer) return noSuch("customer", customerId, "customer");
  const collection = field.text(params, "collection_method") ?? "charge_automatically";
  if (collection === "send_invoice" && params.days_until_due === undefined && params.due_date === undefined)
    return stripeError(400, "Missing required param: days_until_due or due_date (required when collection_method is send_invoice).", {
      param: "days_until_due",
    });
  const invoice: StripeObject = {
    id: newId("in"),
    object: "invoice",
    customer: customerId,
    customer_email: customer.email ?? null,
    customer_name: customer.name ?? null,
    customer_address: customer.address ?? null,
    customer_tax_ids: [],
    status: "draft",
    collection_method: collection,
    currency: (field.text(params, "currency") ?? "usd").toLowerCase(),
    custom_fields: null,
    days_until_due: null,
    due_date: null,
    number: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    lines: { object: "list", data: [], has_more: false, url: "" },
    subtotal: 0,
    total: 0,
    amount_due: 0,
    amount_paid: 0,
    amount_remaining: 0,
    metadata: {},
    auto_advance: false,
    status_transitions: { finalized_at: null, paid_at: null, voided_at: null, marked_uncollectible_at: null },
    created: now(),
  };
  const set = setFields(invoice, params);
  if (set.status !== 200) return set;
  state.invoices.set(invoice.id, invoice);
  if (field.text(params, "pending_invoice_items_behavior") === "include")
    for (const item of state.invoiceItems.values()) if (item.customer === customerId && item.invoice === null) addLine(invoice, item);
  return ok(invoice);
}

/** The fields a draft may set: terms, custom fields (at most 4: name up to 40, value up to 140 characters), texts, metadata. */
function setFields(invoice: StripeObject, params: Params): Reply {
  for (const name of ["days_until_due", "due_date"]) {
    const value = field.int(params, name);
    if (isReply(value)) return value;
    if (value !== undefined) invoice[name] = value;
  }
  const customFields = field.list(params, "custom_fields");
  if (customFields.length > 4) return stripeError(400, "You can only have up to 4 custom fields.", { param: "custom_fields" });
  for (const [i, cf] of customFields.entries()) {
    const [name, value] = [field.text(cf, "name"), field.text(cf, "value")];
    if (!name) return missing(`custom_fields[${i}][name]`);
    if (!value) return missing(`custom_fields[${i}][value]`);
    if (name.length > 40 || value.length > 140)
      return stripeError(400, "Custom field names are at most 40 characters and values at most 140.", { param: `custom_fields[${i}]` });
  }
  if (customFields.length > 0) invoice.custom_fields = customFields.map((cf) => ({ name: cf.name, value: cf.value }));
  for (const name of ["description", "footer"]) if (field.text(params, name) !== undefined) invoice[name] = field.text(params, name);
  if (field.text(params, "auto_advance") !== undefined) invoice.auto_advance = field.text(params, "auto_advance") === "true";
  invoice.metadata = { ...(invoice.metadata as object), ...field.metadata(params) };
  return ok(invoice);
}

function addLine(invoice: StripeObject, item: StripeObject): void {
  item.invoice = invoice.id;
  const lines = invoice.lines as { data: StripeObject[] };
  lines.data.push({
    id: newId("il"),
    object: "line_item",
    amount: item.amount,
    currency: item.currency,
    description: item.description,
    invoice_item: item.id,
    metadata: item.metadata,
  });
  invoice.currency = item.currency;
  const total = lines.data.reduce((sum, line) => sum + (line.amount as number), 0);
  Object.assign(invoice, { subtotal: total, total, amount_due: total, amount_remaining: total });
}

function finalize(state: FakeState, invoice: StripeObject): void {
  const customer = state.customers.get(invoice.customer as string)!;
  const finalizedAt = now();
  state.invoiceNumber += 1;
  Object.assign(invoice, {
    status: "open",
    number: `FAKE-${String(state.invoiceNumber).padStart(4, "0")}`,
    hosted_invoice_url: `${state.baseUrl}/i/${invoice.id}`,
    invoice_pdf: `${state.baseUrl}/i/${invoice.id}/pdf`,
    customer_tax_ids: (customer.tax_ids as StripeObject[]).map((t) => ({ type: t.type, value: t.value })),
    due_date: invoice.due_date ?? (invoice.days_until_due === null ? null : finalizedAt + (invoice.days_until_due as number) * DAY_S),
  });
  (invoice.status_transitions as Record<string, number>).finalized_at = finalizedAt;
}

/** The customer pays (on the hosted page, or the coach records it out of band): `invoice.paid`. */
export async function payInvoice(state: FakeState, id: string, outOfBand = false): Promise<FakeDelivery | undefined> {
  const invoice = state.invoices.get(id);
  if (!invoice) throw new Error(`no invoice ${id}`);
  if (invoice.status !== "open" && invoice.status !== "uncollectible")
    throw new Error(`invoice ${id} is ${String(invoice.status)}, not payable`);
  const intent = outOfBand
    ? null
    : createPayment(state, {
        amount: invoice.amount_due as number,
        currency: invoice.currency as string,
        customer: invoice.customer,
        metadata: invoice.metadata,
      });
  Object.assign(invoice, {
    status: "paid",
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    paid_out_of_band: outOfBand,
  });
  if (intent) recordInvoicePayment(state, invoice, intent.id);
  (invoice.status_transitions as Record<string, number>).paid_at = now();
  void emit(state, "invoice.payment_succeeded", invoice);
  return emit(state, "invoice.paid", invoice);
}

/** Its due date passed unpaid: Stripe raises `invoice.overdue` (the status stays open). */
export async function overdueInvoice(state: FakeState, id: string): Promise<FakeDelivery | undefined> {
  const invoice = state.invoices.get(id);
  if (!invoice || invoice.status !== "open") throw new Error(`invoice ${id} is not open`);
  return emit(state, "invoice.overdue", invoice);
}

/** GET shows the invoice (number, lines, PO and tax ids, due date, Pay when open); POST pays it. */
export async function invoicePage(state: FakeState, req: IncomingMessage, res: ServerResponse, path: string): Promise<number | undefined> {
  const match = /^\/i\/(\w+)$/.exec(path);
  if (!match) return undefined;
  const invoice = state.invoices.get(match[1]!);
  if (!invoice || invoice.status === "draft") return sendHtml(res, 404, "Invoice not found", "<p>This link is not valid.</p>");
  if (req.method === "POST" && (invoice.status === "open" || invoice.status === "uncollectible")) await payInvoice(state, invoice.id);
  const money = (n: unknown) => `${((n as number) / 100).toFixed(2)} ${String(invoice.currency).toUpperCase()}`;
  const rows = [
    ...(invoice.lines as { data: StripeObject[] }).data.map(
      (l) => `<li>${escapeHtml(String(l.description ?? ""))}: ${money(l.amount)}</li>`,
    ),
    ...((invoice.custom_fields as { name: string; value: string }[] | null) ?? []).map(
      (f) => `<li>${escapeHtml(f.name)}: ${escapeHtml(f.value)}</li>`,
    ),
    ...(invoice.customer_tax_ids as { value: string }[]).map((t) => `<li>Tax ID: ${escapeHtml(t.value)}</li>`),
  ];
  const due = invoice.due_date ? `<p>Due ${new Date((invoice.due_date as number) * 1000).toISOString().slice(0, 10)}</p>` : "";
  const action =
    invoice.status === "open"
      ? `<form method="post"><button type="submit">Pay</button></form>`
      : `<p>Status: <strong>${escapeHtml(String(invoice.status))}</strong></p>`;
  return sendHtml(
    res,
    200,
    `Invoice ${String(invoice.number)}`,
    `<ul>${rows.join("")}</ul><p>Amount due: ${money(invoice.amount_remaining)}</p>${due}${action}`,
  );
}
