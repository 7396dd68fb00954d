/**
 * A booking the coach deletes in Google Calendar is the coach's cancellation, money included: inside
 * the policy a paid session is refunded and a credit comes back, as when the coach cancels in the
 * console (decision 50). Stripe and Google are both loopback fakes speaking their real HTTP APIs.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, schema } from "@coach/db";
import { syncGoogleCalendar } from "../appointments/calendar-sync";
import { connectGoogle } from "../testing/google-connect";
import { googleEnv, startFakeGoogle, type FakeGoogle } from "../testing/google-fake";
import {
  COACHING_PACKAGE_OFFER,
  FOLLOWUP_SESSION_OFFER,
  booking,
  freeSlots,
  newClient,
  startPaymentsFixture,
  type PaymentsFixture,
} from "../testing/payments-fixture";

let f: PaymentsFixture;
let google: FakeGoogle;
let sessionOffer: number;

beforeAll(async () => {
  google = await startFakeGoogle();
  f = await startPaymentsFixture();
  for (const [key, value] of Object.entries(googleEnv(google))) vi.stubEnv(key, value);
  await connectGoogle(f.coach, google);
  sessionOffer = (await f.coach.admin.offers.create(FOLLOWUP_SESSION_OFFER)).id;
  // Coaching is sold in packages, so a coaching booking uses a credit.
  await f.coach.admin.offers.create(COACHING_PACKAGE_OFFER);
});
afterAll(async () => {
  await f?.close();
  await google?.close();
});

const appointment = async (id: number) => (await f.handle.db.select().from(schema.appointments).where(eq(schema.appointments.id, id)))[0]!;
const paymentFor = async (id: number) =>
  (await f.handle.db.select().from(schema.payments).where(eq(schema.payments.appointmentId, id)))[0]!;

/** The coach deletes the booking's event in Google; one sync brings it back. */
async function deleteInGoogle(id: number) {
  await syncGoogleCalendar(f.handle.db); // takes a sync token, so the next run lists only the change
  const eventId = (await appointment(id)).googleEventId;
  expect(eventId).toBeTruthy();
  google.deleteEvent(eventId!);
  expect(await syncGoogleCalendar(f.handle.db)).toMatchObject({ canceled: 1 });
  expect((await appointment(id)).status).toBe("canceled");
}

describe("a booking deleted in Google Calendar", () => {
  it("refunds a paid session in full when the deletion is inside the policy", async () => {
    const ada = await newClient(f);
    const [slot] = await freeSlots(f, "followup", 1, 10);
    const held = await ada.caller.appointments.create(booking(slot!, "followup", sessionOffer));
    await f.fake.pay(held.checkoutUrl!.split("/").pop()!);
    expect(await paymentFor(held.id)).toMatchObject({ status: "paid" });

    await deleteInGoogle(held.id);
    const payment = await paymentFor(held.id);
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: 25_000 });
    const refunds = [...f.fake.refunds.values()].filter((r) => r.payment_intent === payment.stripePaymentIntentId);
    expect(refunds.map((r) => r.amount)).toEqual([25_000]);
    // A later full sync finds nothing more to do and refunds nothing twice.
    google.expireSyncTokens();
    expect(await syncGoogleCalendar(f.handle.db)).toMatchObject({ fullSync: true, canceled: 0 });
    expect([...f.fake.refunds.values()].filter((r) => r.payment_intent === payment.stripePaymentIntentId)).toHaveLength(1);
  });

  it("gives the credit back when the session was booked with one", async () => {
    const bea = await newClient(f, "Bea");
    await f.coach.admin.credits.grant({ userId: bea.user.id, appointmentType: "coaching", sessions: 1, expiresAt: null });
    const [slot] = await freeSlots(f, "coaching", 1, 12);
    const booked = await bea.caller.appointments.create(booking(slot!, "coaching"));
    expect(await bea.caller.payments.credits()).toEqual([]);

    await deleteInGoogle(booked.id);
    expect(await bea.caller.payments.credits()).toMatchObject([{ appointmentType: "coaching", remaining: 1 }]);
  });
});
