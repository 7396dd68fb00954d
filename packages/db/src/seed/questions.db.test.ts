import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import type { InstrumentQuestion } from "@coach/assessments";
import type { DbHandle } from "../client";
import { createTestDb, testDbDriver } from "../testing";
import { questions, responses, testAttempts, tests, users } from "../schema";
import { syncQuestions } from "./questions";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.close());

// Items written before banks carried keys (stored rows from older seeds) have none: cast, as the seed meets them.
const slider = (order: number, text: string, key?: string): InstrumentQuestion =>
  ({
    order,
    text,
    type: "slider",
    ...(key ? { key } : {}),
  }) as InstrumentQuestion;

async function sync(testId: number, items: InstrumentQuestion[]) {
  await handle.db.transaction((tx) => syncQuestions(tx, testId, { slug: "bank", type: "leadership", questions: items }));
}

async function stored(testId: number) {
  return handle.db
    .select({ id: questions.id, key: questions.key, order: questions.order, text: questions.text, retiredAt: questions.retiredAt })
    .from(questions)
    .where(eq(questions.testId, testId))
    .orderBy(asc(questions.key));
}

describe(`seeding an item bank on ${testDbDriver()}`, () => {
  it("upserts by key, retires what the bank dropped, un-retires what returns, and keeps the answers", async () => {
    const { db } = handle;
    const [t] = await db
      .insert(tests)
      .values({ slug: "bank", title: "B", description: "D", type: "leadership", timeEstimate: 5 })
      .returning();
    const testId = t!.id;
    // Items without a key get "<type>-<order>", the value the migration gave rows stored before keys.
    await sync(testId, [slider(1, "One"), slider(2, "Two"), slider(3, "Three", "lead-three")]);
    const first = await stored(testId);
    expect(first.map((q) => q.key)).toEqual(["lead-three", "leadership-1", "leadership-2"]);
    expect(first.every((q) => q.retiredAt === null)).toBe(true);

    const [u] = await db.insert(users).values({ username: "taker", email: "taker@example.com", password: "x" }).returning();
    const [a] = await db.insert(testAttempts).values({ userId: u!.id, testId }).returning();
    const two = first.find((q) => q.key === "leadership-2")!;
    await db.insert(responses).values({ attemptId: a!.id, questionId: two.id, answer: "4" });

    // The new bank drops "leadership-2", reorders "lead-three" onto order 2 and rewrites its text.
    await sync(testId, [slider(1, "One"), slider(2, "Three, plainer", "lead-three"), slider(3, "Four", "lead-four")]);
    const second = await stored(testId);
    expect(second).toHaveLength(4);
    const byKey = new Map(second.map((q) => [q.key, q]));
    expect(byKey.get("leadership-2")!.retiredAt).toBeInstanceOf(Date);
    expect(byKey.get("lead-three")).toMatchObject({
      id: first.find((q) => q.key === "lead-three")!.id,
      order: 2,
      text: "Three, plainer",
      retiredAt: null,
    });
    expect(byKey.get("lead-four")!.retiredAt).toBeNull();
    const kept = await db.select().from(responses).where(eq(responses.attemptId, a!.id));
    expect(kept).toEqual([expect.objectContaining({ questionId: two.id, answer: "4" })]);

    // It comes back: same row, in use again.
    await sync(testId, [slider(1, "One"), slider(2, "Two again")]);
    const third = new Map((await stored(testId)).map((q) => [q.key, q]));
    expect(third.get("leadership-2")).toMatchObject({ id: two.id, text: "Two again", retiredAt: null });
    expect(third.get("lead-three")!.retiredAt).toBeInstanceOf(Date);
    expect(third.get("lead-four")!.retiredAt).toBeInstanceOf(Date);
  });

  it("refuses a bank that repeats a key, naming it", async () => {
    const [t] = await handle.db
      .insert(tests)
      .values({ slug: "dup", title: "B", description: "D", type: "leadership", timeEstimate: 5 })
      .returning();
    await expect(sync(t!.id, [slider(1, "A", "same"), slider(2, "B", "same")])).rejects.toThrow('item key "same" twice');
  });

  it("upserts a bank larger than one batch", async () => {
    const [t] = await handle.db
      .insert(tests)
      .values({ slug: "big", title: "B", description: "D", type: "leadership", timeEstimate: 5 })
      .returning();
    const items = Array.from({ length: 1_203 }, (_, i) => slider(i + 1, `Item ${i + 1}`));
    await sync(t!.id, items);
    await sync(t!.id, items.slice(0, 1_000));
    const rows = await stored(t!.id);
    expect(rows).toHaveLength(1_203);
    expect(rows.filter((q) => q.retiredAt !== null)).toHaveLength(203);
  });
});
