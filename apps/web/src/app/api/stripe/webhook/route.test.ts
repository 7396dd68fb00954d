/**
 * The webhook route refuses a body longer than any Stripe event before reading it into memory (a
 * declared length over the limit is not read at all; an undeclared one stops being read at the limit).
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, expect, it, vi } from "vitest";

let POST: (request: Request) => Promise<Response>;
let max: number;

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", mkdtempSync(path.join(os.tmpdir(), "coach-webhook-route-")));
  ({ POST } = await import("./route"));
  ({ WEBHOOK_MAX_BYTES: max } = await import("@coach/api"));
}, 120_000);

const webhook = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost:3000/api/stripe/webhook", { method: "POST", headers, body, duplex: "half" } as RequestInit);

it("answers 413 to a declared length over the limit, without reading the body", async () => {
  let pulled = 0;
  const stream = new ReadableStream({
    pull(controller) {
      pulled += 1;
      controller.enqueue(new Uint8Array(1024));
      if (pulled > 4) controller.close();
    },
  });
  const response = await POST(webhook(stream, { "content-length": String(max + 1) }));
  expect(response.status).toBe(413);
  expect(await response.json()).toEqual({ error: "The body is too large for a Stripe event." });
  expect(pulled).toBeLessThanOrEqual(1);
});

it("answers 413 to an undeclared body once it passes the limit, having read no more than the limit", async () => {
  let sent = 0;
  const stream = new ReadableStream({
    pull(controller) {
      sent += 64 * 1024;
      controller.enqueue(new Uint8Array(64 * 1024));
      if (sent > 4 * max) controller.close();
    },
  });
  const response = await POST(webhook(stream));
  expect(response.status).toBe(413);
  expect(sent).toBeLessThanOrEqual(max + 2 * 64 * 1024);
});
