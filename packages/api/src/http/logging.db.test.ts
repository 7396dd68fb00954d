import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { handleRestRequest } from "./rest";
import { handleTrpcRequest } from "./trpc-handler";
import { createUser } from "../testing";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.close());

/** Captures what the server writes to stdout and stderr while `fn` runs. */
async function captureLogs(fn: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const grab = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, "write").mockImplementation(grab);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(grab);
  try {
    await fn();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines.join("");
}

describe("structured logs", () => {
  it("log one JSON line per request with the request id the response carries", async () => {
    let response: Response | undefined;
    const output = await captureLogs(async () => {
      response = await handleRestRequest(new Request("http://localhost/api/tests"), { db: handle.db });
    });
    const requestId = response!.headers.get("x-request-id");
    expect(requestId).toMatch(/^[\w-]{8,}$/);
    const entries = output
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({ message: "request", requestId, method: "GET", path: "/api/tests", status: 200 }),
    );

    const trpcOutput = await captureLogs(async () => {
      response = await handleTrpcRequest(new Request("http://localhost/api/trpc/tests.list"), { db: handle.db });
    });
    expect(trpcOutput).toContain(response!.headers.get("x-request-id")!);
  });

  it("never write passwords, session cookies or tokens", async () => {
    const { user, password, cookie } = await createUser(handle.db, { plainPassword: "Sup3r-Secret-Passphrase!" });
    const token = cookie.split("=")[1]!;
    const output = await captureLogs(async () => {
      const calls = [
        new Request("http://localhost/api/auth/login", {
          method: "POST",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify({ username: user.username, password }),
        }),
        new Request("http://localhost/api/auth/login", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ username: user.username, password: `${password}-wrong` }),
        }),
        new Request("http://localhost/api/auth/reset-password", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ token: "tok_abcdefghijklmnop", password, confirmPassword: password }),
        }),
        new Request("http://localhost/api/auth/me", { headers: { cookie } }),
      ];
      for (const request of calls) await handleRestRequest(request, { db: handle.db });
    });
    expect(output.length).toBeGreaterThan(0);
    expect(output).not.toContain(password);
    expect(output).not.toContain(token);
    expect(output).not.toContain("tok_abcdefghijklmnop");
  });
});
