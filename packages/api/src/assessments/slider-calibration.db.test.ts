import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIN_SLIDER_CALIBRATION_PEOPLE } from "@coach/assessments";
import { invalidatingFlags, readResultData } from "@coach/assessments/results";
import { schema, seedContent, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { handleRestRequest } from "../http/rest";
import { callerAs, callerFor, createUser, seedRespondents } from "../testing";
import { recalibrateDueTests } from "./calibration";

/**
 * The leadership test calibrated on the people who took it (decision 58): refused below 2,000 people
 * with how many more are needed; then fitted over REST, and the next taker's questions are chosen and
 * scored with the fitted parameters, the result says whom it compares with, and the published item
 * bank and the methodology say what the parameters rest on.
 */
let handle: DbHandle;
const testIds = {} as Record<schema.TestType, number>;
let adminCookie: string;

beforeAll(async () => {
  handle = await createTestDb();
  await seedContent(handle.db);
  for (const t of await handle.db.select().from(schema.tests)) testIds[t.type] = t.id;
  adminCookie = (await createUser(handle.db, { role: "admin" })).cookie;
});
afterAll(async () => handle?.close());

const rest = (path: string, init: RequestInit & { cookie?: string } = {}) =>
  handleRestRequest(
    new Request(`http://localhost:3000/api${path}`, { ...init, headers: { ...(init.cookie ? { cookie: init.cookie } : {}) } }),
    { db: handle.db },
  );

type View = {
  people: number;
  minimum: number;
  calibration: {
    n: number;
    items: { scale: string | null; b: number | null; thresholds: number[] | null }[];
    information: unknown[];
  } | null;
};

/**
 * Answers every leadership question in order (the spec's flow) as one consistent person would: a
 * fixed level per style, agreeing or disagreeing as the published keying says. Same answers each time.
 */
async function takeWholeForm(caller: Awaited<ReturnType<typeof callerAs>>) {
  const bank = (await (await rest(`/tests/${testIds.leadership}/items`)).json()) as {
    items: { questionId: number; scale: string; keying: 1 | -1 }[];
  };
  const scales = [...new Set(bank.items.map((it) => it.scale))].sort();
  const item = new Map(bank.items.map((it) => [it.questionId, it]));
  const attempt = await caller.attempts.start({ id: testIds.leadership });
  const { questions } = await caller.tests.byId({ id: testIds.leadership });
  for (const q of questions) {
    const { scale, keying } = item.get(q.id)!;
    const level = -1.25 + 0.5 * scales.indexOf(scale);
    const answer = String(Math.min(5, Math.max(1, Math.round(3 + 1.4 * keying * level))));
    await caller.attempts.answer({ attemptId: attempt.id, questionId: q.id, answer });
  }
  return caller.attempts.complete({ attemptId: attempt.id });
}

describe("calibrating the leadership test", () => {
  let view: View;
  let returning: Awaited<ReturnType<typeof callerAs>>;
  let returningId: number;

  it("refuses below the minimum, saying how many more people are needed", async () => {
    await seedRespondents(handle.db, { people: 300, types: ["leadership"], seed: 11, prefix: "lead-a" });
    const before = (await (await rest(`/admin/tests/${testIds.leadership}/calibration`, { cookie: adminCookie })).json()) as View;
    expect(before).toMatchObject({ minimum: MIN_SLIDER_CALIBRATION_PEOPLE, calibration: null });
    expect(before.people).toBeGreaterThan(250);
    const refused = await rest(`/admin/tests/${testIds.leadership}/calibrate`, { method: "POST", cookie: adminCookie });
    expect(refused.status).toBe(422);
    const needed = MIN_SLIDER_CALIBRATION_PEOPLE - before.people;
    expect(JSON.stringify(await refused.json())).toContain(
      `Calibration needs at least ${MIN_SLIDER_CALIBRATION_PEOPLE} people; ${before.people} have taken this test, ${needed} more are needed.`,
    );
    // Someone who takes it now, on the provisional parameters, and again after the calibration.
    const person = await createUser(handle.db);
    returningId = person.user.id;
    returning = await callerAs(handle.db, person.cookie);
    const provisional = await takeWholeForm(returning);
    expect(provisional.resultData).not.toHaveProperty("calibratedOn");
    expect(invalidatingFlags(provisional.resultData)).toEqual([]);
  }, 120_000);

  it("fits every style's statements to 2,000+ people over REST", async () => {
    let round = 0;
    let people = 0;
    while (people < MIN_SLIDER_CALIBRATION_PEOPLE) {
      round += 1;
      await seedRespondents(handle.db, { people: 600, types: ["leadership"], seed: 20 + round, prefix: `lead-b${round}` });
      people = ((await (await rest(`/admin/tests/${testIds.leadership}/calibration`, { cookie: adminCookie })).json()) as View).people;
    }
    const response = await rest(`/admin/tests/${testIds.leadership}/calibrate`, { method: "POST", cookie: adminCookie });
    expect(response.status).toBe(200);
    view = (await response.json()) as View;
    expect(view.calibration!.n).toBe(people);
    expect(view.calibration!.information).toEqual([]);
    const items = view.calibration!.items;
    expect(new Set(items.map((it) => it.scale)).size).toBe(6);
    for (const item of items) {
      expect(item.b).toBeNull();
      const t = item.thresholds!;
      expect(t).toHaveLength(4);
      for (let k = 1; k < 4; k++) expect(t[k]!).toBeGreaterThan(t[k - 1]!);
    }
  }, 240_000);

  it("chooses and scores the next taker's questions with the fitted parameters, and says whom the scores compare with", async () => {
    const n = view.calibration!.n;
    const taker = await callerAs(handle.db, (await createUser(handle.db)).cookie);
    const step = await taker.attempts.start({ id: testIds.leadership });
    let next = step.next;
    let i = 0;
    while (next) {
      const saved = await taker.attempts.answer({ attemptId: step.id, questionId: next.id, answer: String(1 + (i++ % 5)) });
      next = saved.next;
    }
    const done = await taker.attempts.complete({ attemptId: step.id });
    expect(readResultData("leadership", done.resultData).data).toMatchObject({ calibratedOn: n });

    const bank = (await (await rest(`/tests/${testIds.leadership}/items`)).json()) as { items: { basedOn: number }[] };
    expect(bank.items.every((it) => it.basedOn === n)).toBe(true);
    const methodology = await (await callerFor(handle.db)).tests.methodology();
    expect(methodology.find((t) => t.testId === testIds.leadership)!.norm).toMatchObject({ kind: "calibrated", n });
    expect(methodology.find((t) => t.testId === testIds.personality)!.norm).toBeNull();
  });

  it("compares a result from before the calibration with one after it on one scale: the same answers show no change", async () => {
    // A goal on one style, set by the coach on the result from before the calibration.
    const coach = await callerAs(handle.db, adminCookie);
    await coach.admin.clients.createGoal({
      userId: returningId,
      title: "Coach more",
      measure: "Leadership: Coaching",
      scale: { testId: testIds.leadership, scaleKey: "coaching", target: 70 },
    });
    const after = await takeWholeForm(returning);
    expect(after.resultData).toMatchObject({ calibratedOn: view.calibration!.n });
    const [latest] = await returning.attempts.history();
    expect(latest!.id).toBe(after.id);
    const scales = Object.values(latest!.change!.scales);
    expect(scales).toHaveLength(6);
    for (const s of scales) expect(s).toEqual({ delta: 0, rci: 0, reliable: false });
    // The goal's progress takes the same test: no change since the goal was set.
    const [goal] = (await returning.coaching.portal()).goals;
    expect(goal!.scale!.progress.change).toMatchObject({ delta: 0, reliable: false });
  });

  it("is left alone by the scheduled run until a day has passed and 10% more people have taken it", async () => {
    const tomorrow = new Date(Date.now() + 25 * 3_600_000);
    expect((await recalibrateDueTests(handle.db, tomorrow)).calibrated).toEqual([]);
  });
});
