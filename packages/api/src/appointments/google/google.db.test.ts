import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { callerAs, createUser } from "../../testing";
import { googleEnv, startFakeGoogle, type FakeGoogle } from "../../testing/google-fake";
import { GOOGLE_REDIRECT, connectGoogle, consent } from "../../testing/google-connect";
import { backgroundTasks } from "../../shared/tasks";
import { handleRestRequest } from "../../http/rest";
import { calendarJob, syncGoogleCalendar } from "../calendar-sync";
import { publicHolidays } from "@coach/scheduling/holidays";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REDIRECT = GOOGLE_REDIRECT;

let handle: DbHandle;
let fake: FakeGoogle;
let coach: Awaited<ReturnType<typeof callerAs>>;
let client: Awaited<ReturnType<typeof callerAs>>;

beforeAll(async () => {
  fake = await startFakeGoogle();
  for (const [key, value] of Object.entries(googleEnv(fake))) vi.stubEnv(key, value);
  vi.stubEnv("DATA_DIR", mkdtempSync(path.join(os.tmpdir(), "coach-google-")));
  vi.stubEnv("RESEND_API_KEY", "");
  vi.stubEnv("APP_URL", "https://coach.example");
  handle = await createTestDb();
  const admin = await createUser(handle.db, { role: "admin" });
  coach = await callerAs(handle.db, admin.cookie);
  await coach.settings.updateAvailability({ timeZone: "UTC" });
  client = await callerAs(handle.db, (await createUser(handle.db, { firstName: "Ada", lastName: "Lovelace" })).cookie);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await fake?.close();
  await handle?.close();
});

function nextWeekday(weekday: number, hour: number, afterDays = 3): Date {
  const d = new Date(Date.now() + afterDays * DAY);
  // Public holidays are closed by default (US calendar): the next such weekday that is a working day.
  const closed = (x: Date) => publicHolidays("US", x.getUTCFullYear()).some((h) => h.date === x.toISOString().slice(0, 10));
  while (d.getUTCDay() !== weekday || closed(d)) d.setUTCDate(d.getUTCDate() + 1);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour));
}

const connect = () => connectGoogle(coach, fake);

describe("Google Calendar through the loopback fake", () => {
  it("saves credentials encrypted, shows only a masked secret, and builds an offline consent URL", async () => {
    const saved = await coach.settings.saveGoogleCalendar({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      redirectUri: REDIRECT,
    });
    const url = new URL(saved.authUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.baseUrl}/o/oauth2/v2/auth`);
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("prompt")).toBe("consent");
    expect(url.searchParams.get("client_id")).toBe(fake.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(REDIRECT);
    expect(url.searchParams.get("state")).toBeTruthy();

    const view = await coach.settings.googleCalendar();
    expect(view).toMatchObject({ clientId: fake.clientId, redirectUri: REDIRECT, connected: false });
    expect(view.clientSecret).not.toContain(fake.clientSecret);
    expect(view.clientSecret).toMatch(/^•+/);
    const [row] = await handle.db.select().from(schema.appSettings).where(eq(schema.appSettings.key, "google_calendar"));
    expect(JSON.stringify(row?.value)).not.toContain(fake.clientSecret);

    // Saving the masked value back keeps the stored secret.
    const again = await coach.settings.saveGoogleCalendar({
      clientId: fake.clientId,
      clientSecret: view.clientSecret,
      redirectUri: REDIRECT,
    });
    expect(new URL(again.authUrl!).searchParams.get("client_id")).toBe(fake.clientId);
    const audit = await handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "settings.google_calendar.save"));
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it("refuses a forged or reused state, then connects with the real one", async () => {
    const saved = await coach.settings.saveGoogleCalendar({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      redirectUri: REDIRECT,
    });
    const { code, state } = await consent(saved.authUrl!);
    await expect(coach.settings.completeGoogleAuthorization({ code, state: `${state}x` })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(coach.settings.completeGoogleAuthorization({ code })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // Another admin cannot complete this admin's authorization.
    const otherAdmin = await callerAs(handle.db, (await createUser(handle.db, { role: "admin" })).cookie);
    await expect(otherAdmin.settings.completeGoogleAuthorization({ code, state })).rejects.toMatchObject({ code: "BAD_REQUEST" });

    await expect(coach.settings.completeGoogleAuthorization({ code, state })).resolves.toEqual({ connected: true, message: null });
    expect(await coach.settings.googleCalendar()).toMatchObject({ connected: true, message: null });
    // The link works once.
    await expect(coach.settings.completeGoogleAuthorization({ code, state })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const [row] = await handle.db.select().from(schema.appSettings).where(eq(schema.appSettings.key, "google_calendar"));
    expect(JSON.stringify(row?.value)).not.toMatch(/ya29\.|1\/\//);
  });

  it("creates an event with a Meet link on booking, hides busy blocks, and deletes the event on cancel", async () => {
    await connect();
    const start = nextWeekday(2, 10);
    const booked = await client.appointments.create({
      title: "Board prep",
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + HOUR).toISOString(),
      appointmentType: "coaching",
    });
    const [row] = await handle.db.select().from(schema.appointments).where(eq(schema.appointments.id, booked.id));
    expect(row?.googleEventId).toBeTruthy();
    const event = fake.events.get(row!.googleEventId!);
    expect(event).toMatchObject({
      summary: "Coaching Session: Board prep",
      conferenceRequested: true,
      start: { dateTime: start.toISOString() },
    });

    // A busy block in the coach's calendar removes the slots it touches.
    const busyStart = new Date(start.getTime() + 4 * HOUR);
    const window = {
      startDate: new Date(start.getTime() - 2 * HOUR).toISOString(),
      endDate: new Date(start.getTime() + 8 * HOUR).toISOString(),
      appointmentType: "coaching" as const,
    };
    expect((await client.appointments.availableSlots(window)).map((s) => s.start)).toContain(busyStart.toISOString());
    fake.busy.push({ start: busyStart.toISOString(), end: new Date(busyStart.getTime() + HOUR).toISOString() });
    expect((await client.appointments.availableSlots(window)).map((s) => s.start)).not.toContain(busyStart.toISOString());
    await expect(
      client.appointments.create({
        title: "Clash",
        startTime: busyStart.toISOString(),
        endTime: new Date(busyStart.getTime() + HOUR).toISOString(),
        appointmentType: "coaching",
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });

    await client.appointments.cancel({ id: booked.id });
    expect(fake.deleted).toContain(row!.googleEventId);
    expect(fake.events.has(row!.googleEventId!)).toBe(false);
    fake.busy.length = 0;
  });

  it("refreshes an expired access token and keeps working", async () => {
    await connect();
    fake.expireAccessTokens();
    const start = nextWeekday(3, 14);
    await client.appointments.availableSlots({ startDate: start.toISOString(), endDate: new Date(start.getTime() + DAY).toISOString() });
    expect(fake.requests.some((r) => r.path === "/token" && r.status === 200)).toBe(true);
    expect(await coach.settings.googleCalendar()).toMatchObject({ connected: true });
  });

  it("treats a revoked token as not connected, tells the coach, and keeps booking without Google", async () => {
    await connect();
    fake.revokeAll();
    const start = nextWeekday(4, 10);
    const slots = await client.appointments.availableSlots({
      startDate: new Date(start.getTime() - 2 * HOUR).toISOString(),
      endDate: new Date(start.getTime() + 6 * HOUR).toISOString(),
      appointmentType: "coaching",
    });
    expect(slots.map((s) => s.start)).toContain(start.toISOString());
    const view = await coach.settings.googleCalendar();
    expect(view.connected).toBe(false);
    expect(view.message).toMatch(/expired or was revoked/);

    const eventsBefore = fake.events.size;
    const booked = await client.appointments.create({
      title: "Without Google",
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + HOUR).toISOString(),
      appointmentType: "coaching",
    });
    const [row] = await handle.db.select().from(schema.appointments).where(eq(schema.appointments.id, booked.id));
    expect(row?.googleEventId).toBeNull();
    expect(fake.events.size).toBe(eventsBefore);
  });

  it("disconnects on request, and only admins may touch these settings", async () => {
    await connect();
    await coach.settings.disconnectGoogleCalendar();
    expect(await coach.settings.googleCalendar()).toMatchObject({ connected: false });
    await expect(client.settings.googleCalendar()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(client.settings.saveGoogleCalendar({ clientId: "x", clientSecret: "y", redirectUri: REDIRECT })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(client.settings.disconnectGoogleCalendar()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(client.settings.updateAvailability({})).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("two-way sync with the fake's sync tokens", () => {
  it("patches the event on reschedule, and brings a move or delete made in Google back within one sync", async () => {
    if (!(await coach.settings.googleCalendar()).connected) await connect();
    await coach.settings.updateAvailability({ timeZone: "UTC", policy: { maxFutureBookings: 10 } });
    const start = nextWeekday(2, 10, 20);
    const booked = await client.appointments.create({
      title: "Sync",
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + HOUR).toISOString(),
      appointmentType: "coaching",
    });
    const [row] = await handle.db.select().from(schema.appointments).where(eq(schema.appointments.id, booked.id));
    const eventId = row!.googleEventId!;
    await syncGoogleCalendar(handle.db); // takes the first sync token
    const inserts = fake.requests.filter((r) => r.method === "POST" && r.path.includes("/events")).length;

    const later = new Date(start.getTime() + 3 * HOUR);
    await client.appointments.reschedule({
      id: booked.id,
      startTime: later.toISOString(),
      endTime: new Date(later.getTime() + HOUR).toISOString(),
    });
    expect(fake.patched).toContain(eventId);
    expect(fake.events.get(eventId)?.start.dateTime).toBe(later.toISOString());
    expect(fake.requests.filter((r) => r.method === "POST" && r.path.includes("/events")).length).toBe(inserts);

    // The coach moves it in Google: one sync moves the booking.
    const moved = new Date(start.getTime() + 5 * HOUR);
    fake.moveEvent(eventId, moved.toISOString(), new Date(moved.getTime() + HOUR).toISOString());
    expect(await syncGoogleCalendar(handle.db)).toMatchObject({ moved: 1, fullSync: false });
    const mine = await client.appointments.mine();
    expect(mine.find((a) => a.id === booked.id)?.startTime.toISOString()).toBe(moved.toISOString());

    // A move onto another booking is flagged, not applied.
    const other = await callerAs(handle.db, (await createUser(handle.db)).cookie);
    const blocker = nextWeekday(2, 9, 20);
    await other.appointments.create({
      title: "Other",
      startTime: blocker.toISOString(),
      endTime: new Date(blocker.getTime() + HOUR).toISOString(),
      appointmentType: "coaching",
    });
    fake.moveEvent(eventId, blocker.toISOString(), new Date(blocker.getTime() + HOUR).toISOString());
    expect(await syncGoogleCalendar(handle.db)).toMatchObject({ conflicts: 1 });
    const [flagged] = await handle.db.select().from(schema.appointments).where(eq(schema.appointments.id, booked.id));
    expect(flagged).toMatchObject({ startTime: moved, syncConflict: expect.stringContaining("overlaps another booking") });

    // A delete in Google cancels the booking within one sync.
    fake.deleteEvent(eventId);
    expect(await syncGoogleCalendar(handle.db)).toMatchObject({ canceled: 1 });
    expect((await client.appointments.mine()).some((a) => a.id === booked.id)).toBe(false);
    // An expired token (410) falls back to a full sync, which changes nothing already applied.
    fake.expireSyncTokens();
    expect(await syncGoogleCalendar(handle.db)).toMatchObject({ fullSync: true, moved: 0, canceled: 0 });
  });

  it("leaves a session that already took place as it was when its event is deleted or moved in Google", async () => {
    if (!(await coach.settings.googleCalendar()).connected) await connect();
    const ada = await createUser(handle.db, { firstName: "Past", lastName: "Client" });
    const now = Date.now();
    // The coach records a session held by phone two days ago, and that it was attended.
    const held = await coach.admin.appointments.bookForClient({
      userId: ada.user.id,
      appointmentType: "coaching",
      title: "Held by phone",
      startTime: new Date(now - 48 * HOUR),
      endTime: new Date(now - 47 * HOUR),
    });
    await coach.admin.appointments.attendance({ id: held.id, attendance: "attended" });
    const [row] = await handle.db.select().from(schema.appointments).where(eq(schema.appointments.id, held.id));
    const eventId = row!.googleEventId!;
    await syncGoogleCalendar(handle.db);

    // Tidying her calendar, she drags the old event elsewhere, then deletes it.
    const later = nextWeekday(3, 10, 30);
    fake.moveEvent(eventId, later.toISOString(), new Date(later.getTime() + HOUR).toISOString());
    expect(await syncGoogleCalendar(handle.db)).toMatchObject({ moved: 0 });
    fake.deleteEvent(eventId);
    expect(await syncGoogleCalendar(handle.db)).toMatchObject({ canceled: 0 });

    const [after] = await handle.db.select().from(schema.appointments).where(eq(schema.appointments.id, held.id));
    expect(after).toMatchObject({ status: "completed", attendance: "attended", startTime: new Date(now - 48 * HOUR) });
    const mail = await handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, ada.user.email));
    expect(mail.filter((m) => m.kind === "booking-cancellation" || m.kind === "booking-rescheduled")).toEqual([]);
  });
});

/** The REST API on a loopback port, so the fake can POST its notifications over real HTTP. */
async function startApp(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(key, value);
      const request = new Request(`http://127.0.0.1${req.url ?? "/"}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      const response = await handleRestRequest(request, { db: handle.db });
      res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("push notifications (events.watch)", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp();
    fake.deliverTo = app.origin;
  });
  afterAll(async () => {
    fake.deliverTo = null;
    await app?.close();
  });

  const watches = () => fake.requests.filter((r) => r.method === "POST" && r.path.endsWith("/events/watch")).length;
  const lists = () => fake.requests.filter((r) => r.method === "GET" && r.path.includes("/events")).length;
  const storedChannels = async () => {
    const [row] = await handle.db.select().from(schema.appSettings).where(eq(schema.appSettings.key, "google_calendar_watch"));
    return ((row?.value as { channels?: Array<{ id: string }> } | undefined)?.channels ?? []).map((c) => c.id);
  };
  const liveChannel = () => {
    const [channel] = fake.channels.values();
    if (!channel || fake.channels.size !== 1) throw new Error(`expected one live channel, found ${fake.channels.size}`);
    return channel;
  };
  const notifyBy = (headers: Record<string, string>) =>
    fetch(`${app.origin}/api/google/calendar/notifications`, {
      method: "POST",
      headers: { "x-goog-resource-state": "exists", ...headers },
    });
  const startOf = async (id: number) => (await client.appointments.mine()).find((a) => a.id === id)?.startTime.toISOString();

  let bookingId: number;
  let eventId: string;

  it("registers a channel after connecting only when APP_URL is public https", async () => {
    await coach.settings.disconnectGoogleCalendar();
    expect(fake.channels.size).toBe(0);
    for (const url of [
      "http://localhost:3000",
      "https://localhost",
      "https://192.168.1.20",
      "https://10.1.2.3:8443",
      "https://[::1]",
      "http://coach.example",
    ]) {
      vi.stubEnv("APP_URL", url);
      const before = watches();
      await connect();
      await calendarJob(handle.db);
      expect({ url, watches: watches() - before, live: fake.channels.size }).toEqual({ url, watches: 0, live: 0 });
    }
    vi.stubEnv("APP_URL", "https://coach.example");
    await connect();
    const channel = liveChannel();
    expect(channel.address).toBe("https://coach.example/api/google/calendar/notifications");
    expect(await storedChannels()).toEqual([channel.id]);
    const [row] = await handle.db.select().from(schema.appSettings).where(eq(schema.appSettings.key, "google_calendar_watch"));
    expect(JSON.stringify(row?.value)).not.toContain(channel.token);
    // Google's first message ("sync"), which may arrive before its answer to the watch request, is accepted.
    await vi.waitFor(() => expect(fake.deliveries.find((d) => d.channelId === channel.id)).toMatchObject({ state: "sync", status: 200 }));
  });

  it("refuses a notification with a wrong channel, token or resource, and does nothing", async () => {
    const start = nextWeekday(3, 10, 30);
    const booked = await client.appointments.create({
      title: "Push",
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + HOUR).toISOString(),
      appointmentType: "coaching",
    });
    bookingId = booked.id;
    const [row] = await handle.db.select().from(schema.appointments).where(eq(schema.appointments.id, booked.id));
    eventId = row!.googleEventId!;
    await syncGoogleCalendar(handle.db);
    const moved = new Date(start.getTime() + 2 * HOUR);
    fake.moveEvent(eventId, moved.toISOString(), new Date(moved.getTime() + HOUR).toISOString());

    const channel = liveChannel();
    const right = { "x-goog-channel-id": channel.id, "x-goog-channel-token": channel.token!, "x-goog-resource-id": channel.resourceId };
    const before = lists();
    for (const forged of [
      { ...right, "x-goog-channel-token": `${channel.token}x` },
      { ...right, "x-goog-channel-token": "" },
      { ...right, "x-goog-channel-id": "00000000-0000-4000-8000-000000000000" },
      { ...right, "x-goog-resource-id": "res-someone-else" },
    ]) {
      const response = await notifyBy(forged);
      expect(response.status).toBe(403);
    }
    // The right headers on a channel whose time has run out (Google stops sending; a replay does not).
    const watchRow = async () =>
      (await handle.db.select().from(schema.appSettings).where(eq(schema.appSettings.key, "google_calendar_watch")))[0]!;
    const stored = (await watchRow()).value as { channels: Array<{ expiration: number | null }> };
    const setExpiration = (expiration: number | null) =>
      handle.db
        .update(schema.appSettings)
        .set({ value: { ...stored, channels: stored.channels.map((c) => ({ ...c, expiration })) } })
        .where(eq(schema.appSettings.key, "google_calendar_watch"));
    const liveUntil = stored.channels[0]!.expiration;
    await setExpiration(Date.now() - 1000);
    expect((await notifyBy(right)).status).toBe(403);
    await setExpiration(liveUntil);
    await backgroundTasks.drain();
    expect(lists()).toBe(before);
    expect(await startOf(booked.id)).toBe(start.toISOString());
  });

  it("with the right channel and token, syncs at once: the move made in Google is on the booking", async () => {
    const expected = fake.events.get(eventId)!.start.dateTime;
    expect(await fake.notify()).toEqual([200]);
    await backgroundTasks.drain();
    expect(await startOf(bookingId)).toBe(expected);
  });

  it("lets one of several simultaneous runs sync (the claim), and renews the channel a day before it ends", async () => {
    const before = lists();
    // Google answering slowly keeps the first run inside its claim while the others try to take it
    // (without it a fast run may finish before the third one starts, and that one rightly runs too).
    fake.latencyMs = 300;
    const runs = await Promise.all([calendarJob(handle.db), calendarJob(handle.db), calendarJob(handle.db)]).finally(() => {
      fake.latencyMs = 0;
    });
    expect(runs.filter((r) => r !== undefined)).toHaveLength(1);
    expect(runs.find((r) => r !== undefined)).toMatchObject({ watch: "kept" });
    expect(lists() - before).toBe(1);

    const old = liveChannel();
    expect((await calendarJob(handle.db, old.expiration - 25 * HOUR))?.watch).toBe("kept");
    expect((await calendarJob(handle.db, old.expiration - 23 * HOUR))?.watch).toBe("renewed");
    const renewed = liveChannel();
    expect(renewed.id).not.toBe(old.id);
    expect(fake.stoppedChannels).toContain(old.id);
    expect(await storedChannels()).toEqual([renewed.id]);

    // The old channel's token no longer opens anything; the new channel's notifications sync.
    const oldHeaders = { "x-goog-channel-id": old.id, "x-goog-channel-token": old.token!, "x-goog-resource-id": old.resourceId };
    expect((await notifyBy(oldHeaders)).status).toBe(403);
    const later = new Date(Date.parse(fake.events.get(eventId)!.start.dateTime) + HOUR);
    fake.moveEvent(eventId, later.toISOString(), new Date(later.getTime() + HOUR).toISOString());
    expect(await fake.notify()).toEqual([200]);
    await backgroundTasks.drain();
    expect(await startOf(bookingId)).toBe(later.toISOString());
  });

  it("stops the channel when the coach disconnects Google", async () => {
    const channel = liveChannel();
    await coach.settings.disconnectGoogleCalendar();
    expect(fake.stoppedChannels).toContain(channel.id);
    expect(fake.channels.size).toBe(0);
    expect(await storedChannels()).toEqual([]);
    const late = await notifyBy({
      "x-goog-channel-id": channel.id,
      "x-goog-channel-token": channel.token!,
      "x-goog-resource-id": channel.resourceId,
    });
    expect(late.status).toBe(403);
  });
});
