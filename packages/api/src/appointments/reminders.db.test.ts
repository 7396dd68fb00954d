import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { eq, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { createUser } from "../testing";
import { sendDueReminders } from "./reminders";

const HOUR = 3_600_000;
let handle: DbHandle;

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", mkdtempSync(path.join(os.tmpdir(), "coach-remind-")));
  vi.stubEnv("RESEND_API_KEY", "");
  handle = await createTestDb();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

it("reminds each client once, about 24 hours ahead, even with two workers at once", async () => {
  const { user } = await createUser(handle.db, { firstName: "Ada" });
  const now = new Date("2030-03-04T12:00:00Z");
  const at = (hours: number, title: string, status: "scheduled" | "canceled" = "scheduled") => ({
    userId: user.id,
    title,
    appointmentType: "coaching" as const,
    startTime: new Date(now.getTime() + hours * HOUR),
    endTime: new Date(now.getTime() + (hours + 1) * HOUR),
    status,
  });
  await handle.db.insert(schema.appointments).values([at(20, "Soon"), at(30, "Later"), at(5, "Canceled one", "canceled"), at(-3, "Past")]);

  const [a, b] = await Promise.all([sendDueReminders(handle.db, { now }), sendDueReminders(handle.db, { now })]);
  expect(a.claimed + b.claimed).toBe(1);
  const mail = await handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.kind, "booking-reminder"));
  expect(mail).toHaveLength(1);
  expect(mail[0]).toMatchObject({ to: user.email });
  expect(mail[0]!.subject).toContain("Soon");

  expect((await sendDueReminders(handle.db, { now })).claimed).toBe(0);
  // A day later the other one is due.
  expect((await sendDueReminders(handle.db, { now: new Date(now.getTime() + 10 * HOUR) })).claimed).toBe(1);
});

it("skips the reminders whose lead time had passed when a booking was moved, and sends the ones still ahead", async () => {
  const { user } = await createUser(handle.db, { firstName: "Moe" });
  const now = new Date("2031-05-06T12:00:00Z");
  const start = new Date(now.getTime() + 20 * HOUR);
  // Booked weeks ago for next month; an hour ago moved to tomorrow morning (the move's email told the new time).
  await handle.db.insert(schema.appointments).values({
    userId: user.id,
    title: "Moved closer",
    appointmentType: "coaching",
    startTime: start,
    endTime: new Date(start.getTime() + HOUR),
    status: "scheduled",
    rescheduleCount: 1,
    createdAt: new Date(now.getTime() - 21 * 24 * HOUR),
    timeChosenAt: new Date(now.getTime() - HOUR),
  });
  const remindersToMoe = async () =>
    (await handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.kind, "booking-reminder"))).filter(
      (m) => m.to === user.email,
    );

  await sendDueReminders(handle.db, { now });
  expect(await remindersToMoe()).toHaveLength(0);
  await sendDueReminders(handle.db, { now: new Date(start.getTime() - 50 * 60_000) });
  expect(await remindersToMoe()).toHaveLength(1);
});
