import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { eq, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";

import { createContext } from "./context";
import { adminProcedure, createCallerFactory, createTRPCRouter, protectedProcedure } from "./init";
import { createUser } from "../testing";
import { handleRestRequest } from "../http/rest";
import { createCaller } from "../root";

// A tiny router built from the real tiers, so the tiers are tested on their own.
const probe = createTRPCRouter({
  whoami: protectedProcedure.query(({ ctx }) => ctx.user.username),
  adminOnly: adminProcedure.query(() => "secret"),
});
const createProbe = createCallerFactory(probe);

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.close());

async function probeAs(cookie?: string) {
  return createProbe(await createContext({ headers: new Headers(cookie ? { cookie } : {}), db: handle.db }));
}

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => "OK",
    (e: unknown) => (e instanceof TRPCError ? e.code : `not a TRPCError: ${String(e)}`),
  );
}

describe("procedure tiers", () => {
  it("refuses anonymous callers with UNAUTHORIZED and users with FORBIDDEN on admin procedures", async () => {
    expect(await codeOf((await probeAs()).whoami())).toBe("UNAUTHORIZED");
    expect(await codeOf((await probeAs()).adminOnly())).toBe("UNAUTHORIZED");
    const { cookie, user } = await createUser(handle.db);
    expect(await (await probeAs(cookie)).whoami()).toBe(user.username);
    expect(await codeOf((await probeAs(cookie)).adminOnly())).toBe("FORBIDDEN");
    const admin = await createUser(handle.db, { role: "admin" });
    expect(await (await probeAs(admin.cookie)).adminOnly()).toBe("secret");
  });

  it("reads the role from the database and ends sessions when the session version moves", async () => {
    const { cookie, user } = await createUser(handle.db, { role: "admin" });
    await handle.db.update(schema.users).set({ role: "user" }).where(eq(schema.users.id, user.id));
    expect(await codeOf((await probeAs(cookie)).adminOnly())).toBe("FORBIDDEN");
    await handle.db
      .update(schema.users)
      .set({ sessionVersion: user.sessionVersion + 1 })
      .where(eq(schema.users.id, user.id));
    expect(await codeOf((await probeAs(cookie)).whoami())).toBe("UNAUTHORIZED");
  });

  it("treats a forged or garbage cookie as signed out", async () => {
    expect(await codeOf((await probeAs("next-auth.session-token=not-a-token")).whoami())).toBe("UNAUTHORIZED");
  });
});

describe("health when the database is gone", () => {
  it("answers 503 with a message", async () => {
    const doomed = await createTestDb();
    await doomed.close();
    const response = await handleRestRequest(new Request("http://localhost/api/health"), { db: doomed.db });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { message: string }).message).toMatch(/database/i);
  });
});

describe("server-side callers", () => {
  it("get a readable validation message, not raw zod issues (one-click unsubscribe without a token, issue 17)", async () => {
    const caller = createCaller(await createContext({ headers: new Headers(), db: handle.db }));
    const error = await caller.newsletter.unsubscribe({ token: "" }).then(
      () => null,
      (e: unknown) => e as TRPCError,
    );
    expect(error?.code).toBe("BAD_REQUEST");
    expect(error?.message).toBe("This link is incomplete. Please use the full link from the email.");
  });
});
