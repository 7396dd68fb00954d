/** The upcoming-bookings cap (decision 14) counts every booking that holds a slot, paid holds included (issue 31). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FOLLOWUP_SESSION_OFFER,
  booking,
  freeSlots,
  newClient,
  startPaymentsFixture,
  type PaymentsFixture,
} from "../testing/payments-fixture";

let f: PaymentsFixture;
let sessionOffer: number;

beforeAll(async () => {
  f = await startPaymentsFixture();
  sessionOffer = (await f.coach.admin.offers.create(FOLLOWUP_SESSION_OFFER)).id;
  const current = await f.coach.settings.availability();
  await f.coach.settings.updateAvailability({ ...current, policy: { ...current.policy, maxFutureBookings: 2 } });
});
afterAll(async () => f?.close());

describe("the upcoming-bookings cap", () => {
  it("counts sessions held awaiting payment, so paying for each cannot get a client past the cap", async () => {
    const ada = await newClient(f);
    const slots = await freeSlots(f, "followup", 3, 5);
    for (const slot of slots.slice(0, 2)) {
      const held = await ada.rest("/appointments", { method: "POST", body: booking(slot, "followup", sessionOffer) });
      expect(held.status).toBe(201);
    }
    const third = await ada.rest("/appointments", { method: "POST", body: booking(slots[2]!, "followup", sessionOffer) });
    expect(third.status).toBe(422);
    expect(((await third.json()) as { message: string }).message).toMatch(/^You already have 2 upcoming appointments/);
  });
});
