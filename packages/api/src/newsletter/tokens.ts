import { createHash, createHmac, randomBytes } from "node:crypto";
import { getAuthSecret } from "@coach/auth";
// Links in emails come from APP_URL, never from the request's Host header.
import { appUrl } from "@coach/config";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** How long a confirmation link works. */
export const CONFIRM_TOKEN_DAYS = 7;

/**
 * A fresh confirmation token; only its hash is stored. Its expiry travels inside it
 * (`<random>.<expiry ms, base 36>`), and the stored hash covers the whole token, so the expiry
 * cannot be changed without the link ceasing to match.
 */
export function newConfirmToken(now = Date.now()): string {
  return `${randomBytes(32).toString("base64url")}.${(now + CONFIRM_TOKEN_DAYS * 86_400_000).toString(36)}`;
}

/** True when a confirmation token's embedded expiry has passed (or it has none). */
export function isConfirmTokenExpired(token: string, now = Date.now()): boolean {
  const expiry = Number.parseInt(token.split(".")[1] ?? "", 36);
  return !Number.isFinite(expiry) || expiry < now;
}

/**
 * The unsubscribe token of a subscriber: derived with the server's secret, so every newsletter can
 * carry it while the database only holds its hash (a leaked table cannot unsubscribe anyone).
 */
export function unsubscribeToken(subscriberId: number): string {
  return createHmac("sha256", getAuthSecret()).update(`newsletter-unsubscribe:${subscriberId}`).digest("base64url");
}

export function confirmUrl(token: string): string {
  return `${appUrl()}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}

/**
 * The one-click address (RFC 8058): mail providers POST to it; a person who opens it gets the
 * unsubscribe page, which asks for a click (a GET never changes anything).
 */
export function unsubscribeUrl(subscriberId: number): string {
  return `${appUrl()}/newsletter/unsubscribe/one-click?token=${encodeURIComponent(unsubscribeToken(subscriberId))}`;
}
