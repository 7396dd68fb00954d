/**
 * next-auth's endpoints as the app serves them (issue 30, finding 5): malformed input that next-auth
 * itself answers with a 500 and a stack trace gets a 4xx with a message before next-auth sees it.
 * (What passes the guard reaches next-auth, which needs Next's request scope: the e2e specs cover it.)
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";

type Handler = (request: Request, context: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;
let GET: Handler;
let POST: Handler;

beforeAll(async () => {
  // The route imports the whole API (and next-auth): the first import takes a while on a busy machine.
  vi.stubEnv("DATA_DIR", mkdtempSync(path.join(os.tmpdir(), "coach-nextauth-route-")));
  vi.stubEnv("AUTH_SECRET", "a-test-secret-that-is-long-enough-for-next-auth");
  vi.stubEnv("APP_URL", "http://localhost:3000");
  ({ GET, POST } = (await import("./route")) as unknown as { GET: Handler; POST: Handler });
}, 120_000);

async function call(method: "GET" | "POST", pathAndQuery: string, init: { cookie?: string; form?: string } = {}) {
  const headers = new Headers();
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.form !== undefined) headers.set("content-type", "application/x-www-form-urlencoded");
  const request = new Request(`http://localhost:3000/api/nextauth${pathAndQuery}`, { method, headers, body: init.form });
  const segments = new URL(request.url).pathname.replace("/api/nextauth/", "").split("/");
  return (method === "GET" ? GET : POST)(request, { params: Promise.resolve({ nextauth: segments }) });
}

const BAD = encodeURIComponent("http://a:b");

describe("/api/nextauth/*", () => {
  it("answers a malformed callbackUrl on session, csrf and providers with 400, in the query or the cookie", async () => {
    for (const endpoint of ["session", "csrf", "providers"]) {
      expect((await call("GET", `/${endpoint}?callbackUrl=${BAD}`)).status).toBe(400);
      expect((await call("GET", `/${endpoint}`, { cookie: `next-auth.callback-url=${BAD}` })).status).toBe(400);
    }
  });

  it("answers a GET of the credentials callback with 405, and a sign-in form naming a malformed callbackUrl with 400", async () => {
    const get = await call("GET", "/callback/credentials");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect((await call("POST", "/callback/credentials", { form: `csrfToken=x&username=a&password=b&callbackUrl=${BAD}` })).status).toBe(
      400,
    );
  });
});
