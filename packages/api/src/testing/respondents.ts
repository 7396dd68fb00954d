/**
 * A fast factory of people who have taken the assessments, written straight into the database (no
 * password hashing, bulk inserts), for tests and the browser seed that need hundreds of results.
 * Answers follow a simple model: each person has a level per scale; slider answers scatter around
 * it (reverse-keyed items flipped), IQ answers follow a 3PL curve with guessing for executive-range abilities. Results are scored
 * with the real scorer and its provisional norms.
 */
import { asc, eq, inArray, schema, type Database } from "@coach/db";
import { PERSONALITY_AXES, scoreAttempt, type ScorableQuestion } from "@coach/assessments";
import { rng as generator } from "@coach/assessments/testing";
import type { TestType } from "@coach/db/enums";

function normal(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

/** +1 when agreeing with the item means more of its scale (personality: toward the axis's first pole). */
function direction(q: ScorableQuestion): 1 | -1 {
  const axis = PERSONALITY_AXES.find((a) => a.key === q.scoring?.scale);
  if (axis) return q.scoring?.rightPole === axis.first ? 1 : -1;
  return q.scoring?.reverse ? -1 : 1;
}

function answerFor(q: ScorableQuestion & { order: number }, level: (scale: string) => number, ability: number, rand: () => number): string {
  if (q.type === "slider") {
    const value = 3 + 1.1 * direction(q) * (level(q.scoring?.scale ?? "") + 0.8 * normal(rand));
    return String(Math.min(5, Math.max(1, Math.round(value))));
  }
  const options = q.options ?? [];
  const c = 1 / Math.max(2, options.length);
  const b = q.scoring?.irt?.b ?? 0;
  const p = c + (1 - c) / (1 + Math.exp(-1.4 * (ability - b - 0.3)));
  if (rand() < p && q.correctAnswer) return q.correctAnswer;
  const wrong = options.filter((o) => o !== q.correctAnswer);
  return wrong[Math.floor(rand() * wrong.length)] ?? options[0] ?? "";
}

async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export interface SeedRespondentsOptions {
  people: number;
  /** which tests each person completes (default: every seeded test) */
  types?: TestType[];
  seed?: number;
  /** prefix of the generated usernames (must be unique per call) */
  prefix?: string;
  completedAt?: Date;
}

/** Creates `people` users, each with one completed, scored attempt of every chosen test. Returns the user ids. */
export async function seedRespondents(db: Database, options: SeedRespondentsOptions): Promise<number[]> {
  const rand = generator(options.seed ?? 1);
  const prefix = options.prefix ?? `resp${Math.floor(rand() * 1e9).toString(36)}`;
  const completedAt = options.completedAt ?? new Date();
  const tests = await db
    .select({ id: schema.tests.id, type: schema.tests.type })
    .from(schema.tests)
    .where(options.types ? inArray(schema.tests.type, options.types) : undefined)
    .orderBy(asc(schema.tests.id));
  const questionsByTest = new Map<number, (ScorableQuestion & { id: number; order: number })[]>();
  for (const t of tests) {
    questionsByTest.set(
      t.id,
      await db
        .select({
          id: schema.questions.id,
          order: schema.questions.order,
          type: schema.questions.type,
          options: schema.questions.options,
          correctAnswer: schema.questions.correctAnswer,
          scoring: schema.questions.scoring,
        })
        .from(schema.questions)
        .where(eq(schema.questions.testId, t.id))
        .orderBy(asc(schema.questions.order)),
    );
  }

  const userRows = Array.from({ length: options.people }, (_, i) => ({
    username: `${prefix}_${i}`,
    email: `${prefix}_${i}@example.com`,
    // Never signs in: any non-empty hash will do, and hashing hundreds of passwords would be slow.
    password: "seeded-respondent-no-login",
  }));
  const userIds: number[] = [];
  await insertChunked(userRows, 500, async (chunk) => {
    const rows = await db.insert(schema.users).values(chunk).returning({ id: schema.users.id });
    userIds.push(...rows.map((r) => r.id));
  });

  for (const t of tests) {
    const items = questionsByTest.get(t.id)!;
    const people = userIds.map((userId) => {
      const levels = new Map<string, number>();
      const level = (scale: string) => {
        if (!levels.has(scale)) levels.set(scale, normal(rand));
        return levels.get(scale)!;
      };
      // Executives, the practice's takers: above the adult mean (the IQ bank is aimed at 110-140), and
      // none at guessing level, whose attempts are not measurements and would not enter a calibration.
      const ability = Math.max(1, 1.3 + 0.7 * normal(rand));
      const answers = new Map(items.map((q) => [q.id, answerFor(q, level, ability, rand)]));
      const result = scoreAttempt(t.type, items, answers);
      return { userId, answers, result };
    });
    const attemptIds: number[] = [];
    await insertChunked(people, 500, async (chunk) => {
      const rows = await db
        .insert(schema.testAttempts)
        .values(
          chunk.map((p) => ({
            userId: p.userId,
            testId: t.id,
            startedAt: new Date(completedAt.getTime() - 15 * 60_000),
            completedAt,
            score: p.result.score,
            resultType: p.result.resultType,
            resultSummary: p.result.resultSummary,
            resultData: p.result.resultData as Record<string, unknown>,
          })),
        )
        .returning({ id: schema.testAttempts.id });
      attemptIds.push(...rows.map((r) => r.id));
    });
    const responses = people.flatMap((p, i) =>
      [...p.answers].map(([questionId, answer]) => ({ attemptId: attemptIds[i]!, questionId, answer })),
    );
    await insertChunked(responses, 2000, (chunk) => db.insert(schema.responses).values(chunk));
  }
  return userIds;
}
