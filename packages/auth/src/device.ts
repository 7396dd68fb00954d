import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readCookie } from "./session";
import { getAuthSecret } from "./secret";

/**
 * A device cookie (OWASP, "slow down online guessing attacks with device cookies"): set when someone
 * signs in, it marks the browser as one the account's owner has used. Sign-in throttling that
 * protects an account from a guessing attack spread over many addresses does not apply to it, so an
 * attack cannot lock the owner out of a device they used before (docs/decisions/0011-sign-in-throttling.md).
 * Signed with AUTH_SECRET; it names the account and a random device id, nothing secret.
 */
export const DEVICE_COOKIE = "coach-device";
export const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function signature(payload: string): string {
  return createHmac("sha256", getAuthSecret()).update(`device-cookie:${payload}`).digest("base64url");
}

/** A Set-Cookie value that marks this browser as a device the user has signed in from. */
export function deviceCookie(userId: number, secure: boolean): string {
  const payload = `${userId}.${randomBytes(12).toString("base64url")}`;
  const parts = [
    `${DEVICE_COOKIE}=${payload}.${signature(payload)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${DEVICE_MAX_AGE_SECONDS}`,
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** The device the request's cookie names, when its signature holds; otherwise null. */
export function knownDevice(headers: Headers): { userId: number; deviceId: string } | null {
  const value = readCookie(headers, DEVICE_COOKIE);
  const match = value?.match(/^(\d{1,12})\.([\w-]{16})\.([\w-]{43})$/);
  if (!match) return null;
  const [, userId, deviceId, given] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(signature(`${userId}.${deviceId}`));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { userId: Number(userId), deviceId };
}
