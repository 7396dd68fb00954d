/**
 * Brings a test's questions in line with its item bank (docs/decisions/0040): upserts by (test, key)
 * in batched statements, retires the questions the bank no longer holds and un-retires the ones that
 * come back. Questions are never deleted here: old attempts' answers reference them.
 */
import type { Instrument, InstrumentQuestion } from "@coach/assessments";
import { and, eq, isNull, notInArray, sql } from "drizzle-orm";
import type { Database } from "../client";
import { questions } from "../schema";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Rows per insert: well under PostgreSQL's 65,535 bind parameters at 9 columns a row. */
const BATCH = 500;

/**
 * The stable key of a bank item. Items written before banks carried keys get "<type>-<order>", the
 * same value migration 0005 gave the rows already stored, so those rows keep their identity.
 */
export function itemKey(type: Instrument["type"], q: Pick<InstrumentQuestion, "key" | "order">): string {
  return q.key ?? `${type}-${q.order}`;
}

export async function syncQuestions(tx: Tx, testId: number, instrument: Pick<Instrument, "slug" | "type" | "questions">): Promise<void> {
  const rows = instrument.questions.map((q) => ({
    testId,
    key: itemKey(instrument.type, q),
    order: q.order,
    text: q.text,
    type: q.type,
    options: q.options ?? null,
    correctAnswer: q.correctAnswer ?? null,
    imageUrl: q.imageUrl ?? null,
    scoring: q.scoring ?? null,
    retiredAt: null,
  }));
  const keys = rows.map((r) => r.key);
  const duplicate = keys.find((k, i) => keys.indexOf(k) !== i);
  // One statement cannot upsert the same row twice; say which item is wrong rather than fail in SQL.
  if (duplicate) throw new Error(`seed: ${instrument.slug} has the item key "${duplicate}" twice`);

  for (let i = 0; i < rows.length; i += BATCH) {
    await tx
      .insert(questions)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: [questions.testId, questions.key],
        set: {
          order: sql`excluded."order"`,
          text: sql`excluded.text`,
          type: sql`excluded.type`,
          options: sql`excluded.options`,
          correctAnswer: sql`excluded.correct_answer`,
          imageUrl: sql`excluded.image_url`,
          scoring: sql`excluded.scoring`,
          retiredAt: sql`null`,
        },
      });
  }
  const gone = and(
    eq(questions.testId, testId),
    isNull(questions.retiredAt),
    keys.length > 0 ? notInArray(questions.key, keys) : undefined,
  );
  await tx.update(questions).set({ retiredAt: new Date() }).where(gone);
}
