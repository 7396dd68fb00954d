import { describe, expect, it } from "vitest";
import { guardNextAuthRequest, INVALID_CALLBACK_URL, INVALID_NEXTAUTH_BODY } from "./nextauth-guard";

const post = (body: string, type: string) =>
  new Request("http://localhost:3000/api/nextauth/session", { method: "POST", headers: { "content-type": type }, body });

describe("next-auth's endpoints (issue 17, finding 5)", () => {
  it("answer a broken JSON body with 400 and a message instead of handing it to next-auth", async () => {
    for (const body of ["{{{", "[1]", "null"]) {
      const result = await guardNextAuthRequest(post(body, "application/json"));
      expect(result).toBeInstanceOf(Response);
      const response = result as Response;
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: INVALID_NEXTAUTH_BODY });
    }
  });

  it("refuse a large body with 413", async () => {
    const result = (await guardNextAuthRequest(post("a=".padEnd(100_000, "x"), "application/x-www-form-urlencoded"))) as Response;
    expect(result.status).toBe(413);
  });

  it("pass a sign-in form through unchanged", async () => {
    const form = "csrfToken=abc&username=grace&password=tidal-basin-42";
    const result = await guardNextAuthRequest(post(form, "application/x-www-form-urlencoded"));
    expect(result).toBeInstanceOf(Request);
    expect(await (result as Request).text()).toBe(form);
  });
});

const at = (path: string, init: RequestInit = {}) => new Request(`http://localhost:3000/api/nextauth${path}`, init);

describe("next-auth's callback URL and methods (issue 30, finding 5)", () => {
  const malformed = ["http://a:b", "javascript:alert(1)", "//evil.example/", "http://[::1", "a".repeat(3000)];

  it("refuse a malformed callbackUrl in the query of every path with 400", async () => {
    for (const path of ["/session", "/csrf", "/providers", "/signin", "/signout", "/error", "/callback/credentials"]) {
      for (const value of malformed) {
        const result = await guardNextAuthRequest(at(`${path}?callbackUrl=${encodeURIComponent(value)}`));
        expect(result, `${path} ${value.slice(0, 20)}`).toBeInstanceOf(Response);
        expect((result as Response).status).toBe(400);
        expect(await (result as Response).json()).toEqual({ message: INVALID_CALLBACK_URL });
      }
    }
  });

  it("refuse a malformed callback-url cookie (plain or __Secure-), and one that is not percent-encoded text", async () => {
    for (const cookie of [
      `next-auth.callback-url=${encodeURIComponent("http://a:b")}`,
      `other=1; __Secure-next-auth.callback-url=${encodeURIComponent("http://a:b")}`,
      "next-auth.callback-url=%E0%A4%A",
    ]) {
      const result = (await guardNextAuthRequest(at("/session", { headers: { cookie } }))) as Response;
      expect(result.status).toBe(400);
    }
  });

  it("refuse a malformed callbackUrl in a form or JSON body, including one that is not text", async () => {
    const post = (body: string, type: string) => at("/signin/credentials", { method: "POST", headers: { "content-type": type }, body });
    const form = (await guardNextAuthRequest(
      post(`csrfToken=x&callbackUrl=${encodeURIComponent("http://a:b")}`, "application/x-www-form-urlencoded"),
    )) as Response;
    expect(form.status).toBe(400);
    const json = (await guardNextAuthRequest(post(JSON.stringify({ csrfToken: "x", callbackUrl: 42 }), "application/json"))) as Response;
    expect(json.status).toBe(400);
  });

  it("answer a GET of the credentials callback with 405 and Allow: POST", async () => {
    const result = (await guardNextAuthRequest(at("/callback/credentials"))) as Response;
    expect(result.status).toBe(405);
    expect(result.headers.get("allow")).toBe("POST");
  });

  it("pass usable callback URLs through: a path here, an absolute http(s) address, none, an empty one", async () => {
    const cookie = `next-auth.callback-url=${encodeURIComponent("http://localhost:3000/dashboard")}`;
    for (const query of [
      "",
      "?callbackUrl=%2Fdashboard%3Ftab%3D1",
      `?callbackUrl=${encodeURIComponent("https://coaching.example/x")}`,
      "?callbackUrl=",
    ]) {
      expect(await guardNextAuthRequest(at(`/session${query}`, { headers: { cookie } }))).toBeInstanceOf(Request);
    }
  });
});
