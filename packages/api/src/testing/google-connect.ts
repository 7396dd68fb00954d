/**
 * Connects the coach's Google Calendar to the loopback fake through the real consent round trip:
 * the consent URL is followed like a browser would, and the code and state come back to our
 * callback. (Only imported by *.db.test.ts files.)
 */
import { expect } from "vitest";
import type { FakeGoogle } from "./google-fake";
import type { callerAs } from "./index";

export const GOOGLE_REDIRECT = "https://coach.example/api/auth/google/callback";

/** Follows the consent URL to the fake, which redirects back with code and state. */
export async function consent(authUrl: string): Promise<{ code: string; state: string }> {
  const response = await fetch(authUrl, { redirect: "manual" });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(GOOGLE_REDIRECT);
  return { code: back.searchParams.get("code") ?? "", state: back.searchParams.get("state") ?? "" };
}

export async function connectGoogle(coach: Awaited<ReturnType<typeof callerAs>>, fake: FakeGoogle) {
  const saved = await coach.settings.saveGoogleCalendar({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    redirectUri: GOOGLE_REDIRECT,
  });
  const { code, state } = await consent(saved.authUrl!);
  return coach.settings.completeGoogleAuthorization({ code, state });
}
