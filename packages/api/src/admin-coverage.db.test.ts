/**
 * Walks the whole appRouter so no admin procedure is missed, including ones added later:
 * every procedure under `admin.*`, every procedure built on adminProcedure, and every REST
 * operation under /admin or /settings must refuse visitors (401) and regular users (403).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { handleRestRequest } from "./http/rest";
import { appRouter } from "./root";
import { callerAs, callerFor, createUser } from "./testing";
import { adminProcedure } from "./trpc/init";

type AnyProcedure = { _def: { middlewares?: unknown[]; meta?: { openapi?: { path?: string; method?: string } } } };

const procedures = Object.entries((appRouter._def as unknown as { procedures: Record<string, AnyProcedure> }).procedures);
/** The role check is the last middleware adminProcedure adds; procedures built on it share that function. */
const adminCheck = (adminProcedure as unknown as AnyProcedure)._def.middlewares!.at(-1);

function isAdminOnly(path: string, procedure: AnyProcedure): boolean {
  const restPath = procedure._def.meta?.openapi?.path ?? "";
  return (
    path.startsWith("admin.") ||
    (procedure._def.middlewares ?? []).includes(adminCheck) ||
    restPath.startsWith("/admin") ||
    restPath.startsWith("/settings")
  );
}

const adminOnly = procedures.filter(([path, procedure]) => isAdminOnly(path, procedure)).map(([path]) => path);

async function outcome(caller: unknown, path: string): Promise<string> {
  const fn = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
    input?: unknown,
  ) => Promise<unknown>;
  try {
    // An empty input: the tier middlewares run before input validation, so auth is decided first.
    await fn({});
    return "OK";
  } catch (e) {
    return e instanceof TRPCError ? e.code : `not a TRPCError: ${String(e)}`;
  }
}

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.close());

describe("every admin procedure in the app router", () => {
  it("finds the console's procedures (the walk really covers the router)", () => {
    expect(adminOnly).toEqual(
      expect.arrayContaining([
        "admin.users.list",
        "admin.users.setRole",
        "admin.users.setDisabled",
        "admin.users.delete",
        "admin.analytics.overview",
        "admin.messages.list",
        "admin.messages.setRead",
        "admin.audit.list",
      ]),
    );
  });

  it("is built on adminProcedure when it lives under admin.*", () => {
    const notAdminTier = procedures
      .filter(([path, p]) => path.startsWith("admin.") && !(p._def.middlewares ?? []).includes(adminCheck))
      .map(([path]) => path);
    expect(notAdminTier).toEqual([]);
  });

  it("refuses visitors with UNAUTHORIZED (401) and regular users with FORBIDDEN (403)", async () => {
    const plain = await createUser(handle.db);
    const results: Record<string, { anonymous: string; user: string }> = {};
    for (const path of adminOnly) {
      results[path] = {
        anonymous: await outcome(await callerFor(handle.db), path),
        user: await outcome(await callerAs(handle.db, plain.cookie), path),
      };
    }
    const expected = Object.fromEntries(adminOnly.map((path) => [path, { anonymous: "UNAUTHORIZED", user: "FORBIDDEN" }]));
    expect(results).toEqual(expected);
  });

  it("answers 401 and 403 over REST for the admin operations the REST face serves", async () => {
    const plain = await createUser(handle.db);
    const rest = procedures
      .filter(([path, p]) => isAdminOnly(path, p) && p._def.meta?.openapi?.path)
      .map(([, p]) => ({ method: p._def.meta!.openapi!.method!, path: p._def.meta!.openapi!.path!.replace(/\{[^}]+\}/g, "1") }));
    const statuses: Record<string, [number, number]> = {};
    for (const { method, path } of rest) {
      const call = (headers: Record<string, string>) =>
        handleRestRequest(new Request(`http://localhost/api${path}`, { method, headers }), { db: handle.db });
      statuses[`${method} ${path}`] = [(await call({})).status, (await call({ cookie: plain.cookie })).status];
    }
    expect(statuses).toEqual(Object.fromEntries(Object.keys(statuses).map((op) => [op, [401, 403]])));
  });
});
