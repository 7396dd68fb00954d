/**
 * Issue 20 on both drivers: rescheduling under concurrency, the client policies (and the coach
 * past them), intake answers, reminders per lead time and after a move, attendance, the coach's list.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq, schema, seedContent, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { handleRestRequest } from "../http/rest";
import { callerAs, createUser } from "../testing";
import { sendDueReminders } from "./reminders";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let handle: DbHandle;
let admin: Awaited<ReturnType<typeof createUser>>;
let coach: Awaited<ReturnType<typeof callerAs>>;

const BASE = { timeZone: "UTC", bufferMinutes: 0, minimumNoticeHours: 24, maxDaysAhead: 60 };

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", mkdtempSync(path.join(os.tmpdir(), "coach-sched-")));
  vi.stubEnv("RESEND_API_KEY", "");
  vi.stubEnv("APP_URL", "https://coach.example");
  handle = await createTestDb();
  await seedContent(handle.db);
  admin = await createUser(handle.db, { role: "admin", firstName: "Grace", lastName: "Coach", email: "grace@coach.example" });
  coach = await callerAs(handle.db, admin.cookie);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

/** The seeded questions plus whatever the test changes. */
async function configure(extra: Record<string, unknown> = {}) {
  const current = await coach.settings.availability();
  await coach.settings.updateAvailability({
    ...current,
    ...BASE,
    policy: { changeCutoffHours: 24, maxReschedules: 2, maxFutureBookings: 3, reasonRequired: false },
    ...extra,
  });
}
beforeEach(() => configure());

async function client(first = "Ada", last = "Lovelace") {
  const made = await createUser(handle.db, { firstName: first, lastName: last });
  return { user: made.user, cookie: made.cookie, caller: await callerAs(handle.db, made.cookie) };
}

/** The n-th weekday (Monday to Friday) from three days ahead, at hh:00 UTC; each test uses its own days. */
function weekday(n: number, hour: number): Date {
  const d = new Date(Date.now() + 3 * DAY);
  for (let left = n; ; d.setUTCDate(d.getUTCDate() + 1)) {
    if ([0, 6].includes(d.getUTCDay())) continue;
    if (left-- === 0) break;
  }
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour));
}

const coachingAt = (start: Date) => ({
  title: "Goals",
  startTime: start.toISOString(),
  endTime: new Date(start.getTime() + HOUR).toISOString(),
  appointmentType: "coaching" as const,
});
const moveTo = (id: number, start: Date) => ({
  id,
  startTime: start.toISOString(),
  endTime: new Date(start.getTime() + HOUR).toISOString(),
});

async function rest(pathname: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.body) headers.set("content-type", "application/json");
  return handleRestRequest(new Request(`http://localhost:3000/api${pathname}`, { ...init, headers }), { db: handle.db });
}

describe("rescheduling", () => {
  it("keeps one booking per slot under 20 concurrent reschedules and bookings into it", async () => {
    const target = weekday(0, 13);
    const movers = await Promise.all(Array.from({ length: 10 }, (_, i) => client(`Mover${i}`, "M")));
    // Each mover holds a booking on another day, at 9:00-14:00 and 15:00.
    const held = await Promise.all(
      movers.map((m, i) => m.caller.appointments.create(coachingAt(weekday(1 + Math.floor(i / 6), 9 + (i % 6))))),
    );
    const bookers = await Promise.all(Array.from({ length: 10 }, (_, i) => client(`Booker${i}`, "B")));
    const results = await Promise.allSettled([
      ...movers.map((m, i) => m.caller.appointments.reschedule(moveTo(held[i]!.id, target))),
      ...bookers.map((b) => b.caller.appointments.create(coachingAt(target))),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "CONFLICT" });
    const inSlot = await handle.db
      .select()
      .from(schema.appointments)
      .where(and(eq(schema.appointments.startTime, target), eq(schema.appointments.status, "scheduled")));
    expect(inSlot).toHaveLength(1);
  });

  it("moves the booking, refuses someone else's with 404, and sends both sides the invitation with a higher SEQUENCE", async () => {
    const ada = await client();
    const other = await client("Eve", "Other");
    const booked = await ada.caller.appointments.create(coachingAt(weekday(3, 10)));
    await expect(other.caller.appointments.reschedule(moveTo(booked.id, weekday(3, 14)))).rejects.toMatchObject({ code: "NOT_FOUND" });
    const overRest = await rest(`/appointments/${booked.id}/reschedule`, {
      method: "POST",
      cookie: other.cookie,
      body: JSON.stringify(moveTo(booked.id, weekday(3, 14))),
    });
    expect(overRest.status).toBe(404);

    const response = await rest(`/appointments/${booked.id}/reschedule`, {
      method: "POST",
      cookie: ada.cookie,
      body: JSON.stringify(moveTo(booked.id, weekday(3, 14))),
    });
    expect(response.status).toBe(200);
    const moved = (await response.json()) as { startTime: string; rescheduleCount: number };
    expect(new Date(moved.startTime).toISOString()).toBe(weekday(3, 14).toISOString());
    expect(moved.rescheduleCount).toBe(1);
    const mine = await ada.caller.appointments.mine();
    expect(mine.find((a) => a.id === booked.id)?.startTime.toISOString()).toBe(weekday(3, 14).toISOString());

    const mail = await handle.db.select().from(schema.emailOutbox);
    const invite = (kind: string, to: string) => {
      const row = mail.find((m) => m.kind === kind && m.to === to && m.dedupeKey?.startsWith(`${kind}:${booked.id}:`));
      const att = (row?.attachments as Array<{ content: string }> | null)?.[0];
      return att ? Buffer.from(att.content, "base64").toString("utf8") : "";
    };
    const original = mail.filter((m) => m.kind === "booking-confirmation" && m.to === ada.user.email);
    expect(original).toHaveLength(1);
    const first = Buffer.from((original[0]!.attachments as Array<{ content: string }>)[0]!.content, "base64").toString("utf8");
    for (const ics of [invite("booking-rescheduled", ada.user.email), invite("booking-rescheduled-notice", "grace@coach.example")]) {
      expect(/UID:(.+)/.exec(ics)?.[1]).toBe(/UID:(.+)/.exec(first)?.[1]);
      expect(Number(/SEQUENCE:(\d+)/.exec(ics)?.[1])).toBeGreaterThan(Number(/SEQUENCE:(\d+)/.exec(first)?.[1]));
      expect(ics).toContain("METHOD:REQUEST");
    }
  });

  it("applies the booking rules to the new time", async () => {
    const ada = await client();
    const booked = await ada.caller.appointments.create(coachingAt(weekday(4, 10)));
    const saturday = new Date(weekday(4, 10));
    while (saturday.getUTCDay() !== 6) saturday.setUTCDate(saturday.getUTCDate() + 1);
    await expect(ada.caller.appointments.reschedule(moveTo(booked.id, saturday))).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    await expect(
      ada.caller.appointments.reschedule({
        ...moveTo(booked.id, weekday(4, 12)),
        endTime: new Date(weekday(4, 12).getTime() + 30 * 60_000).toISOString(),
      }),
    ).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      message: expect.stringContaining("60 minutes"),
    });
  });
});

describe("policies", () => {
  it("refuses the client inside the cut-off with the practice's contact, and lets the coach cancel or move it", async () => {
    await configure({ policy: { changeCutoffHours: 24 * 20, maxReschedules: 2, maxFutureBookings: 3, reasonRequired: false } });
    const ada = await client();
    const booked = await ada.caller.appointments.create(coachingAt(weekday(5, 9)));
    const refusal = { code: "UNPROCESSABLE_CONTENT", message: expect.stringContaining("grace@coach.example") };
    await expect(ada.caller.appointments.reschedule(moveTo(booked.id, weekday(5, 15)))).rejects.toMatchObject(refusal);
    await expect(ada.caller.appointments.cancel({ id: booked.id })).rejects.toMatchObject(refusal);
    const overRest = await rest(`/appointments/${booked.id}`, { method: "DELETE", cookie: ada.cookie });
    expect(overRest.status).toBe(422);
    expect(((await overRest.json()) as { message: string }).message).toContain("480 hours before the start");

    await expect(
      coach.admin.appointments.reschedule({ ...moveTo(booked.id, weekday(5, 15)), reason: "I have a conflict that morning." }),
    ).resolves.toMatchObject({ id: booked.id });
    const moved = await handle.db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.kind, "booking-rescheduled"), eq(schema.emailOutbox.to, ada.user.email)));
    expect(moved.at(-1)?.html).toContain("I have a conflict that morning.");
    await expect(coach.admin.appointments.cancel({ id: booked.id, message: "Sorry, I am ill." })).resolves.toEqual({ success: true });
  });

  it("caps the moves per booking and the upcoming bookings per client, not the coach's", async () => {
    await configure({ policy: { changeCutoffHours: 24, maxReschedules: 1, maxFutureBookings: 2, reasonRequired: true } });
    const ada = await client();
    const one = await ada.caller.appointments.create(coachingAt(weekday(6, 9)));
    await ada.caller.appointments.create(coachingAt(weekday(6, 11)));
    await expect(ada.caller.appointments.create(coachingAt(weekday(6, 13)))).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      message: expect.stringContaining("2 upcoming appointments"),
    });
    await expect(coach.admin.appointments.bookForClient({ userId: ada.user.id, ...coachingAt(weekday(6, 13)) })).resolves.toMatchObject({
      appointmentType: "coaching",
    });

    await expect(ada.caller.appointments.reschedule(moveTo(one.id, weekday(6, 15)))).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      message: expect.stringContaining("reason"),
    });
    await ada.caller.appointments.reschedule({ ...moveTo(one.id, weekday(6, 15)), reason: "Travel" });
    await expect(ada.caller.appointments.reschedule({ ...moveTo(one.id, weekday(6, 16)), reason: "Again" })).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      message: expect.stringContaining("rescheduled 1 time"),
    });
    await expect(coach.admin.appointments.reschedule(moveTo(one.id, weekday(6, 16)))).resolves.toMatchObject({ rescheduleCount: 2 });
  });

  it("holds the upcoming-bookings cap under 20 simultaneous bookings by one client into different free slots", async () => {
    await configure({ policy: { changeCutoffHours: 24, maxReschedules: 2, maxFutureBookings: 3, reasonRequired: false } });
    const ada = await client();
    const slots = Array.from({ length: 20 }, (_, i) => weekday(11 + Math.floor(i / 5), 9 + (i % 5)));
    const results = await Promise.allSettled(slots.map((start) => ada.caller.appointments.create(coachingAt(start))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results) {
      if (r.status === "rejected")
        expect(r.reason).toMatchObject({ code: "UNPROCESSABLE_CONTENT", message: expect.stringContaining("3 upcoming") });
    }
    expect(await ada.caller.appointments.mine()).toHaveLength(3);
  });
});

describe("intake questions", () => {
  it("lists the types with the seeded consultation question and stores the answers for the coach", async () => {
    const ada = await client();
    const types = await rest("/appointments/types", { cookie: ada.cookie });
    expect(types.status).toBe(200);
    const list = (await types.json()) as Array<{
      value: string;
      minutes: number;
      questions: Array<{ id: string; required: boolean; label: string }>;
    }>;
    const consultation = list.find((t) => t.value === "consultation")!;
    expect(consultation.minutes).toBe(30);
    expect(consultation.questions).toEqual([expect.objectContaining({ id: "focus", required: true })]);

    const start = weekday(7, 10);
    const body = {
      title: "Intro",
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 30 * 60_000).toISOString(),
      type: "consultation",
    };
    const missing = await rest("/appointments", { method: "POST", cookie: ada.cookie, body: JSON.stringify({ ...body, answers: [] }) });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toContain(consultation.questions[0]!.label);
    // Naming the type is enough to be asked (issue 30, finding 9): leaving `answers` out is no way around it.
    for (const named of [body, { ...body, type: undefined, appointmentType: "consultation" }]) {
      const omitted = await rest("/appointments", { method: "POST", cookie: ada.cookie, body: JSON.stringify(named) });
      expect(omitted.status).toBe(400);
      expect(((await omitted.json()) as { message: string }).message).toBe(`Please answer "${consultation.questions[0]!.label}".`);
    }
    const made = await rest("/appointments", {
      method: "POST",
      cookie: ada.cookie,
      body: JSON.stringify({ ...body, answers: [{ questionId: "focus", answer: "Delegating to my new team" }] }),
    });
    expect(made.status).toBe(200);
    const id = ((await made.json()) as { id: number }).id;

    const page = await rest(
      `/admin/appointments?from=${encodeURIComponent(new Date(start.getTime() - HOUR).toISOString())}&to=${encodeURIComponent(new Date(start.getTime() + HOUR).toISOString())}&status=scheduled`,
      { cookie: admin.cookie },
    );
    expect(page.status).toBe(200);
    const badPage = await rest("/admin/appointments?page=&pageSize=10", { cookie: admin.cookie });
    expect(badPage.status).toBe(400);
    expect(((await badPage.json()) as { message: string }).message).toBe("Page must be a whole number");
    const listed = (await page.json()) as { items: Array<{ id: number; client: { email: string }; answers: Array<{ answer: string }> }> };
    expect(listed.items.find((i) => i.id === id)).toMatchObject({
      client: { email: ada.user.email },
      answers: [{ answer: "Delegating to my new team" }],
    });
    const notice = await handle.db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.kind, "booking-notice"), eq(schema.emailOutbox.to, "grace@coach.example")));
    expect(notice.some((m) => m.html.includes("Delegating to my new team"))).toBe(true);
    const csv = await coach.admin.appointments.exportCsv({ search: "Lovelace" });
    expect(csv.csv).toContain("Delegating to my new team");

    // The spec's payload alone still books.
    const plain = weekday(7, 14);
    const spec = await rest("/appointments", {
      method: "POST",
      cookie: ada.cookie,
      body: JSON.stringify({
        title: "Plain",
        startTime: plain.toISOString(),
        endTime: new Date(plain.getTime() + 30 * 60_000).toISOString(),
      }),
    });
    expect(spec.status).toBe(200);
  });
});

describe("reminders", () => {
  it("sends each configured reminder once, and fresh ones after a reschedule", async () => {
    const ada = await client();
    const booked = await ada.caller.appointments.create(coachingAt(weekday(8, 10)));
    const start = weekday(8, 10);
    const remindersFor = () =>
      handle.db
        .select()
        .from(schema.emailOutbox)
        .where(and(eq(schema.emailOutbox.kind, "booking-reminder"), eq(schema.emailOutbox.to, ada.user.email)));
    const run = (at: Date) => Promise.all([sendDueReminders(handle.db, { now: at }), sendDueReminders(handle.db, { now: at })]);

    await run(new Date(start.getTime() - 30 * HOUR));
    expect(await remindersFor()).toHaveLength(0);
    await run(new Date(start.getTime() - 23 * HOUR));
    await run(new Date(start.getTime() - 22 * HOUR));
    expect(await remindersFor()).toHaveLength(1);
    await run(new Date(start.getTime() - 50 * 60_000));
    await run(new Date(start.getTime() - 40 * 60_000));
    expect(await remindersFor()).toHaveLength(2);

    const later = weekday(9, 10);
    await ada.caller.appointments.reschedule(moveTo(booked.id, later));
    const [moved] = await handle.db.select().from(schema.appointments).where(eq(schema.appointments.id, booked.id));
    expect(moved!.timeChosenAt.getTime()).toBeGreaterThan(moved!.createdAt.getTime());
    await run(new Date(later.getTime() - 23 * HOUR));
    await run(new Date(later.getTime() - 50 * 60_000));
    await run(new Date(later.getTime() - 40 * 60_000));
    expect(await remindersFor()).toHaveLength(4);
  });
});

describe("attendance", () => {
  it("is recorded only after the start, feeds the per-client figures and sends the next-session link", async () => {
    const ada = await client();
    const future = await ada.caller.appointments.create(coachingAt(weekday(10, 10)));
    const refused = await rest(`/admin/appointments/${future.id}/attendance`, {
      method: "POST",
      cookie: admin.cookie,
      body: JSON.stringify({ attendance: "attended" }),
    });
    expect(refused.status).toBe(422);

    // One clock reading for every time below: two readings a millisecond apart
    // made a 60-minute session 60 minutes and 1 ms long, which the slot rule refuses.
    const now = Date.now();
    const past = (hoursAgo: number) => ({
      userId: ada.user.id,
      title: "Coaching Session: Past",
      appointmentType: "coaching" as const,
      startTime: new Date(now - hoursAgo * HOUR),
      endTime: new Date(now - (hoursAgo - 1) * HOUR),
      status: "scheduled" as const,
    });
    const [a, b] = await handle.db
      .insert(schema.appointments)
      .values([past(50), past(30)])
      .returning();
    const marked = await rest(`/admin/appointments/${a!.id}/attendance`, {
      method: "POST",
      cookie: admin.cookie,
      body: JSON.stringify({ attendance: "attended" }),
    });
    expect(marked.status).toBe(200);
    await coach.admin.appointments.attendance({ id: b!.id, attendance: "no-show" });
    const stats = await coach.admin.appointments.attendanceStats();
    expect(stats.clients.find((c) => c.client.id === ada.user.id)).toMatchObject({ attended: 1, noShows: 1, recorded: 2, rate: null });
    // The same rule as the analytics tab: no rate from two sessions, only the counts.
    expect(stats.minSessions).toBe(10);
    const followUp = await handle.db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.kind, "booking-follow-up"), eq(schema.emailOutbox.to, ada.user.email)));
    expect(followUp).toHaveLength(1);
    expect(followUp[0]!.html).toContain("https://coach.example/appointments?type=coaching");
    // Marked two days later: the mail names the session's day, never "today".
    const day = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: "UTC" }).format(a!.startTime);
    expect(followUp[0]!.text.replace(/\s+/g, " ")).toContain(`on ${day}`);
    expect(followUp[0]!.text).not.toContain("today");

    // A session the coach records after it took place is kept without a booking confirmation.
    const recorded = await coach.admin.appointments.bookForClient({
      userId: ada.user.id,
      appointmentType: "coaching",
      title: "Held by phone",
      startTime: new Date(now - 26 * HOUR),
      endTime: new Date(now - 25 * HOUR),
    });
    expect(recorded.title).toContain("Held by phone");
    const confirmations = await handle.db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.kind, "booking-confirmation"), eq(schema.emailOutbox.to, ada.user.email)));
    expect(confirmations.map((m) => m.subject).join()).not.toContain("Held by phone");
    const regular = await rest(`/admin/appointments/${a!.id}/attendance`, {
      method: "POST",
      cookie: (await client()).cookie,
      body: JSON.stringify({ attendance: "attended" }),
    });
    expect(regular.status).toBe(403);
  });
});
