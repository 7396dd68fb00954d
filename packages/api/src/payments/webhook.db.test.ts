/** The webhook as Stripe reaches it: signed deliveries, refused forgeries, each event acted on once. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema, sql, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { startStripeFake, stripeEnv, stripeSignature, type StripeFake } from "@coach/payments/testing/stripe-fake";
import type { StripeHandlers } from "./handlers";
import { handleStripeWebhook } from "./webhook";

const SECRET = "whsec_webhook_test";
let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDb();
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
});
afterAll(async () => {
  delete process.env.STRIPE_WEBHOOK_SECRET;
  await handle?.close();
});

let counter = 0;
const event = (type = "checkout.session.completed") =>
  JSON.stringify({
    id: `evt_test_${++counter}_${Date.now()}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: "cs_test_1", object: "checkout.session" } },
  });
const deliver = (payload: string, signature: string | null = stripeSignature(payload, SECRET), handlers?: StripeHandlers) =>
  handleStripeWebhook(() => handle.db, payload, signature, handlers);
const recorded = async () => (await handle.db.select().from(schema.stripeEvents)).length;

/** A handler whose effect a test can count: one increment per run, after a pause that widens any race. */
const COUNT_KEY = "webhook-test-count";
const counting = (pauseMs = 0): StripeHandlers => ({
  "checkout.session.completed": async ({ tx }) => {
    if (pauseMs) await tx.execute(sql`select pg_sleep(${pauseMs / 1000})`);
    await tx.execute(
      sql`insert into app_settings (key, value) values (${COUNT_KEY}, '{"count":1}') on conflict (key) do update set value = jsonb_build_object('count', (app_settings.value->>'count')::int + 1)`,
    );
  },
});
const runs = async () => {
  const [row] = await handle.db.select().from(schema.appSettings).where(eq(schema.appSettings.key, COUNT_KEY));
  return (row?.value.count as number | undefined) ?? 0;
};
const resetCount = () => handle.db.delete(schema.appSettings).where(eq(schema.appSettings.key, COUNT_KEY));

describe("POST /api/stripe/webhook", () => {
  it("refuses a bad signature, a missing one and a tampered body with 400, and changes nothing", async () => {
    await resetCount();
    const before = await recorded();
    const payload = event();
    expect(await deliver(payload, stripeSignature(payload, "whsec_someone_else"), counting())).toEqual({
      status: 400,
      body: { error: "The signature does not match." },
    });
    expect(await deliver(payload, null, counting())).toEqual({ status: 400, body: { error: "The Stripe-Signature header is missing." } });
    expect((await deliver(payload.replace("cs_test_1", "cs_test_2"), stripeSignature(payload, SECRET), counting())).status).toBe(400);
    expect(await recorded()).toBe(before);
    expect(await runs()).toBe(0);
  });

  it("refuses a signature older than Stripe's five minutes with 400", async () => {
    const payload = event();
    const stale = stripeSignature(payload, SECRET, Math.floor(Date.now() / 1000) - 301);
    expect(await deliver(payload, stale)).toEqual({ status: 400, body: { error: "The signature's timestamp is too old." } });
    const fresh = stripeSignature(payload, SECRET, Math.floor(Date.now() / 1000) - 240);
    expect((await deliver(payload, fresh)).status).toBe(200);
  });

  it("acts on an event once: a repeat answers 200 and changes nothing", async () => {
    await resetCount();
    const payload = event();
    expect(await deliver(payload, undefined, counting())).toEqual({ status: 200, body: { received: true } });
    expect(await deliver(payload, undefined, counting())).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await runs()).toBe(1);
    const id = (JSON.parse(payload) as { id: string }).id;
    const [row] = await handle.db.select().from(schema.stripeEvents).where(eq(schema.stripeEvents.id, id));
    expect(row).toMatchObject({ type: "checkout.session.completed", handled: true });
  });

  it("acts once when two deliveries of one event race on two connections", async () => {
    await resetCount();
    const payload = event();
    const answers = await Promise.all([deliver(payload, undefined, counting(200)), deliver(payload, undefined, counting(200))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.filter((a) => "duplicate" in a.body)).toHaveLength(1);
    expect(await runs()).toBe(1);
  });

  it("answers 200 to a type nobody handles, and records it", async () => {
    const payload = event("customer.created");
    expect(await deliver(payload, undefined, counting())).toEqual({ status: 200, body: { received: true } });
    const id = (JSON.parse(payload) as { id: string }).id;
    const [row] = await handle.db.select().from(schema.stripeEvents).where(eq(schema.stripeEvents.id, id));
    expect(row).toMatchObject({ type: "customer.created", handled: false });
  });

  it("leaves a failed event unrecorded, so Stripe's retry runs it", async () => {
    await resetCount();
    const payload = event();
    const failing: StripeHandlers = {
      "checkout.session.completed": async ({ tx }) => {
        await counting()["checkout.session.completed"]!({ tx } as never);
        throw new Error("handler broke");
      },
    };
    expect((await deliver(payload, undefined, failing)).status).toBe(500);
    expect(await runs()).toBe(0);
    expect(await deliver(payload, undefined, counting())).toEqual({ status: 200, body: { received: true } });
    expect(await runs()).toBe(1);
  });
});

describe("deliveries from the Stripe fake", () => {
  let fake: StripeFake;
  let endpoint: Server;

  beforeAll(async () => {
    fake = await startStripeFake({ webhookSecret: SECRET });
    Object.assign(process.env, stripeEnv(fake));
    // What the Next route does: the raw body and the header, handed to the service.
    endpoint = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        void deliver(Buffer.concat(chunks).toString("utf8"), String(req.headers["stripe-signature"]), counting()).then((answer) =>
          res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body)),
        );
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
    fake.deliverTo = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/stripe/webhook`;
  });
  afterAll(async () => {
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_API_BASE_URL"]) delete process.env[key];
    process.env.STRIPE_WEBHOOK_SECRET = SECRET;
    await fake.close();
    await new Promise((resolve) => endpoint.close(resolve));
  });

  it("are verified and acted on once, however often Stripe redelivers", async () => {
    await resetCount();
    const { stripeClient } = await import("@coach/payments");
    const session = await stripeClient().checkout.sessions.create(
      {
        mode: "payment",
        success_url: "http://127.0.0.1:1/done",
        line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 100, product_data: { name: "A session" } } }],
      },
      { idempotencyKey: "coach:test:1" },
    );
    const first = await fake.pay(session.id);
    expect(first).toMatchObject({ status: 200, type: "checkout.session.completed" });
    const again = await fake.redeliver(first!.eventId);
    expect(JSON.parse(again!.body)).toEqual({ received: true, duplicate: true });
    expect(await runs()).toBe(1);
  });
});
