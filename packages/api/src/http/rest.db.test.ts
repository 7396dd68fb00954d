import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { seedContent } from "@coach/db";
import { callerFor } from "../testing";
import { handleRestRequest, openApiDocument } from "./rest";
import { handleTrpcRequest } from "./trpc-handler";
import { EXTRA_OPERATIONS, SPEC_OPERATIONS } from "./spec-operations";
import { schema } from "@coach/db";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
  await seedContent(handle.db);
  await handle.db
    .insert(schema.tests)
    .values({ slug: "rest-test", title: "Rest Test", description: "A test for the REST suite", type: "eq", timeEstimate: 15 })
    .onConflictDoNothing();
});
afterAll(async () => handle?.close());

const rest = (path: string, init?: RequestInit) =>
  handleRestRequest(new Request(`http://localhost:3000/api${path}`, init), { db: handle.db });

describe("REST adapter", () => {
  it("answers health with 200 {status:ok} when the database answers", async () => {
    const response = await rest("/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("serves the same test list through REST and tRPC", async () => {
    const response = await rest("/tests");
    expect(response.status).toBe(200);
    const restList = (await response.json()) as Array<{ id: number; title: string; createdAt: string }>;
    const caller = await callerFor(handle.db);
    const trpcList = await caller.tests.list();
    expect(restList.length).toBeGreaterThan(0);
    expect(restList).toEqual(trpcList.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })));

    const viaTrpcHttp = await handleTrpcRequest(new Request("http://localhost:3000/api/trpc/tests.list"), { db: handle.db });
    expect(viaTrpcHttp.status).toBe(200);
    const body = (await viaTrpcHttp.json()) as { result: { data: { json: Array<{ id: number }> } } };
    expect(body.result.data.json.map((t) => t.id)).toEqual(restList.map((t) => t.id));
  });

  it("answers malformed input with a 400 and a message, never a 500", async () => {
    const extraField = await rest("/tests?surprise=1");
    expect(extraField.status).toBe(400);
    expect(((await extraField.json()) as { message: string }).message).toMatch(/surprise|unrecognized/i);

    const badJson = await rest("/health", { method: "POST", headers: { "content-type": "application/json" }, body: "{oops" });
    expect(badJson.status).toBeGreaterThanOrEqual(400);
    expect(badJson.status).toBeLessThan(500);

    const badTrpc = await handleTrpcRequest(
      new Request(`http://localhost:3000/api/trpc/tests.summary?input=${encodeURIComponent(JSON.stringify({ json: { id: "abc" } }))}`),
      { db: handle.db },
    );
    expect(badTrpc.status).toBe(400);
    const trpcBody = (await badTrpc.json()) as { error: { json: { message: string; data: { fieldErrors?: Record<string, string[]> } } } };
    expect(trpcBody.error.json.message).toMatch(/number/i);
    expect(trpcBody.error.json.data.fieldErrors?.id?.[0]).toMatch(/number/i);
  });

  it("answers 404 with a message for an unknown path", async () => {
    const response = await rest("/no-such-thing");
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBeTruthy();
  });

  it("refuses a state-changing request from another site", async () => {
    const response = await rest("/tests", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(403);
    const trpc = await handleTrpcRequest(
      new Request("http://localhost:3000/api/trpc/tests.list", { method: "POST", headers: { "sec-fetch-site": "cross-site" } }),
      { db: handle.db },
    );
    expect(trpc.status).toBe(403);
  });

  it("publishes only the spec's operations (plus health) in the OpenAPI document", () => {
    const doc = openApiDocument();
    const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const allowed = new Set<string>([...SPEC_OPERATIONS, ...EXTRA_OPERATIONS]);
    expect(operations.filter((op) => !allowed.has(op))).toEqual([]);
    expect(operations).toContain("GET /tests");
    expect(operations).toContain("GET /health");
  });
});
