import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { DbHandle } from "./client";
import { createTestDb, testDbDriver } from "./testing";
import { appointments, blogPosts, blogTags, testAttempts, tests, users } from "./schema";
import { BACKUP_TABLES, createBackup, restoreBackup } from "./backup";

let source: DbHandle;
let target: DbHandle;
beforeAll(async () => {
  [source, target] = await Promise.all([createTestDb(), createTestDb()]);
});
afterAll(async () => {
  await source?.close();
  await target?.close();
});

describe(`backup and restore on ${testDbDriver()}`, () => {
  it("round-trips every row, type and sequence into another database", async () => {
    const db = source.db;
    const [u] = await db
      .insert(users)
      .values({ username: "Ana", email: "ana@example.com", password: "h", firstName: "Ana Lúcia ✓" })
      .returning();
    const [t] = await db.insert(tests).values({ slug: "b", title: "T", description: "D", type: "eq", timeEstimate: 15 }).returning();
    await db.insert(testAttempts).values({
      userId: u!.id,
      testId: t!.id,
      completedAt: new Date("2026-03-08T07:30:00.123Z"),
      score: 71,
      resultData: { categories: { empathy: 80, selfAwareness: 62.5 }, note: "quotes \" and 'apostrophes'" },
    });
    await db.insert(appointments).values({
      userId: u!.id,
      title: "Coaching Session: focus",
      startTime: new Date("2030-01-07T14:00:00Z"),
      endTime: new Date("2030-01-07T15:00:00Z"),
      status: "scheduled",
    });
    const [p] = await db.insert(blogPosts).values({ title: "P", slug: "p", content: "<h2>x</h2>", publishedAt: new Date() }).returning();
    await db.insert(blogTags).values({ postId: p!.id, tag: "leadership" });

    const archive = await createBackup(db);
    // The target has other data that the restore must replace.
    await target.db.insert(users).values({ username: "stale", email: "stale@example.com", password: "h" });
    const counts = await restoreBackup(target.db, archive);
    expect(counts.users).toBe(1);

    const [restoredUser] = await target.db.select().from(users);
    expect(restoredUser).toEqual(u);
    const [attempt] = await target.db.select().from(testAttempts);
    expect(attempt?.completedAt?.toISOString()).toBe("2026-03-08T07:30:00.123Z");
    expect(attempt?.resultData).toEqual({ categories: { empathy: 80, selfAwareness: 62.5 }, note: "quotes \" and 'apostrophes'" });
    expect(await target.db.select().from(blogTags).where(eq(blogTags.postId, p!.id))).toHaveLength(1);

    // Sequences continue after the restored ids, and integrity still holds.
    const [next] = await target.db.insert(users).values({ username: "new", email: "new@example.com", password: "h" }).returning();
    expect(next!.id).toBeGreaterThan(u!.id);
    const overlap = target.db.insert(appointments).values({
      userId: u!.id,
      title: "x",
      startTime: new Date("2030-01-07T14:30:00Z"),
      endTime: new Date("2030-01-07T15:30:00Z"),
      status: "scheduled",
    });
    await expect(overlap).rejects.toThrow();
    const [{ n } = { n: 0 }] = await target.db.select({ n: sql<number>`count(*)::int` }).from(appointments);
    expect(n).toBe(1);
  });

  it("covers every table of the schema, so a restore loses nothing a migration added", async () => {
    const rows = await source.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const list = (Array.isArray(rows) ? rows : (rows as { rows: { table_name: string }[] }).rows).map((r) => r.table_name);
    expect(list.length).toBeGreaterThan(10);
    expect([...BACKUP_TABLES].sort()).toEqual(list.sort());
  });

  it("refuses a file that is not a backup, leaving the data alone", async () => {
    const before = await target.db.select().from(users);
    await expect(restoreBackup(target.db, Buffer.from("not a backup"))).rejects.toThrow(/not a backup/);
    expect(await target.db.select().from(users)).toEqual(before);
  });
});
