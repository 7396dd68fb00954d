/**
 * A calibration run holds its test's row so two instances never fit the same test at once, but a
 * client who starts that test meanwhile must not wait for the fit (seconds with thousands of people).
 * PostgreSQL only: the embedded database has one connection, so nothing there runs meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, seedContent, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { handleRestRequest } from "../http/rest";
import { createUser } from "../testing";
import { holdTestForCalibration } from "./calibration";

let handle: DbHandle;
let testId: number;

beforeAll(async () => {
  handle = await createTestDb();
  await seedContent(handle.db);
  testId = (await handle.db.select().from(schema.tests)).find((t) => t.type === "leadership")!.id;
});
afterAll(async () => handle?.close());

/** Far longer than an attempt's start takes; only a lock held to the end of the calibration would reach it. */
const BLOCKED_AFTER_MS = 5_000;

describe("a calibration in progress", () => {
  it("keeps a second run out but lets a client start the test", async () => {
    const { cookie } = await createUser(handle.db);
    await handle.db.transaction(async (tx) => {
      expect(await holdTestForCalibration(tx, testId)).toBe(true);
      // Another instance's run, on another connection, finds the test taken.
      expect(await handle.db.transaction((other) => holdTestForCalibration(other, testId))).toBe(false);
      const start = handleRestRequest(
        new Request(`http://localhost:3000/api/tests/${testId}/start`, { method: "POST", headers: { cookie } }),
        { db: handle.db },
      );
      const outcome = await Promise.race([
        start.then((res) => res.status),
        new Promise<"blocked">((resolve) => setTimeout(() => resolve("blocked"), BLOCKED_AFTER_MS)),
      ]);
      expect(outcome).toBe(200);
    });
  });
});
