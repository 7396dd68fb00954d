/**
 * The lock order of a retreat place (decision 52) against a real PostgreSQL (PGlite has one connection,
 * so nothing there can wait on a lock). The test holds the offer's lock as the lapse job, an acceptance
 * or a cancellation does, and lets Stripe deliver the deposit's event meanwhile: the webhook must wait at
 * the offer holding nothing of the place, so the holder can still take the application and the payment,
 * which is what the lapse job and a cancellation do next. Before, the webhook took the payment and the
 * application first, and the two transactions deadlocked.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { eq, schema, sql, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { DAY_MS } from "@coach/payments";
import { callerAs, createUser } from "../testing";
import { wireStripeFake, type WiredStripe } from "../testing/stripe";

let handle: DbHandle;
let stripe: WiredStripe;
beforeAll(async () => {
  handle = await createTestDb();
  stripe = await wireStripeFake(handle.db);
});
afterAll(async () => {
  await stripe?.close();
  await handle?.close();
});

async function acceptedApplication() {
  const coach = await createUser(handle.db, { role: "admin" });
  const admin = await callerAs(handle.db, coach.cookie);
  await handle.db.update(schema.offers).set({ active: false }).where(eq(schema.offers.kind, "retreat"));
  const offer = await admin.admin.offers.create({
    kind: "retreat",
    title: "Leadership retreat",
    price: { amount: 850_000, currency: "usd" },
    deposit: { amount: 150_000, currency: "usd" },
    places: 12,
    balanceDueDays: 45,
    startsAt: new Date(Date.now() + 200 * DAY_MS),
    refundSchedule: [{ daysBefore: 60, percent: 100 }],
  });
  const person = await createUser(handle.db);
  const app = await (
    await callerAs(handle.db, person.cookie)
  ).retreat.submit({
    company: "Acme",
    role: "CEO",
    message: "I would like to bring my leadership team's questions along.",
  });
  const { checkoutUrl } = await admin.admin.retreat.accept({ id: app.id });
  const [row] = await handle.db.select().from(schema.retreatApplications).where(eq(schema.retreatApplications.id, app.id));
  return { offerId: offer.id, appId: app.id, paymentId: row!.depositPaymentId!, sessionId: checkoutUrl!.split("/").at(-1)! };
}

/** Waits until another connection of this test's database waits on a lock (the webhook reached one). */
async function someoneWaitsOnALock() {
  for (let i = 0; i < 100; i++) {
    const rows = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    const n = Array.isArray(rows) ? rows[0]?.n : (rows as unknown as { rows: { n: number }[] }).rows[0]?.n;
    if (n && n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the webhook never waited on the offer's lock");
}

it.each([
  ["expires", (sessionId: string) => stripe.fake.expire(sessionId), "lapsed"],
  ["is paid", (sessionId: string) => stripe.fake.pay(sessionId), "confirmed"],
] as const)(
  "a deposit's Checkout that %s while the place's offer is locked waits at the offer, holding nothing",
  async (_, deliver, after) => {
    const place = await acceptedApplication();
    let delivery: ReturnType<typeof deliver> | undefined;
    await handle.db.transaction(async (tx) => {
      await tx.select().from(schema.offers).where(eq(schema.offers.id, place.offerId)).for("no key update");
      delivery = deliver(place.sessionId);
      await someoneWaitsOnALock();
      // What the lapse job and a cancellation take next, under the offer's lock: free, not held by the webhook.
      await tx
        .select()
        .from(schema.retreatApplications)
        .where(eq(schema.retreatApplications.id, place.appId))
        .for("update", { noWait: true });
      await tx.select().from(schema.payments).where(eq(schema.payments.id, place.paymentId)).for("update", { noWait: true });
    });
    expect((await delivery)?.status).toBe(200);
    const [app] = await handle.db.select().from(schema.retreatApplications).where(eq(schema.retreatApplications.id, place.appId));
    expect(app!.status).toBe(after);
  },
);
