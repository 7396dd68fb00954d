import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, schema, seedContent, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { MIN_REFERENCE_PEOPLE } from "@coach/assessments/reference";
import { callerAs, createUser, seedRespondents } from "../testing";
import { takeSliderTest } from "../testing/coaching";
import { handleRestRequest } from "../http/rest";

/**
 * The reference point of a result (decision 44): the percentile of a score among the people who took
 * the test here, each by their first measured attempt, shown from MIN_REFERENCE_PEOPLE people on.
 */
let handle: DbHandle;
let eqTestId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  handle = await createTestDb();
  await seedContent(handle.db);
  const [test] = await handle.db.select().from(schema.tests).where(eq(schema.tests.type, "eq"));
  eqTestId = test!.id;
});
afterAll(async () => handle?.close());

const { testAttempts: attempts } = schema;

/** Every completed EQ attempt of one person, oldest first. */
const attemptsOf = (userId: number) =>
  handle.db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.testId, eqTestId)))
    .orderBy(asc(attempts.completedAt));

describe("a result's reference point among the people who took the test", () => {
  it("is hidden below 100 people, then gives each level's percentile with its N; retakes and flagged attempts are not counted", async () => {
    expect(MIN_REFERENCE_PEOPLE).toBe(100);
    const seeded = await seedRespondents(handle.db, {
      people: MIN_REFERENCE_PEOPLE - 2,
      types: ["eq"],
      seed: 5,
      completedAt: new Date(Date.now() - 20 * DAY),
    });
    // A practised retake by one of them (later, at the top of the scale) and five attempts flagged
    // careless by other people: neither is anyone's first measured score.
    const [first] = await attemptsOf(seeded[0]!);
    await handle.db.insert(attempts).values({ ...first!, id: undefined, score: 100, completedAt: new Date(Date.now() - DAY) });
    for (let i = 0; i < 5; i++) {
      const clicker = await createUser(handle.db);
      const data = { ...(first!.resultData as Record<string, unknown>), quality: { flags: ["careless"] } };
      await handle.db.insert(attempts).values({ ...first!, id: undefined, userId: clicker.user.id, score: 0, resultData: data });
    }

    const client = await createUser(handle.db);
    const caller = await callerAs(handle.db, client.cookie);
    const mine = await takeSliderTest(handle.db, caller, eqTestId, 4);

    // Each person's first attempt that carries no invalidating flag (a seeded person may answer carelessly).
    const firstMeasured = async () => {
      const rows = await handle.db
        .select()
        .from(attempts)
        .where(eq(attempts.testId, eqTestId))
        .orderBy(asc(attempts.completedAt), asc(attempts.id));
      const byPerson = new Map<number, (typeof rows)[number]>();
      for (const r of rows) {
        const flags = (r.resultData as { quality?: { flags: string[] } }).quality?.flags ?? [];
        if (!byPerson.has(r.userId) && !flags.some((f) => ["careless", "straight-lining"].includes(f))) byPerson.set(r.userId, r);
      }
      return [...byPerson.values()];
    };
    let seed = 6;
    const seedUntil = async (people: number) => {
      while ((await firstMeasured()).length < people)
        await seedRespondents(handle.db, { people: 1, types: ["eq"], seed: seed++, completedAt: new Date(Date.now() - 20 * DAY) });
    };
    await seedUntil(MIN_REFERENCE_PEOPLE - 1);
    expect(await firstMeasured()).toHaveLength(MIN_REFERENCE_PEOPLE - 1);
    expect((await caller.attempts.historyItem({ attemptId: mine.id })).reference).toBeNull();

    await seedUntil(MIN_REFERENCE_PEOPLE);
    const item = await caller.attempts.historyItem({ attemptId: mine.id });
    expect(item.reference?.n).toBe(100);

    // The overall's percentile by hand: people below the client's score, those level with it counted half.
    const scores = (await firstMeasured()).map((a) => a.score!);
    const below = scores.filter((s) => s < mine.score!).length;
    const level = scores.filter((s) => s === mine.score!).length;
    const expected = Math.min(99, Math.max(1, Math.round(((below + level / 2) / 100) * 100)));
    expect(item.reference!.percentiles.overall).toBe(expected);
    expect(Object.keys(item.reference!.percentiles).sort()).toEqual(
      ["empathy", "motivation", "overall", "selfAwareness", "selfRegulation", "socialSkills"].sort(),
    );

    // The same over REST, as the result page's API gives it.
    const response = await handleRestRequest(
      new Request(`http://localhost:3000/api/user/test-history/${mine.id}`, { headers: { cookie: client.cookie } }),
      { db: handle.db },
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { reference: unknown }).reference).toEqual(item.reference);
  });

  it("is never given to a result flagged as not a measurement", async () => {
    const client = await createUser(handle.db);
    const caller = await callerAs(handle.db, client.cookie);
    const questions = await handle.db
      .select({ id: schema.questions.id })
      .from(schema.questions)
      .where(eq(schema.questions.testId, eqTestId));
    const attempt = await caller.attempts.start({ id: eqTestId });
    for (const q of questions) await caller.attempts.answer({ attemptId: attempt.id, questionId: q.id, answer: "5" });
    const flat = await caller.attempts.complete({ attemptId: attempt.id });
    expect((flat.resultData as { quality: { flags: string[] } }).quality.flags).toContain("straight-lining");
    expect((await caller.attempts.historyItem({ attemptId: flat.id })).reference).toBeNull();
  });
});
