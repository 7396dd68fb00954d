import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, schema, seedContent, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { scoreAttempt } from "@coach/assessments";
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

beforeAll(async () => {
  handle = await createTestDb();
  await seedContent(handle.db);
  const [test] = await handle.db.select().from(schema.tests).where(eq(schema.tests.type, "leadership"));
  leadership = { id: test!.id, type: "leadership" };
  questions = await loadQuestions(handle.db, test!.id);
});
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
async function stored(userId: number, answers: Record<string, string>, completedAt: Date) {
  const result = scoreAttempt("leadership", questions, answers);
  await handle.db.insert(schema.testAttempts).values({
    userId,
    testId: leadership.id,
    startedAt: new Date(completedAt.getTime() - 600_000),
    completedAt,
    score: result.score,
    resultType: result.resultType,
    resultSummary: result.resultSummary,
    resultData: result.resultData as Record<string, unknown>,
  });
  return result.resultData as { primary: string | null; quality: { flags: string[] } };
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
