/**
 * Google's OAuth callback sends the coach back to the site's own address (issue 30, finding 8): the
 * request reaches the app as http://localhost:<port>, and a redirect built from that left her there.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

let GET: (request: Request) => Promise<Response>;
beforeAll(async () => {
  vi.stubEnv("APP_URL", "https://coaching.example");
  ({ GET } = await import("./route"));
}, 120_000);

describe("GET /api/auth/google/callback", () => {
  it("redirects to Admin Settings at APP_URL, whatever address the request came in on", async () => {
    const response = await GET(new Request(`http://localhost:3120/api/auth/google/callback?code=${"x".repeat(2001)}`));
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!);
    expect(location.origin).toBe("https://coaching.example");
    expect(location.pathname).toBe("/settings");
    expect(location.searchParams.get("google")).toBe("error");
  });
});
