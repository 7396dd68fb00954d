import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, schema, seedContent, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { callerAs, createUser } from "../testing";
import { takeSliderTest } from "../testing/coaching";
import { handleRestRequest } from "../http/rest";

let handle: DbHandle;
const testIds = {} as Record<schema.TestType, number>;
let coachCookie = "";

beforeAll(async () => {
  handle = await createTestDb();
  await seedContent(handle.db);
  for (const t of await handle.db.select().from(schema.tests)) testIds[t.type] = t.id;
  coachCookie = (await createUser(handle.db, { role: "admin" })).cookie;
});
afterAll(async () => handle?.close());

const coach = () => callerAs(handle.db, coachCookie);

describe("the Test Attempts tab's filters and scale scores", () => {
  it("narrows the list by test type, person and period on the server", async () => {
    const ada = await createUser(handle.db, { firstName: "Ada", lastName: "Byron", email: "ada.byron@example.test" });
    const ben = await createUser(handle.db, { firstName: "Ben", lastName: "Okri" });
    const done = (userId: number, type: schema.TestType, at: string) => ({
      userId,
      testId: testIds[type],
      completedAt: new Date(at),
      score: 50,
    });
    await handle.db.insert(schema.testAttempts).values([
      done(ada.user.id, "eq", "2026-03-01T10:00:00Z"),
      done(ada.user.id, "iq", "2026-03-15T10:00:00Z"),
      done(ben.user.id, "eq", "2026-03-20T10:00:00Z"),
      done(ben.user.id, "leadership", "2026-04-02T10:00:00Z"),
      { userId: ben.user.id, testId: testIds.eq }, // started, never completed
    ]);
    const c = await coach();
    const who = (rows: Array<{ user: { firstName: string | null }; test: { type: string } }>) =>
      rows.map((r) => `${r.user.firstName} ${r.test.type}`);

    expect(who(await c.admin.attempts.list())).toEqual(["Ben leadership", "Ben eq", "Ada iq", "Ada eq"]);
    expect(who(await c.admin.attempts.list({ testType: "eq" }))).toEqual(["Ben eq", "Ada eq"]);
    expect(who(await c.admin.attempts.list({ q: "ada.byron@" }))).toEqual(["Ada iq", "Ada eq"]);
    expect(who(await c.admin.attempts.list({ q: "OKRI", testType: "eq" }))).toEqual(["Ben eq"]);
    expect(who(await c.admin.attempts.list({ from: new Date("2026-03-10T00:00:00Z"), to: new Date("2026-03-31T23:59:59Z") }))).toEqual([
      "Ben eq",
      "Ada iq",
    ]);

    const rest = (query: string) =>
      handleRestRequest(new Request(`http://localhost:3000/api/admin/test-attempts${query}`, { headers: { cookie: coachCookie } }), {
        db: handle.db,
      });
    const filtered = await rest("?testType=leadership&from=2026-04-01T00:00:00Z");
    expect(filtered.status).toBe(200);
    expect(((await filtered.json()) as unknown[]).length).toBe(1);
    const backwards = await rest("?from=2026-04-01T00:00:00Z&to=2026-03-01T00:00:00Z");
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(await backwards.json())).toContain("The start of the period must be on or before its end.");
    expect((await rest("?testType=astrology")).status).toBe(400);
  });

  it("shows the scale scores the scorer stored beside the answers", async () => {
    const u = await createUser(handle.db, { firstName: "Cleo" });
    const client = await callerAs(handle.db, u.cookie);
    const attemptId = (await takeSliderTest(handle.db, client, testIds.eq, 4)).id;
    const detail = await (await coach()).admin.attempts.byId({ id: attemptId });
    const stored = await handle.db.select().from(schema.testAttempts).where(eq(schema.testAttempts.id, attemptId));
    const categories = (stored[0]!.resultData as { categories: Record<string, number> }).categories;

    expect(detail.scales[0]).toEqual(
      expect.objectContaining({ key: "overall", label: "Overall emotional intelligence", score: stored[0]!.score }),
    );
    // every category the scorer stored appears once, with its stored score, inside its range
    const byKey = new Map(detail.scales.map((s) => [s.key, s]));
    for (const [key, value] of Object.entries(categories)) {
      expect(byKey.get(key)?.score).toBe(value);
      expect(byKey.get(key)!.low).toBeLessThanOrEqual(value);
      expect(byKey.get(key)!.high).toBeGreaterThanOrEqual(value);
    }
    const answered = await handle.db
      .select()
      .from(schema.responses)
      .where(eq(schema.responses.attemptId, attemptId))
      .orderBy(asc(schema.responses.id));
    expect(detail.responses).toHaveLength(answered.length);
  });
});
