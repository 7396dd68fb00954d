/**
 * The payments database tests' shared set-up: a test database, the Stripe fake delivering its
 * webhooks to our real handler over loopback HTTP, the coach's calendar, and helpers for clients and slots.
 * (Only imported by *.db.test.ts files.)
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { vi } from "vitest";
import { eq, schema, type DbHandle } from "@coach/db";
import type { AppointmentType } from "@coach/db/enums";
import { createTestDb } from "@coach/db/testing";
import type { StripeFake } from "@coach/payments/testing/stripe-fake";
import { handleRestRequest } from "../http/rest";
import { callerAs, createUser } from "./index";
import { wireStripeFake } from "./stripe";

export const DAY = 24 * 3_600_000;

export interface PaymentsFixture {
  handle: DbHandle;
  fake: StripeFake;
  coach: Awaited<ReturnType<typeof callerAs>>;
  close(): Promise<void>;
}

export async function startPaymentsFixture(): Promise<PaymentsFixture> {
  vi.stubEnv("DATA_DIR", mkdtempSync(path.join(os.tmpdir(), "coach-pay-")));
  vi.stubEnv("RESEND_API_KEY", "");
  vi.stubEnv("APP_URL", "https://coach.example");
  const handle = await createTestDb();
  const stripe = await wireStripeFake(handle.db);
  const fake = stripe.fake;
  const admin = await createUser(handle.db, { role: "admin", firstName: "Grace", lastName: "Coach" });
  const coach = await callerAs(handle.db, admin.cookie);
  await coach.settings.updateAvailability({
    timeZone: "UTC",
    bufferMinutes: 15,
    minimumNoticeHours: 24,
    maxDaysAhead: 60,
    holidayCountry: null,
    policy: { changeCutoffHours: 24, maxFutureBookings: 100 },
  });
  return {
    handle,
    fake,
    coach,
    close: async () => {
      await fake.settle();
      await stripe.close();
      vi.unstubAllEnvs();
      await handle.close();
    },
  };
}

export async function newClient(f: PaymentsFixture, first = "Ada") {
  const user = await createUser(f.handle.db, { firstName: first, lastName: "Client" });
  const caller = await callerAs(f.handle.db, user.cookie);
  const rest = (pathname: string, init: { method?: string; body?: unknown } = {}) =>
    handleRestRequest(
      new Request(`https://coach.example/api${pathname}`, {
        method: init.method ?? "GET",
        headers: { cookie: user.cookie, ...(init.body ? { "content-type": "application/json" } : {}) },
        body: init.body ? JSON.stringify(init.body) : undefined,
      }),
      { db: f.handle.db },
    );
  return { user: user.user, caller, rest };
}

/** `count` free slots of `type` that do not overlap one another (with the buffer), from three days ahead. */
export async function freeSlots(f: PaymentsFixture, type: AppointmentType, count: number, fromDays = 3) {
  const caller = (await newClient(f, "Slot")).caller;
  const picked: { start: string; end: string }[] = [];
  for (let week = 0; picked.length < count && week < 8; week++) {
    const from = new Date(Date.now() + (fromDays + week * 7) * DAY);
    const slots = await caller.appointments.availableSlots({
      startDate: from.toISOString(),
      endDate: new Date(from.getTime() + 7 * DAY).toISOString(),
      appointmentType: type,
    });
    for (const slot of slots) {
      const last = picked.at(-1);
      if (!last || Date.parse(slot.start) >= Date.parse(last.end) + 15 * 60_000) picked.push(slot);
      if (picked.length === count) break;
    }
  }
  return picked;
}

export const booking = (slot: { start: string; end: string }, type: AppointmentType, offerId?: number) => ({
  title: "Session",
  startTime: slot.start,
  endTime: slot.end,
  appointmentType: type,
  ...(offerId ? { offerId } : {}),
});

export async function outboxTo(f: PaymentsFixture, email: string) {
  return f.handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, email));
}

/** The offers the payments tests sell: a paid follow-up session, and coaching in packages of two. */
export const FOLLOWUP_SESSION_OFFER = {
  kind: "session",
  title: "One follow-up session",
  appointmentType: "followup",
  price: { amount: 25_000, currency: "eur" },
} as const;
export const COACHING_PACKAGE_OFFER = {
  kind: "package",
  title: "Two coaching sessions",
  appointmentType: "coaching",
  sessions: 2,
  validDays: 120,
  price: { amount: 90_000, currency: "usd" },
} as const;
