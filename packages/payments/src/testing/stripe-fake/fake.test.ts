/** The fake answers stripe-node as Stripe would: the same calls, objects, errors and signed webhooks. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { STRIPE_API_VERSION, idempotencyKey, paymentsEnabled, requestOptions, stripeClient } from "../../client";
import { startStripeFake, stripeEnv, type StripeFake } from "./index";

let fake: StripeFake;
let receiver: Server;
const received: { event: Stripe.Event | undefined; error: string | undefined }[] = [];

beforeAll(async () => {
  fake = await startStripeFake();
  Object.assign(process.env, stripeEnv(fake));
  // The webhook endpoint as our server has it: the raw body checked with stripe-node's constructEvent.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        const event = Stripe.webhooks.constructEvent(Buffer.concat(chunks), String(req.headers["stripe-signature"]), fake.webhookSecret);
        received.push({ event, error: undefined });
        res.writeHead(200).end("{}");
      } catch (error) {
        received.push({ event: undefined, error: (error as Error).message });
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  fake.deliverTo = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
});

afterEach(() => fake.settle());

afterAll(async () => {
  for (const key of Object.keys(stripeEnv(fake))) delete process.env[key];
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

async function session(key: string, overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripeClient().checkout.sessions.create(
    {
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 90_000, product_data: { name: "6 coaching sessions" } } }],
      metadata: { paymentId: "41" },
      client_reference_id: "7",
      success_url: "http://127.0.0.1:1/paid?session={CHECKOUT_SESSION_ID}",
      cancel_url: "http://127.0.0.1:1/offers",
      expires_at: inAnHour(),
      ...overrides,
    },
    { idempotencyKey: key },
  );
}

describe("the client", () => {
  it("is on with a key, pins the API version and sends our idempotency key", async () => {
    expect(paymentsEnabled()).toBe(true);
    const created = await session(idempotencyKey("checkout", 1));
    const request = fake.requests.at(-1)!;
    expect(request.idempotencyKey).toBe("coach:checkout:1");
    expect(created.object).toBe("checkout.session");
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
    expect(() => idempotencyKey("Checkout", 1)).toThrow(/kebab-case/);
    expect(() => idempotencyKey("checkout")).toThrow(/at least one/);
  });

  it("is refused with a wrong key, as Stripe refuses it", async () => {
    const wrong = new Stripe("sk_test_wrong", {
      host: "127.0.0.1",
      port: new URL(fake.baseUrl).port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    await expect(wrong.customers.create({ email: "a@example.com" })).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});

describe("Checkout Sessions", () => {
  it("are created with the lines, metadata and URLs sent, and retrieved", async () => {
    const created = await session("s-1");
    expect(created).toMatchObject({
      status: "open",
      payment_status: "unpaid",
      amount_total: 90_000,
      currency: "usd",
      client_reference_id: "7",
      metadata: { paymentId: "41" },
    });
    expect(created.url).toBe(`${fake.baseUrl}/c/pay/${created.id}`);
    expect((await stripeClient().checkout.sessions.retrieve(created.id)).id).toBe(created.id);
    const lines = await stripeClient().checkout.sessions.listLineItems(created.id);
    expect(lines.data.map((l) => [l.description, l.amount_total])).toEqual([["6 coaching sessions", 90_000]]);
  });

  it("replay the first answer for a repeated idempotency key, and refuse the key with other parameters", async () => {
    const first = await session("s-2");
    const again = await session("s-2");
    expect(again.id).toBe(first.id);
    expect(fake.requests.at(-1)!.replayed).toBe(true);
    expect([...fake.sessions.values()].filter((s) => s.id === first.id)).toHaveLength(1);
    await expect(session("s-2", { client_reference_id: "8" })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("refuse an expiry under 30 minutes and a line without a price, with Stripe's messages", async () => {
    const soon = Math.floor(Date.now() / 1000) + 15 * 60;
    await expect(session("s-3", { expires_at: soon })).rejects.toThrow("at least 30 minutes");
    await expect(session("s-4", { line_items: [{ quantity: 1 }] })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "line_items[0][price_data]",
    });
  });

  it("complete when paid, with a signed checkout.session.completed that constructEvent accepts", async () => {
    const created = await session("s-5");
    const delivery = await fake.pay(created.id);
    expect(delivery?.status).toBe(200);
    const event = received.at(-1)!.event!;
    expect(event.type).toBe("checkout.session.completed");
    const paid = event.data.object as Stripe.Checkout.Session;
    expect(paid).toMatchObject({ id: created.id, payment_status: "paid", metadata: { paymentId: "41" } });
    const intent = await stripeClient().paymentIntents.retrieve(String(paid.payment_intent));
    expect(intent.amount).toBe(90_000);
    expect((await fake.redeliver(event.id))?.status).toBe(200);
    expect(received.at(-1)!.event!.id).toBe(event.id);
  });

  it("expire through the API once, with checkout.session.expired", async () => {
    const created = await session("s-6");
    await stripeClient().checkout.sessions.expire(created.id, undefined, requestOptions("expire-checkout", 6));
    await fake.settle();
    expect(received.at(-1)!.event).toMatchObject({
      type: "checkout.session.expired",
      data: { object: { id: created.id, status: "expired" } },
    });
    await expect(stripeClient().checkout.sessions.expire(created.id)).rejects.toThrow(/status in \["open"\]/);
    await expect(fake.pay(created.id)).rejects.toThrow(/expired/);
  });

  it("have a hosted page a browser pays on, which returns to the success URL", async () => {
    const created = await session("s-7");
    const page = await fetch(created.url!);
    const html = await page.text();
    expect(html).toContain("6 coaching sessions");
    expect(html).toContain(">Pay</button>");
    expect(html).toContain('href="http://127.0.0.1:1/offers">Cancel</a>');
    const paid = await fetch(created.url!, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://127.0.0.1:1/paid?session=${created.id}`);
    expect(fake.sessions.get(created.id)!.status).toBe("complete");
  });
});

describe("refunds", () => {
  it("refund part of a payment, then refuse more than is left, with charge.refunded events", async () => {
    const created = await session("s-8");
    await fake.pay(created.id);
    const intent = String(fake.sessions.get(created.id)!.payment_intent);
    const refund = await stripeClient().refunds.create({ payment_intent: intent, amount: 30_000 }, requestOptions("refund", 1));
    expect(refund).toMatchObject({ amount: 30_000, status: "succeeded", payment_intent: intent });
    await fake.settle();
    expect(received.at(-1)!.event).toMatchObject({
      type: "charge.refunded",
      data: { object: { amount_refunded: 30_000, refunded: false } },
    });
    await expect(stripeClient().refunds.create({ payment_intent: intent, amount: 60_001 })).rejects.toThrow(/greater than unrefunded/);
    const rest = await stripeClient().refunds.create({ payment_intent: intent }, requestOptions("refund", 2));
    expect(rest.amount).toBe(60_000);
  });

  it("lose the answers to a path on request: the refund is made once, stripe-node's retries replay it and get no answer either", async () => {
    const created = await session("s-lost");
    await fake.pay(created.id);
    const intent = String(fake.sessions.get(created.id)!.payment_intent);
    fake.loseAnswers("POST /v1/refunds");
    try {
      await expect(stripeClient().refunds.create({ payment_intent: intent, amount: 10_000 }, requestOptions("refund", 77))).rejects.toThrow(
        Stripe.errors.StripeConnectionError,
      );
    } finally {
      fake.loseAnswers(null);
    }
    const tries = fake.requests.filter((r) => r.path === "/v1/refunds" && r.idempotencyKey === "coach:refund:77");
    expect(tries.map((r) => [r.replayed, r.status])).toEqual([
      [false, 0],
      [true, 0],
      [true, 0],
    ]);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intent).map((r) => r.amount)).toEqual([10_000]);
    // Answers flow again: the same key replays the refund that was made.
    const replayed = await stripeClient().refunds.create({ payment_intent: intent, amount: 10_000 }, requestOptions("refund", 77));
    expect(replayed.amount).toBe(10_000);
    expect(fake.requests.at(-1)).toMatchObject({ replayed: true, status: 200 });
  });

  it("refund by hand in the dashboard: a refund without our metadata, and a signed charge.refunded with the new total", async () => {
    const created = await session("s-9");
    await fake.pay(created.id);
    const intent = String(fake.sessions.get(created.id)!.payment_intent);
    const delivery = await fake.refundInDashboard(intent, 20_000);
    expect(delivery).toMatchObject({ type: "charge.refunded", status: 200 });
    expect(received.at(-1)!.event).toMatchObject({
      type: "charge.refunded",
      data: { object: { amount_refunded: 20_000, payment_intent: intent } },
    });
    expect([...fake.refunds.values()].at(-1)).toMatchObject({ amount: 20_000, payment_intent: intent, metadata: {} });
    await fake.refundInDashboard(intent);
    expect(received.at(-1)!.event).toMatchObject({ data: { object: { amount_refunded: 90_000, refunded: true } } });
  });
});

describe("invoices", () => {
  it("carry the PO number and the customer's tax id, come due by the terms, and are paid on the hosted page", async () => {
    const client = stripeClient();
    const customer = await client.customers.create(
      {
        name: "Acme GmbH",
        email: "ap@acme.example",
        address: { line1: "Hauptstr. 1", city: "Berlin", country: "DE" },
        tax_id_data: [{ type: "eu_vat", value: "DE123456789" }],
      },
      requestOptions("customer", 1),
    );
    const draft = await client.invoices.create(
      {
        customer: customer.id,
        collection_method: "send_invoice",
        days_until_due: 30,
        custom_fields: [{ name: "PO number", value: "PO-4711" }],
        metadata: { invoiceId: "3" },
      },
      requestOptions("invoice", 3),
    );
    await client.invoiceItems.create(
      { customer: customer.id, invoice: draft.id, amount: 540_000, currency: "eur", description: "6 coaching sessions" },
      requestOptions("invoice-item", 3),
    );
    const open = await client.invoices.finalizeInvoice(draft.id, {}, requestOptions("finalize-invoice", 3));
    expect(open).toMatchObject({
      status: "open",
      amount_due: 540_000,
      currency: "eur",
      custom_fields: [{ name: "PO number", value: "PO-4711" }],
      customer_tax_ids: [{ type: "eu_vat", value: "DE123456789" }],
    });
    expect(open.due_date! - open.status_transitions.finalized_at!).toBe(30 * 24 * 3600);
    await client.invoices.sendInvoice(open.id, {}, requestOptions("send-invoice", 3));
    expect((await client.invoices.list({ customer: customer.id })).data.map((i) => i.id)).toEqual([open.id]);

    const page = await (await fetch(open.hosted_invoice_url!)).text();
    expect(page).toContain("PO-4711");
    expect(page).toContain("DE123456789");
    await fetch(open.hosted_invoice_url!, { method: "POST" });
    await fake.settle();
    expect(received.at(-1)!.event).toMatchObject({
      type: "invoice.paid",
      data: { object: { id: open.id, status: "paid", amount_paid: 540_000 } },
    });
    await expect(client.invoices.voidInvoice(open.id)).rejects.toThrow(/only void open/);
  });

  it("are voided, marked uncollectible and overdue with their events", async () => {
    const client = stripeClient();
    const customer = await client.customers.create({ name: "Beta Ltd" });
    const make = async () => {
      const draft = await client.invoices.create({ customer: customer.id, collection_method: "send_invoice", days_until_due: 14 });
      await client.invoiceItems.create({ customer: customer.id, invoice: draft.id, amount: 100, currency: "usd" });
      return client.invoices.finalizeInvoice(draft.id);
    };
    const [a, b, c] = [await make(), await make(), await make()];
    await client.invoices.voidInvoice(a.id);
    await client.invoices.markUncollectible(b.id);
    await fake.overdue(c.id);
    await fake.settle();
    const types = new Map(received.filter((r) => r.event).map((r) => [(r.event!.data.object as { id: string }).id + r.event!.type, true]));
    expect(
      types.has(`${a.id}invoice.voided`) && types.has(`${b.id}invoice.marked_uncollectible`) && types.has(`${c.id}invoice.overdue`),
    ).toBe(true);
    await expect(client.invoices.create({ customer: customer.id, collection_method: "send_invoice" })).rejects.toThrow(/days_until_due/);
  });
});

describe("events", () => {
  it("are listed newest first by type, for reconciliation", async () => {
    const list = await stripeClient().events.list({ type: "checkout.session.completed", limit: 2 });
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((e) => e.type === "checkout.session.completed")).toBe(true);
    expect(list.data[0]!.created).toBeGreaterThanOrEqual(list.data.at(-1)!.created);
    expect(received.every((r) => r.error === undefined)).toBe(true);
  });

  it("signed long ago are refused by constructEvent (Stripe's five-minute tolerance)", () => {
    const payload = JSON.stringify({ id: "evt_old", object: "event" });
    const header = fake.signatureHeader(payload, Math.floor(Date.now() / 1000) - 301);
    expect(() => Stripe.webhooks.constructEvent(payload, header, fake.webhookSecret)).toThrow(/tolerance/);
  });
});
