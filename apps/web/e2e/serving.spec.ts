import net from "node:net";
import { expect, test } from "@playwright/test";
import { signInAsAdmin, trpcMutation } from "./helpers";

/**
 * The production server against requests a browser would not send (issue 30, findings 6 and 7), and
 * honest status codes for pages of things that do not exist (finding 10), over real sockets.
 */

/** Sends `request` as written on one connection and answers the status and headers that came back. */
async function raw(request: string): Promise<{ status: number; headers: Record<string, string> }> {
  const { port, hostname } = new URL(test.info().project.use.baseURL ?? "");
  const text = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (received.includes("\r\n\r\n")) socket.end();
    });
    socket.on("end", () => resolve(received));
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
    socket.write(request);
  });
  const [head = ""] = text.split("\r\n\r\n");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
  return { status: Number(statusLine.split(" ")[1]), headers };
}

test("OPTIONS * answers 204 with the methods, not 500", async () => {
  const response = await raw("OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
  expect(response.status).toBe(204);
  expect(response.headers.allow).toContain("GET");
});

test("an absolute-form or asterisk target answers 400, never a redirect to the host it names", async () => {
  for (const target of ["http://evil.example/", "https://evil.example/about", "*"]) {
    const response = await raw(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(response.status, target).toBe(400);
    expect(response.headers.location, target).toBeUndefined();
    expect(response.headers["cache-control"], target).toBe("no-store");
  }
  // The authority form (for CONNECT only): Node's parser refuses it itself.
  const authority = await raw("GET evil.example:443 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
  expect(authority.status).toBe(400);
  expect(authority.headers.location).toBeUndefined();
});

test("a path whose percent-encoding does not decode answers 400", async () => {
  const response = await raw("GET /api/blog/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
  expect(response.status).toBe(400);
});

/** A response no shared cache may keep: no s-maxage, no `public`, or an explicit private/no-store. */
function notShared(cacheControl: string | undefined): boolean {
  const value = cacheControl ?? "";
  return /private|no-store/.test(value) || !/s-maxage|public/.test(value);
}

test("a missing, draft or deleted article answers 404 with Article Not Found, which no shared cache keeps", async ({
  page,
  playwright,
}) => {
  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const expectNotFound = async (path: string) => {
    const response = await visitor.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain("Article Not Found");
    expect(notShared(response.headers()["cache-control"]), `${path}: ${response.headers()["cache-control"]}`).toBe(true);
  };
  await expectNotFound("/continuous-leadership-education/no-such-article-anywhere");

  await signInAsAdmin(page);
  const post = await trpcMutation<{ id: number; slug: string }>(page, "admin.blog.create", {
    title: `Not yet public ${Date.now().toString(36)}`,
    summary: "A draft that visitors must not find, and later a deleted post.",
    content: "A draft answers 404 to visitors; once published it answers 200; once deleted, 404 again.",
    tags: [],
  });
  const path = `/continuous-leadership-education/${post.slug}`;
  await expectNotFound(path);
  await trpcMutation(page, "admin.blog.publish", { id: post.id, mode: "now" });
  expect((await visitor.get(path)).status()).toBe(200);
  await trpcMutation(page, "admin.blog.delete", { id: post.id });
  await expectNotFound(path);
  await visitor.dispose();
});

test("pages of other things that do not exist answer 404", async ({ request }) => {
  for (const path of ["/coaching/no-such-program", "/tests/catalogue/no-such-type", "/no-such-page"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(notShared(response.headers()["cache-control"]), path).toBe(true);
  }
});

test("a page rendered per visitor carries a fresh nonce CSP, never 'unsafe-inline'", async ({ request }) => {
  const policies: string[] = [];
  for (const path of ["/auth", "/auth", "/request-password-reset"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const policy = response.headers()["content-security-policy"] ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? "";
    expect(scriptSrc, path).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc, path).not.toContain("unsafe-inline");
    // Next.js put that nonce on its own scripts.
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1] ?? "";
    expect(await response.text(), path).toContain(`nonce="${nonce}"`);
    policies.push(policy);
  }
  expect(policies[0]).not.toBe(policies[1]);
});
