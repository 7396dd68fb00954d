import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, schema, seedContent, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { scoreAttempt, withSliderCalibration, type SliderCalibration } from "@coach/assessments";
import { createUser } from "../testing";
import { handleRestRequest } from "../http/rest";
import { MIN_REPLICATION_N, replication, wilson } from "./replication";

/**
 * Live replication on the methodology page: people who retook the leadership test, scored by the
 * real scorer on the seeded items and stored as the API stores results.
 */
let handle: DbHandle;
let leadership: { id: number; type: "leadership" };
let questions: Awaited<ReturnType<typeof loadQuestions>>;

const loadQuestions = (db: DbHandle["db"], testId: number) =>
  db.select().from(schema.questions).where(eq(schema.questions.testId, testId)).orderBy(asc(schema.questions.order));

/** A database of its own, seeded (the recalibration case must not rescore the first case's retakers). */
async function freshDatabase() {
  await handle?.close();
  handle = await createTestDb();
  await seedContent(handle.db);
  const [test] = await handle.db.select().from(schema.tests).where(eq(schema.tests.type, "leadership"));
  leadership = { id: test!.id, type: "leadership" };
  questions = await loadQuestions(handle.db, test!.id);
}
beforeAll(freshDatabase);
afterAll(async () => handle?.close());

/** Answers that make one style clearly the most used and the rest mildly less, as a consistent person gives. */
function clearly(style: string | null) {
  return Object.fromEntries(
    questions.map((q, i) => {
      if (style === null) return [String(q.id), "4"];
      const level = q.scoring?.scale === style ? 5 : 3 - (i % 2);
      return [String(q.id), String(q.scoring?.reverse ? 6 - level : level)];
    }),
  );
}

const DAY = 86_400_000;
async function stored(userId: number, answers: Record<string, string>, completedAt: Date, calibration: SliderCalibration | null = null) {
  const result = scoreAttempt("leadership", withSliderCalibration(questions, calibration), answers);
  const [attempt] = await handle.db
    .insert(schema.testAttempts)
    .values({
      userId,
      testId: leadership.id,
      startedAt: new Date(completedAt.getTime() - 600_000),
      completedAt,
      score: result.score,
      resultType: result.resultType,
      resultSummary: result.resultSummary,
      resultData: result.resultData as Record<string, unknown>,
    })
    .returning();
  await handle.db
    .insert(schema.responses)
    .values(Object.entries(answers).map(([questionId, answer]) => ({ attemptId: attempt!.id, questionId: Number(questionId), answer })));
  return result.resultData as { primary: string | null; highest: string; quality: { flags: string[] } };
}

async function retaker(first: string | null, second: string | null, daysApart: number) {
  const { user } = await createUser(handle.db);
  const start = new Date("2026-09-01T10:00:00Z");
  const a = await stored(user.id, clearly(first), start);
  const b = await stored(user.id, clearly(second), new Date(start.getTime() + daysApart * DAY));
  return [a, b] as const;
}

describe("live replication of named verdicts", () => {
  it("says 'not enough' below the minimum, then the share whose named style came back with its 90% interval and N", async () => {
    const [first] = await retaker("visionary", "visionary", 10);
    expect(first.primary).toBe("visionary");
    // Not counted: a retake after the window, a first attempt that is not a measurement.
    await retaker("visionary", "commanding", 90);
    const [flat] = await retaker(null, "visionary", 10);
    expect(flat.quality.flags).toContain("straight-lining");
    for (let i = 1; i < MIN_REPLICATION_N - 1; i++) await retaker("visionary", i % 4 === 0 ? "commanding" : "visionary", 20);
    const few = (await replication(handle.db, leadership))!;
    expect(few).toMatchObject({ n: MIN_REPLICATION_N - 1, share: null, low: null, high: null, unit: "people", windowDays: 60 });

    await retaker("coaching", "coaching", 59);
    const enough = (await replication(handle.db, leadership))!;
    const missed = Math.floor((MIN_REPLICATION_N - 2) / 4);
    expect(enough.n).toBe(MIN_REPLICATION_N);
    expect(enough.cameBack).toBe(MIN_REPLICATION_N - missed);
    expect(enough.share).toBeCloseTo(enough.cameBack / enough.n, 3);
    expect(enough.low!).toBeLessThan(enough.share!);
    expect(enough.high!).toBeGreaterThan(enough.share!);

    const response = await handleRestRequest(new Request("http://localhost:3000/api/tests/methodology"), { db: handle.db });
    const body = (await response.json()) as { type: string; replication: unknown }[];
    expect(body.find((t) => t.type === "leadership")!.replication).toEqual(enough);
    expect(body.find((t) => t.type === "iq")!.replication).toBeNull();
  });

  it("gives a Wilson interval that stays inside 0–1 at the edges", () => {
    expect(wilson(20, 20).high).toBe(1);
    expect(wilson(20, 20).low).toBeGreaterThan(0.85);
    expect(wilson(0, 20).low).toBe(0);
  });
});

describe("live replication across a recalibration", () => {
  beforeAll(freshDatabase);

  it("reads both attempts on the current calibration, so a recalibration between them is not counted as a verdict that failed to come back", async () => {
    // Answers that agree fully with two styles, visionary and coaching, and little with the rest: on the
    // provisional parameters neither is clearly on top. A calibration finds coaching's statements harder
    // to agree with, so the same answers now name coaching.
    const calibration: SliderCalibration = {
      kind: "grm",
      n: 2400,
      date: "2026-10-01T00:00:00.000Z",
      items: questions
        .filter((q) => q.type === "slider" && q.scoring?.grm)
        .map((q) => {
          const { a, thresholds } = q.scoring!.grm!;
          const shift = q.scoring!.scale === "coaching" ? 2 : 0;
          return {
            id: String(q.id),
            scale: q.scoring!.scale!,
            a,
            thresholds: thresholds.map((t) => t + shift) as [number, number, number, number],
          };
        }),
      scales: [...new Set(questions.map((q) => q.scoring?.scale).filter(Boolean))].map((scale) => ({
        scale: scale!,
        n: 2400,
        converged: true,
      })),
    };
    const twoStyles = Object.fromEntries(
      questions.map((q) => {
        const level = q.scoring?.scale === "visionary" || q.scoring?.scale === "coaching" ? 5 : 2;
        return [String(q.id), String(q.scoring?.reverse ? 6 - level : level)];
      }),
    );
    const start = new Date("2026-09-20T10:00:00Z");
    const people = await Promise.all([1, 2, 3].map(() => createUser(handle.db).then((c) => c.user.id)));
    // The same answers twice: once before the calibration, once after it.
    for (const userId of people) expect((await stored(userId, twoStyles, start)).primary).toBeNull();
    await handle.db
      .insert(schema.testCalibrations)
      .values({ testId: leadership.id, calibration: calibration as unknown as Record<string, unknown>, n: calibration.n });
    for (const userId of people) {
      const retake = await stored(userId, twoStyles, new Date(start.getTime() + 20 * DAY), calibration);
      expect(retake.primary).toBe("coaching");
    }
    const after = (await replication(handle.db, leadership))!;
    // Stored, the first attempts name nothing and the retakes name coaching, so none would count; read on
    // one scale, each first attempt names coaching and its identical retake shows it again.
    expect(after).toMatchObject({ n: 3, cameBack: 3 });
  });
});
