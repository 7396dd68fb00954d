import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { schema, seedContent, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { clientListSchema } from "@coach/validators/client-list";
import { callerAs, createUser } from "../testing";
import { handleRestRequest } from "../http/rest";
import { listClients } from "./service";

/**
 * 200 clients with sessions, action items and results, seeded in a few batched inserts, read as of a
 * fixed instant: Wednesday 2026-11-25 10:00 in New York (the coach's default zone), whose week runs
 * from Monday 23 05:00 UTC to Monday 30 05:00 UTC.
 */
const NOW = new Date("2026-11-25T15:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const pad = (i: number) => String(i).padStart(3, "0");

let handle: DbHandle;
const ids: number[] = []; // ids[i] is client i
let adminCookie = "";
let clientCookie = "";

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", mkdtempSync(path.join(os.tmpdir(), "coach-clients-")));
  vi.stubEnv("RESEND_API_KEY", "");
  handle = await createTestDb();
  const db = handle.db;
  await seedContent(db);
  adminCookie = (await createUser(db, { role: "admin", firstName: "Coach", lastName: "Aardvark" })).cookie;

  const people = Array.from({ length: 200 }, (_, i) => ({
    username: `client${pad(i)}`,
    email: `client${pad(i)}@example.test`,
    password: "not-a-hash: these accounts never sign in",
    firstName: i === 150 ? "Zelda" : i === 199 ? null : "Client",
    lastName: i === 150 ? "Quartermaine" : i === 199 ? null : pad(i),
  }));
  // Client 199 has no name: she is listed (and sorted) by her username, chosen to sort first.
  people[199]!.username = "aardvark";
  const rows = await db.insert(schema.users).values(people).returning({ id: schema.users.id });
  ids.push(...rows.map((r) => r.id));
  await db.insert(schema.users).values({ username: "gone", email: "gone@example.test", password: "x", anonymizedAt: NOW });

  const session = (i: number, start: Date, extra: Partial<typeof schema.appointments.$inferInsert> = {}) => ({
    userId: ids[i]!,
    title: `Session ${i}`,
    startTime: start,
    endTime: new Date(start.getTime() + HOUR),
    status: "scheduled" as const,
    ...extra,
  });
  await db.insert(schema.appointments).values([
    // clients 0-39 met k+1 days ago (0 on Tuesday, 1 on Monday: this week; 2 on Sunday: last week)
    ...Array.from({ length: 40 }, (_, i) => session(i, new Date(NOW.getTime() - (i + 1) * DAY), { status: "completed" })),
    // clients 0-9 also met two months ago: the last session is the newer one
    ...Array.from({ length: 10 }, (_, i) => session(i, new Date(NOW.getTime() - 60 * DAY - i * 2 * HOUR), { status: "completed" })),
    // clients 30-69 are booked, 69 soonest; 55-69 before next Monday
    ...Array.from({ length: 40 }, (_, k) => session(30 + k, new Date(NOW.getTime() + (40 - k) * 7 * HOUR))),
    // client 70's bookings were canceled, one this week and one ahead: neither counts
    session(70, new Date(NOW.getTime() - 3 * HOUR), { status: "canceled" }),
    session(70, new Date(NOW.getTime() + 3 * HOUR), { status: "canceled" }),
    // client 71 did not come this morning: a last session, not "seen"
    session(71, new Date(NOW.getTime() - 5 * HOUR), { status: "completed", attendance: "no-show" }),
    // client 72 met on Sunday 23:30 in New York (Monday in UTC): last week for the coach
    session(72, new Date("2026-11-23T04:30:00Z"), { status: "completed", attendance: "attended" }),
    // client 73 comes on Sunday 22:00 in New York (Monday in UTC): this week for the coach
    session(73, new Date("2026-11-30T03:00:00Z")),
  ]);

  await db
    .insert(schema.actionItems)
    .values([
      ...[100, 101, 102, 103, 104].map((i) => ({ userId: ids[i]!, text: "Overdue", dueDate: new Date("2026-11-24T00:00:00Z") })),
      { userId: ids[105]!, text: "Due today", dueDate: new Date("2026-11-25T00:00:00Z") },
      { userId: ids[106]!, text: "Done late", dueDate: new Date("2026-11-20T00:00:00Z"), doneAt: NOW },
      { userId: ids[107]!, text: "Someday" },
    ]);

  const tests = await db.select().from(schema.tests);
  const testOf = (type: string) => tests.find((t) => t.type === type)!.id;
  await db.insert(schema.testAttempts).values([
    { userId: ids[150]!, testId: testOf("personality"), completedAt: new Date(NOW.getTime() - 20 * DAY), resultType: "ENFP" },
    { userId: ids[150]!, testId: testOf("personality"), completedAt: new Date(NOW.getTime() - 2 * DAY), resultType: "INTJ" },
    {
      userId: ids[150]!,
      testId: testOf("iq"),
      completedAt: new Date(NOW.getTime() - 9 * DAY),
      score: 112,
      resultData: { band: "high average" },
    },
    { userId: ids[150]!, testId: testOf("eq"), resultType: "never finished" },
  ]);
  clientCookie = (await createUser(db)).cookie;
}, 120_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

const list = (input: Record<string, unknown> = {}) => listClients(handle.db, clientListSchema.parse(input), NOW);
const index = (id: number) => ids.indexOf(id);

describe("the Clients view", () => {
  it("lists the 200 clients by name, 25 a page, without the coach or deleted accounts", async () => {
    const first = await list();
    expect(first.total).toBe(201); // 200 + the plain client account created last
    expect(first.items).toHaveLength(25);
    expect(first.items[0]!.name).toBe("aardvark");
    expect(first.items.slice(1, 4).map((c) => c.name)).toEqual(["Client 000", "Client 001", "Client 002"]);
    expect(first.items.some((c) => c.name.startsWith("Coach"))).toBe(false);
    // 201 clients: the ninth page holds the last one alone
    expect((await list({ page: 9 })).items.map((c) => c.name)).toEqual(["Zelda Quartermaine"]);
    expect((await list({ page: 10 })).items).toEqual([]);
  });

  it("finds a client by part of her name or her email, case-insensitively", async () => {
    const byName = await list({ q: "quarterMAINE" });
    expect(byName.items.map((c) => c.name)).toEqual(["Zelda Quartermaine"]);
    expect(byName.items[0]!.company).toBeNull();
    expect((await list({ q: "client042@example" })).items.map((c) => index(c.id))).toEqual([42]);
    expect((await list({ q: "100%" })).total).toBe(0);
  });

  it("shows last and next sessions from bookings that were not canceled", async () => {
    const [c5] = (await list({ q: "client005@" })).items;
    expect(c5!.lastSession).toEqual(new Date(NOW.getTime() - 6 * DAY));
    expect(c5!.nextSession).toBeNull();
    const [c35] = (await list({ q: "client035@" })).items;
    expect(c35!.lastSession).toEqual(new Date(NOW.getTime() - 36 * DAY));
    expect(c35!.nextSession).toEqual(new Date(NOW.getTime() + 35 * 7 * HOUR));
    const [c70] = (await list({ q: "client070@" })).items;
    expect([c70!.lastSession, c70!.nextSession]).toEqual([null, null]);
  });

  it("sorts by last session, latest first and never-met clients last", async () => {
    const page = await list({ sort: "last-session" });
    expect(page.items.slice(0, 5).map((c) => index(c.id))).toEqual([71, 0, 1, 72, 2]);
    const times = page.items.map((c) => c.lastSession!.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const tail = await list({ sort: "last-session", page: 2 });
    // 42 clients have met the coach: from the 43rd on, nobody has a last session
    expect(tail.items.slice(0, 17).every((c) => c.lastSession !== null)).toBe(true);
    expect(tail.items.slice(17).every((c) => c.lastSession === null)).toBe(true);
  });

  it("sorts by next session, soonest first and unbooked clients last", async () => {
    const first = await list({ sort: "next-session" });
    expect(first.items.map((c) => index(c.id))).toEqual([
      69, 68, 67, 66, 65, 64, 63, 62, 61, 60, 59, 58, 57, 56, 55, 73, 54, 53, 52, 51, 50, 49, 48, 47, 46,
    ]);
    const second = await list({ sort: "next-session", page: 2 });
    expect(second.items.slice(0, 16).map((c) => index(c.id))).toEqual([45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30]);
    expect(second.items.slice(16).every((c) => c.nextSession === null)).toBe(true);
  });

  it('"seen this week": a session in the coach\'s Monday-to-Sunday week, canceled and no-shows aside', async () => {
    const seen = await list({ filter: "seen-this-week", sort: "next-session" });
    expect(seen.week).toEqual({
      from: new Date("2026-11-23T05:00:00Z"),
      to: new Date("2026-11-30T05:00:00Z"),
      timeZone: "America/New_York",
    });
    expect(seen.items.map((c) => index(c.id)).sort((a, b) => a - b)).toEqual([
      0, 1, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 73,
    ]);
    expect(seen.total).toBe(18);
  });

  it('"no session booked": nothing ahead that is not canceled', async () => {
    const none = await list({ filter: "no-session-booked" });
    expect(none.total).toBe(201 - 41);
    const all = [];
    for (let page = 1; page <= 7; page++) all.push(...(await list({ filter: "no-session-booked", page })).items);
    const listed = new Set(all.map((c) => index(c.id)));
    expect(listed.has(70)).toBe(true);
    expect([30, 45, 69, 73].some((i) => listed.has(i))).toBe(false);
  });

  it('"overdue items": an open item whose due day has passed in the coach\'s zone', async () => {
    const overdue = await list({ filter: "overdue-items" });
    expect(overdue.items.map((c) => index(c.id))).toEqual([100, 101, 102, 103, 104]);
    expect(overdue.items.every((c) => c.openActionItems === 1 && c.overdueActionItems === 1)).toBe(true);
    const counts = await Promise.all([105, 106, 107].map(async (i) => (await list({ q: `client${pad(i)}@` })).items[0]!));
    expect(counts.map((c) => [c.openActionItems, c.overdueActionItems])).toEqual([
      [1, 0],
      [0, 0],
      [1, 0],
    ]);
  });

  it("names each test's latest completed result", async () => {
    const [zelda] = (await list({ q: "zelda" })).items;
    expect(zelda!.latestResults.map((r) => [r.testType, r.summary])).toEqual([
      ["personality", "Type INTJ"],
      ["iq", "Estimated IQ 112 (high average)"],
    ]);
  });

  it("answers over REST for the coach only, with a clear 400 for a bad sort", async () => {
    const get = (query: string, cookie: string) =>
      handleRestRequest(new Request(`http://localhost:3000/api/admin/clients${query}`, { headers: { cookie } }), { db: handle.db });
    const ok = await get("?q=zelda&sort=next-session&filter=all&page=1", adminCookie);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { items: Array<{ name: string; company: null }>; total: number };
    expect(body.items.map((c) => c.name)).toEqual(["Zelda Quartermaine"]);
    expect((await get("", clientCookie)).status).toBe(403);
    const bad = await get("?sort=age", adminCookie);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("Sort must be one of: name, last-session, next-session");
    const caller = await callerAs(handle.db, adminCookie);
    expect((await caller.admin.clients.list({ q: "client012@" })).items.map((c) => index(c.id))).toEqual([12]);
  });
});
