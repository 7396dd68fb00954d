import { describe, expect, it } from "vitest";
import { extendCreditsForm, grantCreditsForm, takeBackCreditsForm } from "./credit-forms";
import { majorUnits, minorUnits, offerFormSchema, offerFormValues, offerFromForm, type OfferFormValues } from "./offer-form";
import { offerInput } from "./payments";

const errors = (values: OfferFormValues) => {
  const result = offerFormSchema.safeParse(values);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
};
const retreat: OfferFormValues = {
  ...offerFormValues(),
  kind: "retreat",
  title: "Leadership retreat",
  price: "8,500",
  deposit: "1500",
  startsAt: "2027-05-03T09:00",
};

describe("the offer form", () => {
  it("reads prices in the currency's units and sends its minor unit", () => {
    expect(minorUnits("900.50", "usd")).toBe(90_050);
    expect(minorUnits("900.5", "eur")).toBe(90_050);
    expect(minorUnits(" 8,500 ", "usd")).toBe(850_000);
    expect(minorUnits("9.999", "usd")).toBeUndefined();
    expect(minorUnits("-5", "usd")).toBeUndefined();
    expect([majorUnits(90_050, "usd"), majorUnits(90_000, "usd")]).toEqual(["900.50", "900"]);
  });

  it("turns a retreat into the body the server takes, and an offer back into the same form", () => {
    const body = offerFromForm(retreat);
    expect(body).toMatchObject({
      kind: "retreat",
      appointmentType: null,
      sessions: null,
      price: { amount: 850_000, currency: "usd" },
      deposit: { amount: 150_000, currency: "usd" },
      places: 12,
      balanceDueDays: 45,
      refundSchedule: [
        { daysBefore: 60, percent: 100 },
        { daysBefore: 30, percent: 50 },
      ],
    });
    expect(offerInput.safeParse(body).success).toBe(true);
    expect(offerFormValues(body)).toEqual({ ...retreat, price: "8500", sessions: "", validDays: "" });
  });

  it("names the field to fix, in units rather than cents, and the server's rules across fields", () => {
    expect(errors({ ...offerFormValues(), title: "Six sessions", price: "0", sessions: "" })).toEqual({
      price: "The price must be more than 0 and at most 1,000,000.",
      sessions: "Sessions must be a whole number from 1 to 100.",
    });
    expect(errors({ ...retreat, deposit: "9000" })).toEqual({ deposit: "The deposit cannot be more than the price." });
    expect(
      errors({
        ...retreat,
        refundSchedule: [
          { daysBefore: "60", percent: "50" },
          { daysBefore: "30", percent: "100" },
        ],
      }),
    ).toEqual({ refundSchedule: "A later cancellation cannot get more back than an earlier one." });
    expect(errors({ ...retreat, startsAt: "" })).toEqual({ startsAt: "Give the retreat's start date and time." });
  });
});

describe("the credit forms", () => {
  it("ask for a reason and whole sessions, and refuse taking back more than is unused", () => {
    expect(grantCreditsForm.safeParse({ appointmentType: "coaching", sessions: "2", expiresOn: "", reason: "Goodwill" }).success).toBe(
      true,
    );
    const grant = grantCreditsForm.safeParse({ appointmentType: "coaching", sessions: "1.5", expiresOn: "2001-01-01", reason: "" });
    expect(grant.error?.issues.map((i) => i.message)).toEqual([
      "Sessions must be a whole number.",
      "The expiry must be today or later.",
      "Give a reason (at least 3 characters): it is kept in the audit log.",
    ]);
    expect(extendCreditsForm.safeParse({ expiresOn: "", reason: "No expiry after all" }).success).toBe(true);
    expect(takeBackCreditsForm(1).safeParse({ sessions: "2", reason: "Refunded" }).error?.issues[0]?.message).toBe(
      "Sessions must be from 1 to 1.",
    );
  });
});
