import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  balanceAmount,
  balanceDueDate,
  balanceInvoiceDue,
  creditExpiry,
  creditReminderDue,
  creditUsable,
  formatMoney,
  refundAmount,
  refundPercent,
  refundScheduleProblems,
} from "./policy";

const start = new Date("2027-06-01T09:00:00Z");
const before = (days: number, extraMs = 0) => new Date(start.getTime() - days * DAY_MS - extraMs);
const schedule = [
  { daysBefore: 60, percent: 100 },
  { daysBefore: 30, percent: 50 },
  { daysBefore: 14, percent: 25 },
];

describe("the retreat's tiered refund", () => {
  it("gives a tier's percent on its boundary day and the next tier's one second later", () => {
    expect(refundPercent(schedule, start, before(60))).toBe(100);
    expect(refundPercent(schedule, start, before(60, -1000))).toBe(50);
    expect(refundPercent(schedule, start, before(30))).toBe(50);
    expect(refundPercent(schedule, start, before(30, -1))).toBe(25);
    expect(refundPercent(schedule, start, before(14))).toBe(25);
    expect(refundPercent(schedule, start, before(14, -1))).toBe(0);
  });

  it("gives everything back long before and nothing once the retreat started", () => {
    expect(refundPercent(schedule, start, before(200))).toBe(100);
    expect(refundPercent(schedule, start, start)).toBe(0);
    expect(refundPercent(schedule, start, new Date(start.getTime() + 1))).toBe(0);
    expect(refundPercent([], start, before(100))).toBe(0);
  });

  it("reads the schedule in any order", () => {
    expect(refundPercent([...schedule].reverse(), start, before(45))).toBe(50);
  });

  it("refunds a percent of what was paid, rounded down to the cent, less what was already refunded", () => {
    expect(refundAmount({ schedule, startsAt: start, now: before(30), paid: 850_000 })).toEqual({ percent: 50, amount: 425_000 });
    expect(refundAmount({ schedule, startsAt: start, now: before(20), paid: 333 })).toEqual({ percent: 25, amount: 83 });
    expect(refundAmount({ schedule, startsAt: start, now: before(61), paid: 150_000, alreadyRefunded: 50_000 })).toEqual({
      percent: 100,
      amount: 100_000,
    });
    expect(refundAmount({ schedule, startsAt: start, now: before(1), paid: 150_000, alreadyRefunded: 10 }).amount).toBe(0);
  });

  it("names what is wrong with a schedule", () => {
    expect(refundScheduleProblems(schedule)).toEqual([]);
    expect(
      refundScheduleProblems([
        { daysBefore: 30, percent: 50 },
        { daysBefore: 30, percent: 20 },
      ]),
    ).toEqual(["Two refund tiers name 30 days."]);
    expect(
      refundScheduleProblems([
        { daysBefore: 60, percent: 20 },
        { daysBefore: 30, percent: 50 },
      ]),
    ).toEqual(["A later cancellation cannot get more back than an earlier one."]);
    expect(refundScheduleProblems([{ daysBefore: -1, percent: 101 }])).toEqual([
      "daysBefore must be a whole number of days, 0 or more.",
      "percent must be a whole number from 0 to 100.",
    ]);
  });
});

describe("the retreat's balance", () => {
  it("is due the given number of days before the start, and the invoice goes out from that instant until the start", () => {
    expect(balanceDueDate(start, 45)).toEqual(new Date("2027-04-17T09:00:00Z"));
    expect(balanceInvoiceDue(start, 45, new Date(balanceDueDate(start, 45).getTime() - 1))).toBe(false);
    expect(balanceInvoiceDue(start, 45, balanceDueDate(start, 45))).toBe(true);
    expect(balanceInvoiceDue(start, 45, new Date(start.getTime() - 1))).toBe(true);
    expect(balanceInvoiceDue(start, 45, start)).toBe(false);
  });

  it("is the price less the deposit, never negative", () => {
    expect(balanceAmount(850_000, 150_000)).toBe(700_000);
    expect(balanceAmount(100, 200)).toBe(0);
  });
});

describe("package credits", () => {
  const granted = new Date("2027-01-10T12:00:00Z");

  it("expire the package's number of days after the grant, and cannot be used at that instant", () => {
    const expires = creditExpiry(granted, 120);
    expect(expires).toEqual(new Date("2027-05-10T12:00:00Z"));
    expect(creditUsable({ total: 6, used: 5, expiresAt: expires }, new Date(expires.getTime() - 1))).toBe(true);
    expect(creditUsable({ total: 6, used: 5, expiresAt: expires }, expires)).toBe(false);
    expect(creditUsable({ total: 6, used: 6, expiresAt: null }, granted)).toBe(false);
  });

  it("are recalled 14 days before they expire, not earlier and not after", () => {
    const expires = creditExpiry(granted, 120);
    expect(creditReminderDue(expires, new Date(expires.getTime() - 14 * DAY_MS - 1))).toBe(false);
    expect(creditReminderDue(expires, new Date(expires.getTime() - 14 * DAY_MS))).toBe(true);
    expect(creditReminderDue(expires, expires)).toBe(false);
  });
});

describe("money for people", () => {
  it("reads minor units by the currency", () => {
    expect(formatMoney(850_000, "usd")).toBe("$8,500.00");
    expect(formatMoney(5000, "jpy")).toBe("¥5,000");
  });
});
