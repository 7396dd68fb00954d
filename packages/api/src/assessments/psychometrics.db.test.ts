import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TRPCError } from "@trpc/server";
import { eq, schema, seedContent, type DbHandle } from "@coach/db";
import { invalidatingFlags } from "@coach/assessments/results";
import { createTestDb } from "@coach/db/testing";
import { callerAs, callerFor, createUser, seedRespondents } from "../testing";
import { handleRestRequest } from "../http/rest";
import { recalibrateDueTests } from "./calibration";

/**
 * The figures that come from people's answers: the public methodology (reliability with its
 * interval, from 30 people), the IQ calibration (from 200 people) and the scores that follow it.
 * One database, built up step by step: 37 people, then 207, then 228.
 */
let handle: DbHandle;
const testIds = {} as Record<schema.TestType, number>;
let admin: Awaited<ReturnType<typeof callerAs>>;
let adminCookie: string;

beforeAll(async () => {
  handle = await createTestDb();
  await seedContent(handle.db);
  for (const t of await handle.db.select().from(schema.tests)) testIds[t.type] = t.id;
  const coach = await createUser(handle.db, { role: "admin" });
  admin = await callerAs(handle.db, coach.cookie);
  adminCookie = coach.cookie;
});
afterAll(async () => handle?.close());
afterEach(() => vi.useRealTimers());

const MINUTE = 60_000;
/** The public figures are cached for a few minutes; this moves the clock past that. */
function minutesLater(minutes: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + minutes * MINUTE);
}

const rest = (path: string, init: RequestInit & { cookie?: string } = {}) =>
  handleRestRequest(
    new Request(`http://localhost:3000/api${path}`, { ...init, headers: { ...(init.cookie ? { cookie: init.cookie } : {}) } }),
    { db: handle.db },
  );

async function takeIq(correct: number) {
  const u = await createUser(handle.db);
  const caller = await callerAs(handle.db, u.cookie);
  const attempt = await caller.attempts.start({ id: testIds.iq });
  const questions = (await caller.tests.byId({ id: testIds.iq })).questions;
  const keys = new Map((await handle.db.select().from(schema.questions)).map((q) => [q.id, q.correctAnswer]));
  for (const [i, q] of questions.entries()) {
    const right = keys.get(q.id)!;
    await caller.attempts.answer({
      attemptId: attempt.id,
      questionId: q.id,
      answer: i < correct ? right : q.options!.find((o) => o !== right)!,
    });
  }
  return caller.attempts.complete({ attemptId: attempt.id });
}

describe("methodology and calibration as people take the tests", () => {
  it("publishes no reliability before 30 people, and the IQ norm as provisional", async () => {
    const anonymous = await callerFor(handle.db);
    const tests = await anonymous.tests.methodology();
    expect(tests.map((t) => t.type).sort()).toEqual(["eq", "iq", "leadership", "personality"]);
    for (const t of tests) {
      expect(t.items).toBeGreaterThan(0);
      expect(t.scales.length).toBeGreaterThan(0);
      for (const s of t.scales) expect(s).toMatchObject({ n: 0, reliability: null, minimumN: 30 });
    }
    expect(tests.find((t) => t.type === "iq")!.norm).toEqual({ kind: "provisional", n: null, date: null });
    expect(tests.find((t) => t.type === "eq")!.norm).toEqual({ kind: "provisional", n: null, date: null });
    expect(tests.find((t) => t.type === "personality")!.norm).toBeNull();
    const viaRest = await rest("/tests/methodology");
    expect(viaRest.status).toBe(200);
    expect(((await viaRest.json()) as unknown[]).length).toBe(4);
  });

  it("refuses to calibrate with fewer than 200 people and says how many more are needed (422)", async () => {
    await seedRespondents(handle.db, { people: 37, seed: 7, prefix: "first" });
    await expect(admin.admin.tests.calibrate({ id: testIds.iq })).rejects.toThrow(
      "Calibration needs at least 200 people; 37 have taken this test, 163 more are needed.",
    );
    const response = await rest(`/admin/tests/${testIds.iq}/calibrate`, { method: "POST", cookie: adminCookie });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toMatch(/163 more are needed/);
    expect((await admin.admin.tests.calibration({ id: testIds.iq })).calibration).toBeNull();
  });

  it("refuses the personality test (422) and anyone who is not the coach", async () => {
    await expect(admin.admin.tests.calibrate({ id: testIds.personality })).rejects.toThrow(/The personality test is not calibrated/);
    expect((await rest(`/admin/tests/${testIds.personality}/calibrate`, { method: "POST", cookie: adminCookie })).status).toBe(422);
    const someone = await createUser(handle.db);
    const code = await (
      await callerAs(handle.db, someone.cookie)
    ).admin.tests
      .calibrate({ id: testIds.iq })
      .catch((e: TRPCError) => e.code);
    expect(code).toBe("FORBIDDEN");
    expect((await rest(`/admin/tests/${testIds.iq}/calibrate`, { method: "POST", cookie: someone.cookie })).status).toBe(403);
  });

  it("shows reliability with its 90% interval once 30 people have answered, recomputed at most every few minutes", async () => {
    const anonymous = await callerFor(handle.db);
    // Still the figures of a moment ago: the cache spares a recomputation on every request.
    expect((await anonymous.tests.methodology())[0]!.scales[0]!.n).toBe(0);
    minutesLater(6);
    const tests = await anonymous.tests.methodology();
    for (const t of tests) {
      // Over the 37 people's attempts that are measurements: a seeded person may have answered carelessly.
      const stored = await handle.db.select().from(schema.testAttempts).where(eq(schema.testAttempts.testId, t.testId));
      const measured = stored.filter((a) => invalidatingFlags(a.resultData).length === 0).length;
      expect(measured).toBeGreaterThanOrEqual(30);
      for (const s of t.scales) {
        expect(s.n).toBe(measured);
        expect(s.reliability).toMatchObject({ coefficient: t.type === "iq" ? "kr20" : "alpha", level: 0.9 });
        expect(s.reliability!.low).toBeLessThan(s.reliability!.value);
        expect(s.reliability!.high).toBeGreaterThan(s.reliability!.value);
      }
    }
  });

  it("calibrates the IQ test from 200+ people: N, date, item parameters and the information curve; later results are compared with those N people", async () => {
    await seedRespondents(handle.db, { people: 170, seed: 8, prefix: "second", types: ["iq"] });
    const view = await admin.admin.tests.calibrate({ id: testIds.iq });
    expect(view.calibration).toMatchObject({ n: 207 });
    expect(Date.parse(view.calibration!.date)).not.toBeNaN();
    const items = view.calibration!.items;
    expect(items.length).toBe((await admin.tests.byId({ id: testIds.iq })).questions.length);
    for (const item of items) {
      expect(item.a).toBeGreaterThan(0);
      expect(item.c).toBeGreaterThan(0);
      expect(Number.isFinite(item.b)).toBe(true);
    }
    expect(view.calibration!.information.map((p) => p.iq)).toEqual(Array.from({ length: 19 }, (_, i) => 55 + 5 * i));
    expect(await admin.admin.tests.calibration({ id: testIds.iq })).toEqual(view);

    // The public page shows it at once, not after the cache expires.
    const iq = (await (await callerFor(handle.db)).tests.methodology()).find((t) => t.type === "iq")!;
    expect(iq.norm).toEqual({ kind: "calibrated", n: 207, date: view.calibration!.date });

    // Well above guessing, so it is a measurement and counts among the people a recalibration rests on.
    const result = await takeIq(60);
    expect((result.resultData as { estimate: { norm: unknown } }).estimate.norm).toMatchObject({ kind: "calibrated", n: 207 });
    expect(result.resultSummary).toMatch(/207/);
  });

  it("recalibrates on schedule only after a day and 10% more people, and only once when two instances run together", async () => {
    expect((await recalibrateDueTests(handle.db)).calibrated).toEqual([]);
    const tomorrow = new Date(Date.now() + 25 * 60 * MINUTE);
    // 208 people now (the one above): not 10% more than 207.
    expect((await recalibrateDueTests(handle.db, tomorrow)).calibrated).toEqual([]);
    // A guessing-level attempt is not a measurement: the calibration does not rest on it (228, not 229).
    await takeIq(8);
    await seedRespondents(handle.db, { people: 20, seed: 9, prefix: "third", types: ["iq"] });
    const runs = await Promise.all([recalibrateDueTests(handle.db, tomorrow), recalibrateDueTests(handle.db, tomorrow)]);
    expect(runs.flatMap((r) => r.calibrated)).toEqual([{ testId: testIds.iq, n: 228 }]);
    expect((await admin.admin.tests.calibration({ id: testIds.iq })).calibration!.n).toBe(228);
  });
});
