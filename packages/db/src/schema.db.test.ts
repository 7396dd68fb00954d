import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { pgErrorCode, type DbHandle } from "./client";
import { createTestDb, testDbDriver } from "./testing";
import { appointments, blogPosts, blogTags, questions, responses, testAttempts, tests, users } from "./schema";
import { seedContent } from "./seed/index";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.close());

const user = (name: string) => ({ username: name, email: `${name}@example.com`, password: "x" });

async function expectCode(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "the database should have refused this").not.toBeNull();
  expect(pgErrorCode(error)).toBe(code);
}

describe(`schema on ${testDbDriver()}`, () => {
  it("keeps usernames and emails unique regardless of case", async () => {
    const { db } = handle;
    await db.insert(users).values(user("Casey"));
    await expectCode(db.insert(users).values({ ...user("casey"), email: "other@example.com" }), "23505");
    await expectCode(db.insert(users).values({ ...user("someone"), email: "CASEY@example.com" }), "23505");
  });

  it("defaults a new user to the user role and refuses unknown roles", async () => {
    const { db } = handle;
    const [row] = await db.insert(users).values(user("dana")).returning();
    expect(row?.role).toBe("user");
    await expectCode(db.insert(users).values({ ...user("eve"), role: "root" as never }), "23514");
  });

  it("refuses two overlapping live appointments but allows one after a cancellation", async () => {
    const { db } = handle;
    const [u] = await db.insert(users).values(user("booker")).returning();
    const base = { userId: u!.id, title: "Coaching Session: goals", status: "scheduled" as const };
    const [first] = await db
      .insert(appointments)
      .values({ ...base, startTime: new Date("2030-01-07T14:00:00Z"), endTime: new Date("2030-01-07T15:00:00Z") })
      .returning();
    await expectCode(
      db.insert(appointments).values({ ...base, startTime: new Date("2030-01-07T14:30:00Z"), endTime: new Date("2030-01-07T15:30:00Z") }),
      "23P01",
    );
    // Back-to-back is fine: ranges are half-open.
    await db
      .insert(appointments)
      .values({ ...base, startTime: new Date("2030-01-07T15:00:00Z"), endTime: new Date("2030-01-07T15:30:00Z") });
    await db.update(appointments).set({ status: "canceled" }).where(eq(appointments.id, first!.id));
    await db
      .insert(appointments)
      .values({ ...base, startTime: new Date("2030-01-07T14:00:00Z"), endTime: new Date("2030-01-07T14:30:00Z") });
    await expectCode(
      db.insert(appointments).values({ ...base, startTime: new Date("2030-01-08T15:00:00Z"), endTime: new Date("2030-01-08T14:00:00Z") }),
      "23514",
    );
  });

  it("removes a user's attempts and responses with the user, and a post's tags with the post", async () => {
    const { db } = handle;
    const [u] = await db.insert(users).values(user("leaver")).returning();
    const [t] = await db.insert(tests).values({ slug: "t-cascade", title: "T", description: "D", type: "iq", timeEstimate: 5 }).returning();
    const [q] = await db.insert(questions).values({ testId: t!.id, key: "q-1", text: "Q", order: 1 }).returning();
    const [a] = await db.insert(testAttempts).values({ userId: u!.id, testId: t!.id }).returning();
    await db.insert(responses).values({ attemptId: a!.id, questionId: q!.id, answer: "A" });
    await expectCode(db.insert(responses).values({ attemptId: a!.id, questionId: q!.id, answer: "B" }), "23505");
    await db.delete(users).where(eq(users.id, u!.id));
    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(responses)
      .where(eq(responses.attemptId, a!.id));
    expect(left?.n).toBe(0);

    const [p] = await db.insert(blogPosts).values({ title: "P", slug: "p-cascade", content: "c" }).returning();
    await db.insert(blogTags).values({ postId: p!.id, tag: "leadership" });
    await expectCode(db.insert(blogTags).values({ postId: p!.id, tag: "cooking" as never }), "23514");
    await db.delete(blogPosts).where(eq(blogPosts.id, p!.id));
    expect(await db.select().from(blogTags).where(eq(blogTags.postId, p!.id))).toHaveLength(0);
  });

  it("seeds content idempotently", async () => {
    const first = await seedContent(handle.db);
    const second = await seedContent(handle.db);
    expect(second).toEqual(first);
  });
});
