/**
 * Issue 30, finding 4: every date that reaches a query is bounded first, and what the database still
 * refuses as a bad value answers 400 through the one error mapping, with no SQL text in the log.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TRPCError } from "@trpc/server";
import { sql, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { callerAs, createUser } from "../testing";
import { log } from "../shared/logger";
import { mapDatabaseError } from "../trpc/errors";
import { handleRestRequest } from "./rest";

let handle: DbHandle;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  handle = await createTestDb();
  admin = await createUser(handle.db, { role: "admin" });
});
afterAll(async () => {
  await handle?.close();
});

const EXTREME = "+275760-09-13T00:00:00.000Z";

async function get(path: string) {
  const response = await handleRestRequest(new Request(`http://localhost:3000/api${path}`, { headers: { cookie: admin.cookie } }), {
    db: handle.db,
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return { code: error.code, message: error.message };
    throw error;
  }
  return { code: "OK", message: "" };
}

describe("extreme but valid dates", () => {
  it("the coach's bookings filter and export answer 400 with a message, not 500", async () => {
    for (const [name, value] of [
      ["from", EXTREME],
      ["to", EXTREME],
      ["from", "-271821-04-20T00:00:00.000Z"],
      ["to", "1970-01-01"],
    ] as const) {
      const answer = await get(`/admin/appointments?${name}=${encodeURIComponent(value)}`);
      expect(answer).toEqual({
        status: 400,
        body: expect.objectContaining({ message: `${name} must be between the years 2000 and 2099.` }),
      });
    }
    expect((await get(`/admin/appointments?from=2026-01-01&to=2026-12-31`)).status).toBe(200);
    const coach = await callerAs(handle.db, admin.cookie);
    expect((await refusal(coach.admin.appointments.exportCsv({ from: EXTREME }))).code).toBe("BAD_REQUEST");
  });

  it("booking for a client, scheduling a post and the analytics period are bounded the same way", async () => {
    const coach = await callerAs(handle.db, admin.cookie);
    const { user } = await createUser(handle.db);
    const booked = await refusal(
      coach.admin.appointments.bookForClient({
        userId: user.id,
        appointmentType: "coaching",
        title: "Far future",
        startTime: new Date(EXTREME),
        endTime: new Date(8.64e15),
      }),
    );
    expect(booked).toEqual({
      code: "BAD_REQUEST",
      message: "Start time must be between the years 2000 and 2099. End time must be between the years 2000 and 2099.",
    });
    const post = { title: "Later", summary: "A post for later on.", content: "<p>A body long enough to publish.</p>" };
    const scheduled = await refusal(coach.admin.blog.create({ ...post, publish: { mode: "schedule", at: new Date(EXTREME) } }));
    expect(scheduled).toEqual({ code: "BAD_REQUEST", message: "The publish date must be between the years 2000 and 2099." });
    const period = await refusal(coach.admin.analytics.overview({ from: "0001-01-01", to: "0002-01-01" }));
    expect(period.code).toBe("BAD_REQUEST");
    expect(period.message).toContain("Start date must be between the years 2000 and 2099.");
  });
});

describe("values the database refuses", () => {
  it("map to 400 (out-of-range dates, numbers, text that is not the type), and the log holds no SQL text", async () => {
    const refused = [
      sql`select ${EXTREME}::timestamptz`,
      sql`select '2026-02-30'::date`,
      sql`select '2026-01-01 00:00+99:99'::timestamptz`,
      sql`select 2147483648::int4`,
      sql`select 'abc'::int4`,
      sql`select 1 limit -1`,
    ];
    const lines: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      for (const query of refused) {
        const error = await handle.db.execute(query).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).not.toBeNull();
        expect(mapDatabaseError(error)?.code).toBe("BAD_REQUEST");
        log("error", "unexpected error", { error });
      }
    } finally {
      spy.mockRestore();
    }
    expect(lines).toHaveLength(refused.length);
    for (const line of lines) expect(line).not.toMatch(/select/i);
  });
});
