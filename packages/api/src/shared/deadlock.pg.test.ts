/**
 * retryOnDeadlock against a real deadlock on PostgreSQL (PGlite has one connection, so it cannot
 * deadlock). Two transactions take two rows in opposite orders; the first to wait is the one
 * PostgreSQL aborts after deadlock_timeout, and the helper runs it again.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { eq, inArray, schema, sql, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { mapDatabaseError } from "../trpc/errors";
import { retryOnDeadlock, type Transaction } from "./db";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.close());

function latch() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

it("runs again the transaction PostgreSQL aborted to break a deadlock, and both writes land once", async () => {
  const { db } = handle;
  const keys = ["deadlock-a", "deadlock-b"];
  await db.insert(schema.appSettings).values(keys.map((key) => ({ key, value: { n: 0 } })));
  const bump = (tx: Transaction, key: string) =>
    tx
      .update(schema.appSettings)
      .set({ value: sql`jsonb_build_object('n', (${schema.appSettings.value}->>'n')::int + 1)` })
      .where(eq(schema.appSettings.key, key));

  const firstHoldsA = latch();
  const secondHoldsB = latch();
  const firstWaits = latch();
  let attempts = 0;
  const aborted: unknown[] = [];
  const first = retryOnDeadlock(() =>
    db
      .transaction(async (tx) => {
        attempts += 1;
        await bump(tx, "deadlock-a");
        if (attempts === 1) {
          firstHoldsA.open();
          await secondHoldsB.opened;
          // The first waits for B now; the second waits for A a little later, closing the cycle.
          setTimeout(firstWaits.open, 200);
        }
        await bump(tx, "deadlock-b");
      })
      .catch((error: unknown) => {
        aborted.push(error);
        throw error;
      }),
  );
  const second = (async () => {
    await firstHoldsA.opened;
    await db.transaction(async (tx) => {
      await bump(tx, "deadlock-b");
      secondHoldsB.open();
      await firstWaits.opened;
      await bump(tx, "deadlock-a");
    });
  })();

  await Promise.all([first, second]);
  expect(attempts).toBe(2);
  // Where no retry wraps it, the aborted request answers 409 and asks to be sent again, never a 500.
  expect(mapDatabaseError(aborted[0])).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("try again") });
  const rows = await db.select().from(schema.appSettings).where(inArray(schema.appSettings.key, keys));
  expect(rows.map((r) => r.value)).toEqual([{ n: 2 }, { n: 2 }]);
}, 20_000);
