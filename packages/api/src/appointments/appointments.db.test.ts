import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { handleRestRequest } from "../http/rest";
import { callerAs, callerFor, createUser } from "../testing";
import { publicHolidays } from "@coach/scheduling/holidays";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let handle: DbHandle;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", mkdtempSync(path.join(os.tmpdir(), "coach-appt-")));
  vi.stubEnv("RESEND_API_KEY", "");
  vi.stubEnv("APP_URL", "https://coach.example");
  handle = await createTestDb();
  admin = await createUser(handle.db, { role: "admin", firstName: "Grace", lastName: "Coach" });
  // The coach works 09:00-17:00 UTC on weekdays (DST is covered by the engine's unit tests).
  const coach = await callerAs(handle.db, admin.cookie);
  await coach.settings.updateAvailability({ timeZone: "UTC", bufferMinutes: 15, minimumNoticeHours: 24, maxDaysAhead: 60 });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

async function client(first = "Ada", last = "Lovelace") {
  const user = await createUser(handle.db, { firstName: first, lastName: last });
  return { user: user.user, caller: await callerAs(handle.db, user.cookie) };
}

async function slotsFor(
  caller: Awaited<ReturnType<typeof callerAs>>,
  type: "consultation" | "coaching" | "followup",
  from = new Date(),
  days = 7,
) {
  return caller.appointments.availableSlots({
    startDate: from.toISOString(),
    endDate: new Date(from.getTime() + days * DAY).toISOString(),
    appointmentType: type,
  });
}

/** The next date (UTC) with this weekday (0 = Sunday) at least `afterDays` away, at hh:00 UTC. */
function nextWeekday(weekday: number, hour: number, afterDays = 3): Date {
  const d = new Date(Date.now() + afterDays * DAY);
  // Public holidays are closed by default (US calendar): the next such weekday that is a working day.
  const closed = (x: Date) => publicHolidays("US", x.getUTCFullYear()).some((h) => h.date === x.toISOString().slice(0, 10));
  while (d.getUTCDay() !== weekday || closed(d)) d.setUTCDate(d.getUTCDate() + 1);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour));
}

async function outboxTo(email: string) {
  return handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, email));
}

const ics = (attachments: unknown) =>
  ((attachments as Array<{ content: string; filename: string }> | null) ?? []).map((a) =>
    Buffer.from(a.content, "base64").toString("utf8"),
  );

describe("appointments procedures", () => {
  it("asks anonymous visitors to sign in", async () => {
    const anonymous = await callerFor(handle.db);
    await expect(slotsFor(anonymous as never, "coaching")).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(anonymous.appointments.mine()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const start = nextWeekday(2, 10);
    await expect(
      anonymous.appointments.create({
        title: "Hello",
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + HOUR).toISOString(),
      }),
    ).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("offers weekday slots inside working hours, after the notice, and never on weekends", async () => {
    const { caller } = await client();
    const slots = await slotsFor(caller, "coaching", new Date(), 14);
    expect(slots.length).toBeGreaterThan(20);
    for (const slot of slots) {
      const start = new Date(slot.start);
      const end = new Date(slot.end);
      expect(end.getTime() - start.getTime()).toBe(HOUR);
      expect([0, 6]).not.toContain(start.getUTCDay());
      expect(start.getUTCHours()).toBeGreaterThanOrEqual(9);
      expect(end.getUTCHours() * 60 + end.getUTCMinutes()).toBeLessThanOrEqual(17 * 60);
      expect(start.getTime()).toBeGreaterThanOrEqual(Date.now() + 24 * HOUR - 60_000);
    }
    const consultation = await slotsFor(caller, "consultation", new Date(), 14);
    expect(new Date(consultation[0]!.end).getTime() - new Date(consultation[0]!.start).getTime()).toBe(30 * 60_000);
  });

  it("books a coaching session with the spec's title prefix, emails both sides an invitation, and hides the slot", async () => {
    const { user, caller } = await client("Ada", "Lovelace");
    const start = nextWeekday(3, 10);
    const end = new Date(start.getTime() + HOUR);
    const booked = await caller.appointments.create({
      title: "Quarterly goals",
      description: "Bring the 360 report",
      startTime: start.toISOString(),
      endTime: end.toISOString(),
      status: "scheduled",
      appointmentType: "coaching",
      timeZone: "Asia/Tokyo",
    });
    expect(booked).toMatchObject({ title: "Coaching Session: Quarterly goals", status: "scheduled", appointmentType: "coaching" });
    expect(booked.startTime.toISOString()).toBe(start.toISOString());

    const consult = await client("Alan", "Turing");
    const second = await consult.caller.appointments.create({
      title: "Getting started",
      startTime: new Date(start.getTime() + 3 * HOUR).toISOString(),
      endTime: new Date(start.getTime() + 3.5 * HOUR).toISOString(),
      appointmentType: "consultation",
    });
    expect(second.title).toBe("Consultation with Alan Turing: Getting started");

    // The slot and its buffer neighbours are gone for everyone.
    const slots = await slotsFor(caller, "coaching", new Date(start.getTime() - DAY), 2);
    const starts = slots.map((s) => s.start);
    expect(starts).not.toContain(start.toISOString());
    expect(starts).not.toContain(new Date(start.getTime() - 30 * 60_000).toISOString());
    expect(starts).not.toContain(new Date(start.getTime() + 30 * 60_000).toISOString());
    expect(starts).toContain(new Date(start.getTime() + 5 * HOUR).toISOString());

    const [confirmation] = await outboxTo(user.email);
    expect(confirmation?.subject).toContain("Coaching Session: Quarterly goals");
    const [invite] = ics(confirmation?.attachments);
    expect(invite).toContain("METHOD:REQUEST");
    expect(invite).toContain(`UID:appointment-${booked.id}@coach.example`);
    // Both zones written out: the coach's (UTC) and the client's (Tokyo).
    expect(invite?.replace(/\r\n[ \t]/g, "")).toMatch(/UTC.*Asia\/Tokyo/s);
    const notices = await outboxTo(admin.user.email);
    const notice = notices.find((n) => n.kind === "booking-notice" && n.subject.includes("Quarterly goals"));
    expect(notice).toBeDefined();
    expect(ics(notice?.attachments)[0]).toContain(`UID:appointment-${booked.id}@coach.example`);
  });

  it("carries each type's meeting place into the types list, the emails and the invitation; the client's copy never names her", async () => {
    const coach = await callerAs(handle.db, admin.cookie);
    const current = await coach.settings.availability();
    await coach.settings.updateAvailability({
      ...current,
      locations: { ...current.locations, consultation: "https://meet.example/coach-room" },
    });
    await expect(
      coach.settings.updateAvailability({ ...current, locations: { ...current.locations, coaching: "ftp://files.example" } }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    try {
      const { user, caller } = await client("Mary", "Somerville");
      const types = await caller.appointments.types();
      expect(types.find((t) => t.value === "consultation")?.location).toBe("https://meet.example/coach-room");
      expect(types.find((t) => t.value === "coaching")?.location).toBeNull();

      const start = nextWeekday(1, 15);
      const booked = await caller.appointments.create({
        title: "First conversation",
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 30 * 60_000).toISOString(),
        appointmentType: "consultation",
      });
      expect(booked.title).toBe("Consultation with Mary Somerville: First conversation");
      const [confirmation] = await outboxTo(user.email);
      expect(confirmation?.subject).toContain("Consultation: First conversation");
      expect(confirmation?.subject).not.toContain("Mary Somerville");
      expect(confirmation?.html).toContain('href="https://meet.example/coach-room"');
      const [invite] = ics(confirmation?.attachments);
      expect(invite?.replace(/\r\n[ \t]/g, "")).toContain("LOCATION:https://meet.example/coach-room");
      expect(invite).toContain("SUMMARY:Consultation: First conversation");
      const notice = (await outboxTo(admin.user.email)).find(
        (n) => n.kind === "booking-notice" && n.subject.includes("First conversation"),
      );
      expect(notice?.subject).toContain("Consultation with Mary Somerville");
      expect(notice?.html).toContain("https://meet.example/coach-room");

      // Moved, then canceled: her emails and invitations still never name her to herself.
      const later = new Date(start.getTime() + DAY);
      await caller.appointments.reschedule({
        id: booked.id,
        startTime: later.toISOString(),
        endTime: new Date(later.getTime() + 30 * 60_000).toISOString(),
      });
      await caller.appointments.cancel({ id: booked.id });
      const changes = (await outboxTo(user.email)).filter((m) => m.kind === "booking-rescheduled" || m.kind === "booking-cancellation");
      expect(changes.map((m) => m.kind)).toEqual(["booking-rescheduled", "booking-cancellation"]);
      for (const mail of changes) {
        expect(mail.subject).toContain("Consultation: First conversation");
        expect(`${mail.subject}${mail.text}`).not.toContain("Consultation with Mary Somerville");
        expect(ics(mail.attachments)[0]).toContain("SUMMARY:Consultation: First conversation");
      }
    } finally {
      await coach.settings.updateAvailability(current);
    }
  });

  it("refuses the past, short notice, weekends, off-hours, wrong lengths and taken slots with a reason", async () => {
    const { caller } = await client();
    const book = (start: Date, minutes = 60, type: "coaching" | "consultation" = "coaching") =>
      caller.appointments.create({
        title: "Strategy",
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + minutes * 60_000).toISOString(),
        appointmentType: type,
      });
    const hourAligned = (ms: number) => new Date(Math.ceil(ms / HOUR) * HOUR);

    await expect(book(hourAligned(Date.now() - 3 * DAY))).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      message: expect.stringMatching(/past/),
    });
    await expect(book(hourAligned(Date.now() + 2 * HOUR))).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      message: expect.stringMatching(/notice/),
    });
    await expect(book(nextWeekday(6, 10))).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    await expect(book(nextWeekday(4, 20))).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    await expect(book(nextWeekday(4, 11), 45)).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      message: expect.stringMatching(/60 minutes/),
    });

    const start = nextWeekday(4, 13);
    await book(start);
    const other = await client("Bob", "Builder");
    await expect(
      other.caller.appointments.create({
        title: "Overlap",
        startTime: new Date(start.getTime() + 30 * 60_000).toISOString(),
        endTime: new Date(start.getTime() + 60 * 60_000).toISOString(),
        appointmentType: "consultation",
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: "That time is no longer available. Please choose another slot." });
  });

  it("rejects a too-short title with the spec's message", async () => {
    const { caller } = await client();
    const start = nextWeekday(1, 10, 8);
    await expect(
      caller.appointments.create({ title: "Hi", startTime: start.toISOString(), endTime: new Date(start.getTime() + HOUR).toISOString() }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Title must be at least 3 characters.") });
  });

  it("lists only my appointments, newest first, and lets only me cancel them", async () => {
    const me = await client("Mia", "Me");
    const them = await client("Theo", "Them");
    const early = nextWeekday(1, 9, 10);
    const late = new Date(early.getTime() + 6 * HOUR);
    for (const start of [early, late]) {
      await me.caller.appointments.create({
        title: "Mine",
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + HOUR).toISOString(),
        appointmentType: "coaching",
      });
    }
    const theirs = await them.caller.appointments.create({
      title: "Theirs",
      startTime: new Date(early.getTime() + 3 * HOUR).toISOString(),
      endTime: new Date(early.getTime() + 4 * HOUR).toISOString(),
      appointmentType: "coaching",
    });

    const mine = await me.caller.appointments.mine();
    expect(mine.map((a) => a.startTime.toISOString())).toEqual([late.toISOString(), early.toISOString()]);
    expect(mine.every((a) => a.title === "Coaching Session: Mine")).toBe(true);

    await expect(me.caller.appointments.cancel({ id: theirs.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(me.caller.appointments.cancel({ id: 999_999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await them.caller.appointments.mine()).map((a) => a.id)).toEqual([theirs.id]);

    const target = mine[0]!;
    await expect(me.caller.appointments.cancel({ id: target.id })).resolves.toEqual({ success: true });
    expect((await me.caller.appointments.mine()).map((a) => a.id)).toEqual([mine[1]!.id]);
    await expect(me.caller.appointments.cancel({ id: target.id })).rejects.toMatchObject({ code: "NOT_FOUND" });

    // The time is free again, and both sides got a CANCEL with the booking's UID.
    const slots = await slotsFor(me.caller, "coaching", new Date(late.getTime() - HOUR), 1);
    expect(slots.map((s) => s.start)).toContain(late.toISOString());
    const [row] = await handle.db.select().from(schema.users).where(eq(schema.users.id, me.user.id));
    const cancellation = (await outboxTo(row!.email)).find((m) => m.kind === "booking-cancellation");
    const [cancelIcs] = ics(cancellation?.attachments);
    expect(cancelIcs).toContain("METHOD:CANCEL");
    expect(cancelIcs).toContain(`UID:appointment-${target.id}@coach.example`);
    expect((await outboxTo(admin.user.email)).some((m) => m.kind === "booking-cancellation-notice")).toBe(true);
  });

  it("gives exactly one of 20 simultaneous overlapping bookings, and 19 clear conflicts", async () => {
    const start = nextWeekday(2, 11, 10);
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => client(`Racer${i}`, "Test")));
    const results = await Promise.allSettled(
      people.map(({ caller }, i) => {
        // Half ask for 11:00-12:00, half for 11:30-12:30: every pair overlaps.
        const s = new Date(start.getTime() + (i % 2) * 30 * 60_000);
        return caller.appointments.create({
          title: `Race ${i}`,
          startTime: s.toISOString(),
          endTime: new Date(s.getTime() + HOUR).toISOString(),
          appointmentType: "coaching",
        });
      }),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(1);
    expect(failed).toHaveLength(19);
    for (const f of failed) {
      expect(f.reason).toMatchObject({ code: "CONFLICT", message: "That time is no longer available. Please choose another slot." });
    }
    const rows = await handle.db
      .select()
      .from(schema.appointments)
      .where(and(eq(schema.appointments.status, "scheduled")));
    const overlapping = rows.filter((r) => r.startTime < new Date(start.getTime() + 1.5 * HOUR) && r.endTime > start);
    expect(overlapping).toHaveLength(1);
  });

  it("keeps the 15-minute buffer between two simultaneous bookings of back-to-back slots", async () => {
    const start = nextWeekday(3, 13, 24);
    const people = await Promise.all([client("Early", "Bird"), client("Late", "Comer")]);
    // 13:00-14:00 and 14:00-15:00: they do not overlap, but each lies inside the other's buffer.
    const results = await Promise.allSettled(
      people.map(({ caller }, i) => {
        const s = new Date(start.getTime() + i * HOUR);
        return caller.appointments.create({
          title: `Back to back ${i}`,
          startTime: s.toISOString(),
          endTime: new Date(s.getTime() + HOUR).toISOString(),
          appointmentType: "coaching",
        });
      }),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [refused] = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused?.reason).toMatchObject({ code: "CONFLICT", message: "That time is no longer available. Please choose another slot." });
  });

  it("serves the spec's REST calls: slots, the plain booking payload, my list and DELETE", async () => {
    const me = await createUser(handle.db, { firstName: "Rhea" });
    const other = await createUser(handle.db);
    const rest = (cookie: string, pathname: string, init: RequestInit = {}) =>
      handleRestRequest(
        new Request(`http://localhost:3000/api${pathname}`, {
          ...init,
          headers: { cookie, ...(init.body ? { "content-type": "application/json" } : {}) },
        }),
        { db: handle.db },
      );

    const from = nextWeekday(3, 0, 15);
    const slotsResponse = await rest(
      me.cookie,
      `/appointments/available-slots?startDate=${from.toISOString()}&endDate=${new Date(from.getTime() + 7 * DAY).toISOString()}`,
    );
    expect(slotsResponse.status).toBe(200);
    const slots = (await slotsResponse.json()) as Array<{ start: string; end: string }>;
    expect(slots.length).toBeGreaterThan(0);
    expect(new Date(slots[0]!.end).getTime() - new Date(slots[0]!.start).getTime()).toBe(30 * 60_000);

    // The spec's client sends the prefixed title itself and no type.
    const created = await rest(me.cookie, "/appointments", {
      method: "POST",
      body: JSON.stringify({
        title: "Consultation with Rhea: Intro",
        description: "",
        startTime: slots[0]!.start,
        endTime: slots[0]!.end,
        status: "scheduled",
      }),
    });
    expect(created.status).toBe(200);
    const appt = (await created.json()) as { id: number; title: string; appointmentType: string };
    expect(appt).toMatchObject({ title: "Consultation with Rhea: Intro", appointmentType: "consultation" });

    const again = await rest(other.cookie, "/appointments", {
      method: "POST",
      body: JSON.stringify({ title: "Me too", startTime: slots[0]!.start, endTime: slots[0]!.end, status: "scheduled" }),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe("That time is no longer available. Please choose another slot.");

    const list = await rest(me.cookie, "/appointments/user");
    expect(((await list.json()) as Array<{ id: number }>).map((a) => a.id)).toEqual([appt.id]);
    expect((await rest(other.cookie, `/appointments/${appt.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await rest(me.cookie, `/appointments/${appt.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await rest("", "/appointments/user")).status).toBe(401);
  });

  it("caps the upcoming appointments one client may hold (the booking policy, default 3), with a message; the coach is not bound (issues 17 and 20)", async () => {
    const { caller } = await client("Max", "Many");
    const coach = await callerAs(handle.db, admin.cookie);
    // Four slots on four different days, so buffers and overlaps stay out of the way.
    const starts = [1, 2, 3, 4].map((week) => nextWeekday(2, 10, 7 * week + 20));
    const bookWith = (who: typeof caller, start: Date, title: string) =>
      who.appointments.create({
        title,
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + HOUR).toISOString(),
        appointmentType: "coaching",
      });
    for (const [i, start] of starts.slice(0, 3).entries()) await bookWith(caller, start, `Session ${i + 1}`);
    await expect(bookWith(caller, starts[3]!, "One more")).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      message: expect.stringMatching(/^You already have 3 upcoming appointments, the most that can be booked at once\./),
    });
    // Cancelling one frees a place.
    const [first] = await caller.appointments.mine();
    await caller.appointments.cancel({ id: first!.id });
    await bookWith(caller, nextWeekday(4, 11, 40), "In its place");
    // The coach books for themself without that cap.
    for (const [i, start] of starts.entries()) await bookWith(coach, new Date(start.getTime() + 4 * HOUR), `Coach block ${i}`);
  });

  it("answers dates beyond JavaScript's range and non-dates with 400 and a message (issue 17, finding 5)", async () => {
    const me = await createUser(handle.db);
    const get = (query: string) =>
      handleRestRequest(
        new Request(`http://localhost:3000/api/appointments/available-slots?${query}`, { headers: { cookie: me.cookie } }),
        { db: handle.db },
      );
    for (const [query, message] of [
      ["startDate=abc", /startDate must be a date and time/],
      ["startDate=%2B275760-09-06T00:00:00.000Z&endDate=%2B275760-09-12T23:30:00.000Z", /between the years 2000 and 2099/],
    ] as const) {
      const response = await get(query);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    const booking = await handleRestRequest(
      new Request("http://localhost:3000/api/appointments", {
        method: "POST",
        headers: { cookie: me.cookie, "content-type": "application/json" },
        body: JSON.stringify({
          title: "Far future",
          startTime: "+275760-09-12T23:30:00.000Z",
          endTime: "+275760-09-13T00:00:00.000Z",
          status: "scheduled",
        }),
      }),
      { db: handle.db },
    );
    expect(booking.status).toBe(400);
    expect(((await booking.json()) as { message: string }).message).toMatch(/between the years 2000 and 2099/);
  });
});
