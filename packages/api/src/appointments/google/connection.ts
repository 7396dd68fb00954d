/**
 * The coach's Google Calendar connection, kept in app_settings under "google_calendar".
 * The client secret and the tokens are encrypted at rest and never leave the server.
 * Every Google call here is best effort: a failure is logged and the booking goes on; a token
 * Google refuses for good marks the connection "not connected" with a message for the coach.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Credentials } from "google-auth-library";
import { getAuthSecret } from "@coach/auth";
import { eq, schema, type Database } from "@coach/db";
import { decryptSecret, encryptSecret } from "../../shared/crypto";
import { log } from "../../shared/logger";
import { CalendarApi, isAuthFailure, type OAuthConfig } from "./client";

export const GOOGLE_SETTINGS_KEY = "google_calendar";
export const RECONNECT_MESSAGE =
  "Google Calendar access has expired or was revoked. Save the settings and authorize again to reconnect; bookings continue meanwhile without Google.";
/** How long an Authorize link stays valid. */
const STATE_TTL_MS = 30 * 60_000;

export interface StoredGoogleSettings {
  clientId: string;
  /** encrypted */
  clientSecret: string;
  redirectUri: string;
  /** encrypted JSON of the OAuth credentials */
  tokens?: string | null;
  connected: boolean;
  /** For the coach: why the connection stopped, or null. */
  message?: string | null;
  connectedAt?: string | null;
  /** sha256 of the pending authorization's nonce, and when it expires (ms). */
  pendingState?: string | null;
  pendingStateExpiresAt?: number | null;
}

export async function readGoogleSettings(db: Database): Promise<StoredGoogleSettings | null> {
  const [row] = await db.select().from(schema.appSettings).where(eq(schema.appSettings.key, GOOGLE_SETTINGS_KEY));
  return (row?.value as StoredGoogleSettings | undefined) ?? null;
}

export async function writeGoogleSettings(db: Database, value: StoredGoogleSettings): Promise<void> {
  const json = value as unknown as Record<string, unknown>;
  await db
    .insert(schema.appSettings)
    .values({ key: GOOGLE_SETTINGS_KEY, value: json })
    .onConflictDoUpdate({ target: schema.appSettings.key, set: { value: json, updatedAt: new Date() } });
}

export function oauthConfigOf(stored: StoredGoogleSettings): OAuthConfig {
  return { clientId: stored.clientId, clientSecret: decryptSecret(stored.clientSecret), redirectUri: stored.redirectUri };
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const stateKey = () => createHmac("sha256", getAuthSecret()).update("google-oauth-state").digest();

/**
 * A state value for the consent URL: a random nonce bound to the admin and an expiry, signed with
 * a key derived from AUTH_SECRET. Its hash is stored, so each link works once and only the latest one.
 */
export function newOAuthState(userId: number, now = Date.now()): { state: string; hash: string; expiresAt: number } {
  const expiresAt = now + STATE_TTL_MS;
  const payload = Buffer.from(JSON.stringify({ n: randomBytes(16).toString("base64url"), u: userId, e: expiresAt })).toString("base64url");
  const signature = createHmac("sha256", stateKey()).update(payload).digest("base64url");
  const state = `${payload}.${signature}`;
  return { state, hash: sha256(state), expiresAt };
}

export function verifyOAuthState(state: string, stored: StoredGoogleSettings, userId: number, now = Date.now()): string | null {
  const invalid = "This authorization link is not valid. Start again from Admin Settings.";
  const [payload, signature, ...rest] = state.split(".");
  if (!payload || !signature || rest.length) return invalid;
  const expected = createHmac("sha256", stateKey()).update(payload).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  let data: { u?: unknown; e?: unknown };
  try {
    data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { u?: unknown; e?: unknown };
  } catch {
    return invalid;
  }
  if (data.u !== userId) return invalid;
  if (typeof data.e !== "number" || data.e < now || (stored.pendingStateExpiresAt ?? 0) < now) {
    return "This authorization link has expired. Save the settings again to get a new one.";
  }
  if (!stored.pendingState || stored.pendingState !== sha256(state)) return invalid;
  return null;
}

function readTokens(stored: StoredGoogleSettings): Credentials | null {
  if (!stored.tokens) return null;
  return JSON.parse(decryptSecret(stored.tokens)) as Credentials;
}

export function encryptTokens(tokens: Credentials): string {
  const { access_token, refresh_token, expiry_date, token_type, scope } = tokens;
  return encryptSecret(JSON.stringify({ access_token, refresh_token, expiry_date, token_type, scope }));
}

/** Marks the connection as not connected, with a message the coach sees in /settings. */
export async function markDisconnected(db: Database, message: string | null): Promise<void> {
  const stored = await readGoogleSettings(db);
  if (!stored) return;
  await writeGoogleSettings(db, { ...stored, connected: false, tokens: null, message, connectedAt: null });
}

/**
 * Runs `op` against the coach's calendar when connected; returns null when not connected or when
 * Google fails (logged). Refreshed tokens are saved; refused tokens disconnect with a message.
 */
export async function withGoogleCalendar<T>(db: Database, what: string, op: (api: CalendarApi) => Promise<T>): Promise<T | null> {
  let stored: StoredGoogleSettings | null;
  let api: CalendarApi;
  let before: Credentials;
  try {
    stored = await readGoogleSettings(db);
    const tokens = stored?.connected ? readTokens(stored) : null;
    if (!stored || !tokens) return null;
    before = tokens;
    api = new CalendarApi(oauthConfigOf(stored), tokens);
  } catch (error) {
    log("warn", "google calendar settings unreadable", { what, error });
    return null;
  }
  try {
    const result = await op(api);
    const after = api.credentials;
    if (after.access_token && after.access_token !== before.access_token) {
      const latest = (await readGoogleSettings(db)) ?? stored;
      await writeGoogleSettings(db, { ...latest, tokens: encryptTokens({ ...before, ...after }) });
    }
    return result;
  } catch (error) {
    if (isAuthFailure(error)) {
      log("warn", "google calendar access refused; marked not connected", { what });
      await markDisconnected(db, RECONNECT_MESSAGE);
    } else {
      log("warn", "google calendar call failed; continuing without it", { what, error });
    }
    return null;
  }
}
