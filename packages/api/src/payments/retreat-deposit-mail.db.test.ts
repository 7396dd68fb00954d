/** What a paid retreat deposit mails: a receipt when it takes its place, only the refund notice when it found none. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema, type DbHandle } from "@coach/db";
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

const retreat = {
  kind: "retreat" as const,
  title: "Leadership retreat",
  price: { amount: 850_000, currency: "usd" as const },
  deposit: { amount: 150_000, currency: "usd" as const },
  places: 12,
  balanceDueDays: 45,
  startsAt: new Date(Date.now() + 200 * DAY_MS),
  refundSchedule: [{ daysBefore: 60, percent: 100 }],
};
const application = { company: "Acme", role: "CEO", message: "I would like to bring my leadership team's questions along." };

/** A fresh retreat (the only active one), its coach, and an accepted applicant with the deposit's Checkout. */
async function accepted() {
  await handle.db.update(schema.offers).set({ active: false }).where(eq(schema.offers.kind, "retreat"));
  const coach = await createUser(handle.db, { role: "admin" });
  const admin = await callerAs(handle.db, coach.cookie);
  await admin.admin.offers.create(retreat);
  const person = await createUser(handle.db, { firstName: "Ari" });
  const app = await (await callerAs(handle.db, person.cookie)).retreat.submit(application);
  const { checkoutUrl } = await admin.admin.retreat.accept({ id: app.id });
  return { email: person.user.email, appId: app.id, sessionId: checkoutUrl!.split("/").at(-1)! };
}
async function payDeposit(sessionId: string) {
  const delivery = await stripe.fake.pay(sessionId);
  await stripe.fake.settle();
  expect(delivery!.status).toBe(200);
}
const mailKinds = async (email: string) =>
  (await handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, email))).map((m) => m.kind).sort();

describe("a paid retreat deposit", () => {
  it("that takes its place gets a receipt", async () => {
    const { email, appId, sessionId } = await accepted();
    await payDeposit(sessionId);
    const [app] = await handle.db.select().from(schema.retreatApplications).where(eq(schema.retreatApplications.id, appId));
    expect(app!.status).toBe("confirmed");
    expect(await mailKinds(email)).toEqual(["payment-receipt", "retreat-offer"]);
  });

  it("that found its place canceled is told only that it is being refunded, with no receipt", async () => {
    const { email, appId, sessionId } = await accepted();
    // The place is canceled while the applicant is on Stripe's page.
    await handle.db.update(schema.retreatApplications).set({ status: "canceled" }).where(eq(schema.retreatApplications.id, appId));
    await payDeposit(sessionId);
    const [payment] = await handle.db.select().from(schema.payments).where(eq(schema.payments.stripeCheckoutSessionId, sessionId));
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: 150_000 });
    expect(await mailKinds(email)).toEqual(["retreat-deposit-refunded", "retreat-offer"]);
  });
});
