import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { callerAs, createUser } from "../../testing";
import { googleEnv, startFakeGoogle, type FakeGoogle } from "../../testing/google-fake";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REDIRECT = "https://coach.example/api/auth/google/callback";

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
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour));
}

/** Follows the consent URL to the fake, which redirects back with code and state, like a browser would. */
async function consent(authUrl: string): Promise<{ code: string; state: string }> {
  const response = await fetch(authUrl, { redirect: "manual" });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  return { code: back.searchParams.get("code") ?? "", state: back.searchParams.get("state") ?? "" };
}

async function connect() {
  const saved = await coach.settings.saveGoogleCalendar({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    redirectUri: REDIRECT,
  });
  const { code, state } = await consent(saved.authUrl!);
  return coach.settings.completeGoogleAuthorization({ code, state });
}

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
    const { syncGoogleCalendar } = await import("../calendar-sync");
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
});
