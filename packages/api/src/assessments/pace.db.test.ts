import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, schema, seedContent, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { createUser } from "../testing";
import { handleRestRequest } from "../http/rest";
import { MIN_PACE_PEOPLE, pace } from "./pace";
import { forgetMethodology } from "./psychometrics";

/**
 * The methodology page's pace figures: how long people took on their first measured attempt, on
 * attempts and timed answers stored as the API stores them.
 */
type Seeded = { id: number; type: "leadership" | "eq"; questionIds: number[] };
let handle: DbHandle;
let test: Seeded;
let eqTest: Seeded;

async function seededTest(type: Seeded["type"]): Promise<Seeded> {
  const [row] = await handle.db.select().from(schema.tests).where(eq(schema.tests.type, type));
  const questions = await handle.db
    .select({ id: schema.questions.id })
    .from(schema.questions)
    .where(eq(schema.questions.testId, row!.id))
    .orderBy(asc(schema.questions.order));
  return { id: row!.id, type, questionIds: questions.slice(0, 10).map((q) => q.id) };
}

beforeAll(async () => {
  handle = await createTestDb();
  await seedContent(handle.db);
  test = await seededTest("leadership");
  eqTest = await seededTest("eq");
});
afterAll(async () => handle?.close());

const MINUTE = 60_000;
async function attempt(
  userId: number,
  o: { startedAt: Date; minutes: number; latencies: (number | null)[]; flags?: string[]; on?: Seeded },
) {
  const on = o.on ?? test;
  const [row] = await handle.db
    .insert(schema.testAttempts)
    .values({
      userId,
      testId: on.id,
      startedAt: o.startedAt,
      completedAt: new Date(o.startedAt.getTime() + o.minutes * MINUTE),
      score: 50,
      resultData: { quality: { flags: o.flags ?? [] } },
    })
    .returning();
  await handle.db
    .insert(schema.responses)
    .values(o.latencies.map((latencyMs, j) => ({ attemptId: row!.id, questionId: on.questionIds[j]!, answer: "3", latencyMs })));
}

/** Per answer 4, 5, … 13 s: the median of every answer is 8.5 s. */
const STEADY = Array.from({ length: 10 }, (_, j) => 4000 + 1000 * j);

describe("how long people take", () => {
  it("publishes the medians of first measured attempts once enough people exist, leaving out retakes and flagged attempts", async () => {
    const start = new Date("2026-10-01T09:00:00Z");
    // A random clicker: flagged, so neither they nor their one-second answers count.
    const clicker = await createUser(handle.db);
    await attempt(clicker.user.id, { startedAt: start, minutes: 1, latencies: STEADY.map(() => 1000), flags: ["careless"] });
    for (let i = 0; i < MIN_PACE_PEOPLE + 5; i++) {
      const { user } = await createUser(handle.db);
      if (i === MIN_PACE_PEOPLE - 1) {
        const few = await pace(handle.db, test);
        expect(few).toMatchObject({ people: MIN_PACE_PEOPLE - 1, medianSecondsPerQuestion: null, medianMinutesPerAttempt: null });
      }
      // First attempts of 10, 10.1, … 12.4 minutes; a quick practised retake follows each, and is not counted.
      await attempt(user.id, { startedAt: start, minutes: 10 + i / 10, latencies: STEADY });
      await attempt(user.id, { startedAt: new Date(start.getTime() + 7 * 86_400_000), minutes: 3, latencies: STEADY.map(() => 2000) });
    }
    const measured = await pace(handle.db, test);
    expect(measured).toEqual({
      people: MIN_PACE_PEOPLE + 5,
      timedPeople: MIN_PACE_PEOPLE + 5,
      answers: (MIN_PACE_PEOPLE + 5) * 10,
      medianSecondsPerQuestion: 8.5,
      medianMinutesPerAttempt: 11.2,
      assumedSecondsPerQuestion: 7,
      budgetMinutes: 12,
      minimumN: MIN_PACE_PEOPLE,
    });

    forgetMethodology(handle.db);
    const response = await handleRestRequest(new Request("http://localhost:3000/api/tests/methodology"), { db: handle.db });
    const body = (await response.json()) as { type: string; pace: unknown }[];
    expect(body.find((t) => t.type === "leadership")!.pace).toEqual(measured);
    expect(body.find((t) => t.type === "iq")!.pace).toMatchObject({
      people: 0,
      medianSecondsPerQuestion: null,
      assumedSecondsPerQuestion: 50,
    });
  });

  it("withholds the time per question until enough of the people counted sent a time with their answers", async () => {
    const start = new Date("2026-10-01T09:00:00Z");
    // Answers sent over the API without a time: these people count for the whole attempt only.
    for (let i = 0; i < MIN_PACE_PEOPLE + 2; i++) {
      const { user } = await createUser(handle.db);
      const latencies = i < MIN_PACE_PEOPLE - 1 ? STEADY : STEADY.map(() => null);
      await attempt(user.id, { startedAt: start, minutes: 12, latencies, on: eqTest });
    }
    expect(await pace(handle.db, eqTest)).toMatchObject({
      people: MIN_PACE_PEOPLE + 2,
      timedPeople: MIN_PACE_PEOPLE - 1,
      medianSecondsPerQuestion: null,
      medianMinutesPerAttempt: 12,
    });
    const { user } = await createUser(handle.db);
    await attempt(user.id, { startedAt: start, minutes: 12, latencies: STEADY, on: eqTest });
    expect(await pace(handle.db, eqTest)).toMatchObject({
      people: MIN_PACE_PEOPLE + 3,
      timedPeople: MIN_PACE_PEOPLE,
      medianSecondsPerQuestion: 8.5,
    });
  });
});
