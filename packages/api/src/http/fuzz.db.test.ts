/**
 * A fuzzer driven by /api/openapi.json: every REST operation gets malformed JSON, wrong types,
 * missing and extra fields, huge strings and numbers, odd Unicode, and anonymous, user and admin
 * sessions. Every answer must be a 4xx (or 2xx) with a message — never a 5xx or a stack trace.
 * Seeded and bounded, so a failure reproduces. The abuse cases of issue 17 (oversized, deep, extreme
 * dates, broken encoding, batches) follow, over REST and tRPC, with issue 30's: the last instants
 * JavaScript can hold on every date field, and malformed callback URLs in the query and the cookie.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedContent, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { handleRestRequest, openApiDocument } from "./rest";
import { handleTrpcRequest } from "./trpc-handler";
import { appRouter } from "../root";
import { createUser } from "../testing";

const SEED = 20261121;
const CASES_PER_OPERATION = 36;

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_STRINGS = [
  "",
  " ",
  "a".repeat(100_000),
  "\u0000nul",
  "\u202Eevil\u202C",
  "zero\u200Bwidth",
  "😀👩‍👩‍👧‍👦",
  "\uD800",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00",
  "null",
  "NaN",
  "-1",
  "1e309",
  "9223372036854775808",
  "2026-02-30T25:61:00Z",
];
const ODD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 63,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  {},
  [1, "a"],
  { nested: { deep: [null] } },
  ...ODD_STRINGS,
];

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  format?: string;
};
type Operation = { method: string; path: string; params: Array<{ name: string; in: string; schema?: Schema }>; body?: Schema };

function operations(): Operation[] {
  const doc = openApiDocument() as unknown as {
    paths: Record<
      string,
      Record<string, { parameters?: Operation["params"]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>
    >;
  };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: op.parameters ?? [],
      body: op.requestBody?.content?.["application/json"]?.schema,
    })),
  );
}

/** A plausible value for a schema, so that other fields' mutations reach deeper validation. */
function plausible(schema: Schema | undefined, rand: () => number): unknown {
  if (!schema) return "x";
  if (schema.enum?.length) return schema.enum[Math.floor(rand() * schema.enum.length)];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "integer":
    case "number":
      return 1 + Math.floor(rand() * 5);
    case "boolean":
      return rand() < 0.5;
    case "array":
      return [plausible(schema.items, rand)];
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, plausible(s, rand)]));
    default:
      if (schema.format === "email") return `fuzz${Math.floor(rand() * 1e6)}@example.com`;
      if (schema.format === "date-time") return new Date(Date.now() + rand() * 9e9).toISOString();
      if (schema.format === "uri") return "https://example.com/callback";
      return `value-${Math.floor(rand() * 1e6)}`;
  }
}

const pick = <T>(list: readonly T[], rand: () => number): T => list[Math.floor(rand() * list.length)]!;

function mutateBody(body: Schema | undefined, rand: () => number): string | undefined {
  const base = (plausible(body ?? { type: "object" }, rand) ?? {}) as Record<string, unknown>;
  const keys = Object.keys(base);
  switch (Math.floor(rand() * 8)) {
    case 0:
      return pick(["{", '{"a":', "[1,2", "nul", '"unterminated', '{"a":1}}', "\u0000"], rand);
    case 1:
      return JSON.stringify(pick(ODD_VALUES, rand));
    case 2:
      if (keys.length) delete base[pick(keys, rand)];
      return JSON.stringify(base);
    case 3:
      base[`extra_${Math.floor(rand() * 100)}`] = pick(ODD_VALUES, rand);
      return JSON.stringify(base);
    case 4:
      if (keys.length) base[pick(keys, rand)] = pick(ODD_VALUES, rand);
      return JSON.stringify(base);
    case 5:
      for (const k of keys) base[k] = pick(ODD_STRINGS, rand);
      return JSON.stringify(base);
    case 6:
      return undefined;
    default:
      return JSON.stringify(base);
  }
}

function fillPath(op: Operation, rand: () => number): string {
  let query = "";
  let path = op.path;
  for (const param of op.params) {
    const value = rand() < 0.4 ? plausible(param.schema, rand) : pick(ODD_VALUES, rand);
    const text = typeof value === "string" ? value : JSON.stringify(value);
    if (param.in === "path") path = path.replace(`{${param.name}}`, encodeURIComponent(text.slice(0, 2000).toWellFormed()));
    else if (param.in === "query" && rand() < 0.8)
      query += `${query ? "&" : "?"}${encodeURIComponent(param.name)}=${encodeURIComponent(text.slice(0, 2000).toWellFormed())}`;
  }
  // Broken percent-encoding reaches the server's own decoding.
  if (rand() < 0.05) path = path.replace(/\/([^/]*)$/, "/%E0%A4%A");
  if (rand() < (op.params.length ? 0.1 : 0.3))
    query += `${query ? "&" : "?"}unexpected=${encodeURIComponent(pick(ODD_STRINGS, rand).slice(0, 100).toWellFormed())}`;
  return path + query;
}

let handle: DbHandle;
const sessions: Record<string, string | undefined> = {};
beforeAll(async () => {
  handle = await createTestDb();
  await seedContent(handle.db);
  sessions.anonymous = undefined;
  sessions.user = (await createUser(handle.db)).cookie;
  sessions.admin = (await createUser(handle.db, { role: "admin" })).cookie;
}, 120_000);
afterAll(async () => handle?.close());

describe("REST fuzzing from the OpenAPI document", () => {
  const ops = operations();

  it("covers every published operation", () => {
    expect(ops.length).toBeGreaterThan(1);
  });

  for (const op of ops) {
    it(`${op.method} ${op.path} answers every malformed call with a 4xx and a message`, async () => {
      const rand = prng(SEED + op.method.length * 7919 + [...op.path].reduce((a, c) => a + c.charCodeAt(0), 0));
      const failures: string[] = [];
      let clientErrors = 0;
      for (let i = 0; i < CASES_PER_OPERATION; i++) {
        const who = pick(["anonymous", "user", "admin"] as const, rand);
        const url = `http://localhost:3000/api${fillPath(op, rand)}`;
        const body = op.method === "GET" ? undefined : mutateBody(op.body, rand);
        const headers: Record<string, string> = {};
        if (body !== undefined && rand() < 0.9) headers["content-type"] = rand() < 0.95 ? "application/json" : "text/plain";
        if (sessions[who]) headers.cookie = sessions[who]!;
        let response: Response;
        try {
          response = await handleRestRequest(new Request(url, { method: op.method, headers, body }), { db: handle.db });
        } catch (error) {
          failures.push(`${who} ${op.method} ${url.slice(0, 200)} threw ${String(error)}`);
          continue;
        }
        const text = await response.text();
        const describe = `${who} ${op.method} ${url.slice(0, 160)} body=${(body ?? "").slice(0, 120)} → ${response.status} ${text.slice(0, 200)}`;
        if (response.status >= 500) failures.push(describe);
        else if (/\n\s+at |node_modules|\.ts:\d+/.test(text)) failures.push(`stack trace leaked: ${describe}`);
        else if (response.status >= 400) {
          clientErrors += 1;
          let message: unknown;
          try {
            message = (JSON.parse(text) as { message?: unknown }).message;
          } catch {
            message = undefined;
          }
          if (typeof message !== "string" || message.length === 0) failures.push(`no message: ${describe}`);
        }
      }
      expect(failures).toEqual([]);
      // The inputs really were refused somewhere: a fuzzer whose calls all succeed proves nothing.
      expect(clientErrors).toBeGreaterThan(0);
    });
  }
});

/**
 * The attacks of issue 17 on every operation, over REST and tRPC: oversized and deeply nested bodies,
 * dates beyond JavaScript's range, broken percent-encoding and oversized batches. Every answer must be
 * a 4xx (dates may also succeed where a procedure ignores them) whose body shows no internals.
 */
describe("abuse cases over REST and tRPC (issue 17)", () => {
  const INTERNALS = /\n\s+at |node_modules|\.ts:\d+|call stack|RangeError|TypeError|is not a function|Invalid time value/i;
  // The last representable instants (valid for JavaScript, not for PostgreSQL), the first invalid ones,
  // year 0 and nonsense (issue 30, finding 4: +275760-09-13 answered 500 on the bookings filter).
  const EXTREME_DATES = [
    "+275760-09-12T23:30:00.000Z",
    "+275760-09-13T00:00:00.000Z",
    "+275760-09-13T00:00:00.001Z",
    "-271821-04-20T00:00:00.000Z",
    "0000-01-01",
    "9999-99-99T99:99:99Z",
  ];
  /** Fields that name a date or time, whatever their declared format (the bookings filter's are plain strings). */
  const DATE_FIELD = /date|time|^from$|^to$|^at$|since|until/i;
  // Malformed callback URLs (issue 30, finding 5) in the query and in next-auth's cookie, on every operation.
  const BAD_CALLBACK = `callbackUrl=${encodeURIComponent("http://a:b")}`;
  const BAD_CALLBACK_COOKIE = `next-auth.callback-url=${encodeURIComponent("http://a:b")}`;
  const oversized = JSON.stringify({ data: "x".repeat(2 * 1024 * 1024) });
  const deep = "[".repeat(200_000) + "]".repeat(200_000);
  const deepMeta = `{"json":{},"meta":{"values":${'{"a":'.repeat(20_000)}["undefined"]${"}".repeat(20_000)}}}`;

  type Case = { name: string; send: () => Promise<Response>; allowSuccess?: boolean };

  function check(failures: string[], label: string, response: Response, text: string, allowSuccess = false) {
    const ok = allowSuccess ? response.status < 500 : response.status >= 400 && response.status < 500;
    if (!ok) failures.push(`${label} → ${response.status} ${text.slice(0, 200)}`);
    if (INTERNALS.test(text)) failures.push(`internals leaked: ${label} → ${text.slice(0, 200)}`);
  }

  const headersFor = (who: "anonymous" | "user" | "admin") => ({
    "content-type": "application/json",
    ...(sessions[who] ? { cookie: sessions[who]! } : {}),
  });

  it("REST: every operation refuses oversized, deep, extreme-date and badly encoded requests with a 4xx", async () => {
    const failures: string[] = [];
    for (const op of operations()) {
      const rand = prng(SEED + op.path.length);
      const path = op.path.replace(/\{(\w+)\}/g, "1");
      const cases: Case[] = [];
      for (const who of ["anonymous", "admin"] as const) {
        const url = `http://localhost:3000/api${path}`;
        if (op.method !== "GET") {
          cases.push({
            name: `${who} oversized`,
            send: () =>
              handleRestRequest(new Request(url, { method: op.method, headers: headersFor(who), body: oversized }), { db: handle.db }),
          });
          cases.push({
            name: `${who} deep`,
            send: () => handleRestRequest(new Request(url, { method: op.method, headers: headersFor(who), body: deep }), { db: handle.db }),
          });
          for (const date of EXTREME_DATES) {
            const body = plausible(op.body ?? { type: "object" }, rand) as Record<string, unknown>;
            for (const [key, schema] of Object.entries(op.body?.properties ?? {}))
              if (schema.format === "date-time" || schema.format === "date" || DATE_FIELD.test(key)) body[key] = date;
            cases.push({
              name: `${who} date ${date}`,
              allowSuccess: true,
              send: () =>
                handleRestRequest(new Request(url, { method: op.method, headers: headersFor(who), body: JSON.stringify(body) }), {
                  db: handle.db,
                }),
            });
          }
        }
        const dateParams = op.params.filter(
          (p) => p.in === "query" && (p.schema?.format === "date-time" || p.schema?.format === "date" || DATE_FIELD.test(p.name)),
        );
        for (const date of dateParams.length ? [...EXTREME_DATES, "abc"] : []) {
          for (const param of dateParams) {
            // One extreme date at a time, so the others' refusals do not hide it.
            cases.push({
              name: `${who} query ${param.name}=${date}`,
              send: () =>
                handleRestRequest(new Request(`${url}?${param.name}=${encodeURIComponent(date)}`, { headers: headersFor(who) }), {
                  db: handle.db,
                }),
            });
          }
        }
        cases.push({
          name: `${who} malformed callback URL`,
          allowSuccess: true,
          send: () =>
            handleRestRequest(
              new Request(`${url}?${BAD_CALLBACK}`, {
                method: op.method,
                headers: { ...headersFor(who), cookie: [sessions[who], BAD_CALLBACK_COOKIE].filter(Boolean).join("; ") },
                body: op.method === "GET" ? undefined : "{}",
              }),
              { db: handle.db },
            ),
        });
        // Query keys that every object inherits must be plain keys (the adapter's parser answered 500 to ?constructor=1).
        cases.push({
          name: `${who} inherited query keys`,
          allowSuccess: true,
          send: () =>
            handleRestRequest(
              new Request(`${url}?constructor=1&__proto__=x&toString=y&hasOwnProperty=z`, {
                method: op.method,
                headers: headersFor(who),
                body: op.method === "GET" ? undefined : "{}",
              }),
              { db: handle.db },
            ),
        });
        const broken = `http://localhost:3000/api${path.replace(/\/[^/]*$/, "/%ff")}`;
        cases.push({
          name: `${who} bad encoding`,
          send: () =>
            handleRestRequest(
              new Request(broken, { method: op.method, headers: headersFor(who), body: op.method === "GET" ? undefined : "{}" }),
              { db: handle.db },
            ),
        });
      }
      for (const c of cases) {
        const response = await c.send();
        check(failures, `${op.method} ${op.path} ${c.name}`, response, await response.text(), c.allowSuccess);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000); // every operation, each date field alone: minutes on a busy machine

  it("tRPC: every procedure refuses oversized, deep, deep-meta and extreme-date calls with a 4xx, and batches beyond the cap", async () => {
    const failures: string[] = [];
    const procedures = Object.entries((appRouter._def as unknown as { procedures: Record<string, { _def: { type: string } }> }).procedures);
    expect(procedures.length).toBeGreaterThan(20);
    const trpc = (path: string, init: RequestInit = {}) =>
      handleTrpcRequest(new Request(`http://localhost:3000/api/trpc/${path}`, init), { db: handle.db });
    for (const [path, procedure] of procedures) {
      const mutation = procedure._def.type === "mutation";
      for (const who of ["anonymous", "admin"] as const) {
        const headers = headersFor(who);
        const send = (body: string) =>
          mutation
            ? trpc(path, { method: "POST", headers, body })
            : trpc(`${path}?input=${encodeURIComponent(body.slice(0, 6000))}`, { headers });
        const cases: Case[] = [
          { name: "oversized", send: () => trpc(path, { method: "POST", headers, body: oversized }) },
          { name: "deep", send: () => trpc(path, { method: "POST", headers, body: deep }) },
          { name: "deep meta", send: () => trpc(path, { method: "POST", headers, body: deepMeta }) },
          { name: "deep query", send: () => trpc(`${path}?input=${encodeURIComponent("[".repeat(2000) + "]".repeat(2000))}`, { headers }) },
          {
            name: "malformed callback URL",
            allowSuccess: true,
            send: () =>
              mutation
                ? trpc(`${path}?${BAD_CALLBACK}`, {
                    method: "POST",
                    headers: { ...headers, cookie: [sessions[who], BAD_CALLBACK_COOKIE].filter(Boolean).join("; ") },
                    body: JSON.stringify({ json: { callbackUrl: "http://a:b" } }),
                  })
                : trpc(`${path}?${BAD_CALLBACK}&input=${encodeURIComponent(JSON.stringify({ json: { callbackUrl: "http://a:b" } }))}`, {
                    headers: { ...headers, cookie: [sessions[who], BAD_CALLBACK_COOKIE].filter(Boolean).join("; ") },
                  }),
          },
          ...EXTREME_DATES.map((date) => ({
            name: `date ${date}`,
            allowSuccess: true,
            send: () =>
              send(
                JSON.stringify({
                  json: {
                    startDate: date,
                    endDate: date,
                    startTime: date,
                    endTime: date,
                    from: date,
                    to: date,
                    at: date,
                    targetDate: date,
                    publish: { mode: "schedule", at: date },
                    id: 1,
                    userId: 1,
                    title: "Fuzzed title",
                    token: "x".repeat(43),
                  },
                  meta: {
                    values: { startDate: ["Date"], endDate: ["Date"], startTime: ["Date"], endTime: ["Date"], "publish.at": ["Date"] },
                  },
                }),
              ),
          })),
        ];
        for (const c of cases) {
          const response = await c.send();
          check(failures, `${path} ${who} ${c.name}`, response, await response.text(), c.allowSuccess);
        }
      }
    }
    const batch = Array.from({ length: 1400 }, () => procedures[0]![0]).join(",");
    const response = await trpc(`${batch}?batch=1&input=%7B%7D`);
    check(failures, "batch of 1400", response, await response.text());
    expect(failures).toEqual([]);
  }, 240_000);
});
