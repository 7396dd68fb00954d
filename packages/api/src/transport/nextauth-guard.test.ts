import { describe, expect, it } from "vitest";
import { guardNextAuthRequest, INVALID_NEXTAUTH_BODY } from "./nextauth-guard";

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
