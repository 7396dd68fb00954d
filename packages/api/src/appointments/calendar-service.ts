/** The Google Calendar connection as the coach manages it in Admin Settings (OAuth consent and callback). */
import { appUrl } from "@coach/config";
import type { Database } from "@coach/db";
import { isMaskedSecret, maskSecret } from "@coach/validators/calendar";
import { recordAudit, type AuditActor } from "../audit/record";
import { encryptSecret } from "../shared/crypto";
import { DomainError } from "../shared/domain-error";
import { log } from "../shared/logger";
import { withCalendarClaim } from "./calendar-sync";
import { consentUrl, exchangeCode } from "./google/client";
import {
  encryptTokens,
  newOAuthState,
  oauthConfigOf,
  readGoogleSettings,
  verifyOAuthState,
  writeGoogleSettings,
  type StoredGoogleSettings,
} from "./google/connection";
import { ensureWatchChannel, stopWatchChannels } from "./google/watch";

/** The callback the Google client is set up with, unless the coach enters another. */
export function defaultRedirectUri(): string {
  return `${appUrl()}/api/auth/google/callback`;
}

function publicView(stored: StoredGoogleSettings | null) {
  if (!stored) return { clientId: "", clientSecret: "", redirectUri: defaultRedirectUri(), connected: false, message: null };
  let secretTail = "";
  try {
    secretTail = oauthConfigOf(stored).clientSecret;
  } catch {
    // Undecryptable (key changed): show it as missing so the coach re-enters it.
  }
  return {
    clientId: stored.clientId,
    clientSecret: maskSecret(secretTail),
    redirectUri: stored.redirectUri,
    connected: stored.connected && !!stored.tokens,
    message: stored.message ?? null,
  };
}

/** The settings as Admin Settings shows them (the secret masked). */
export async function calendarSettings(db: Database) {
  return publicView(await readGoogleSettings(db));
}

/** Stores the OAuth client and answers the consent URL to connect with. */
export async function saveCalendarSettings(
  db: Database,
  actor: AuditActor,
  input: { clientId: string; clientSecret: string; redirectUri: string },
) {
  const existing = await readGoogleSettings(db);
  let secret = input.clientSecret;
  if (isMaskedSecret(secret)) {
    if (!existing) throw new DomainError("BAD_REQUEST", "Client Secret is required");
    try {
      secret = oauthConfigOf(existing).clientSecret;
    } catch {
      throw new DomainError("BAD_REQUEST", "The stored Client Secret can no longer be read. Please enter it again.");
    }
  }
  const sameClient =
    !!existing &&
    existing.clientId === input.clientId &&
    existing.redirectUri === input.redirectUri &&
    oauthConfigOf(existing).clientSecret === secret;
  const keepConnection = sameClient && existing.connected && !!existing.tokens;
  // The old connection's push channel ends while its tokens still work.
  if (existing?.connected && !keepConnection) await stopWatchChannels(db);
  const pending = newOAuthState(actor.id);
  const next: StoredGoogleSettings = {
    clientId: input.clientId,
    clientSecret: encryptSecret(secret),
    redirectUri: input.redirectUri,
    tokens: keepConnection ? existing.tokens : null,
    connected: keepConnection,
    message: keepConnection ? null : (existing?.message ?? null),
    connectedAt: keepConnection ? (existing.connectedAt ?? null) : null,
    pendingState: pending.hash,
    pendingStateExpiresAt: pending.expiresAt,
  };
  await writeGoogleSettings(db, next);
  await recordAudit(db, actor, "settings.google_calendar.save", {
    type: "app_settings",
    id: "google_calendar",
    details: { clientId: input.clientId, redirectUri: input.redirectUri, secretChanged: !sameClient },
  });
  const authUrl = consentUrl({ clientId: input.clientId, clientSecret: secret, redirectUri: input.redirectUri }, pending.state);
  return { success: true as const, connected: keepConnection, authUrl };
}

export async function disconnectCalendar(db: Database, actor: AuditActor) {
  const existing = await readGoogleSettings(db);
  // Google stops notifying before the tokens that could end the channel are dropped.
  await stopWatchChannels(db);
  if (existing) {
    await writeGoogleSettings(db, {
      ...existing,
      tokens: null,
      connected: false,
      message: null,
      connectedAt: null,
      pendingState: null,
      pendingStateExpiresAt: null,
    });
  }
  await recordAudit(db, actor, "settings.google_calendar.disconnect", { type: "app_settings", id: "google_calendar" });
  return { success: true as const, connected: false as const };
}

/** The OAuth redirect lands here: check state, exchange the code, store the tokens. */
export async function completeAuthorization(db: Database, actor: AuditActor, input: { state?: string; code?: string; error?: string }) {
  const stored = await readGoogleSettings(db);
  if (!stored) throw new DomainError("BAD_REQUEST", "Save the Google Calendar settings before authorizing.");
  const stateProblem = input.state
    ? verifyOAuthState(input.state, stored, actor.id)
    : "This authorization link is not valid. Start again from Admin Settings.";
  if (stateProblem) throw new DomainError("BAD_REQUEST", stateProblem);
  // The link is used up either way.
  const base: StoredGoogleSettings = { ...stored, pendingState: null, pendingStateExpiresAt: null };
  if (input.error || !input.code) {
    const message =
      input.error === "access_denied"
        ? "Google Calendar access was not granted."
        : "Google did not complete the authorization. Please try again.";
    await writeGoogleSettings(db, { ...base, message });
    return { connected: false, message };
  }
  try {
    const tokens = await exchangeCode(oauthConfigOf(stored), input.code);
    if (!tokens.refresh_token) {
      const message = "Google did not grant offline access. Please authorize again.";
      await writeGoogleSettings(db, { ...base, message });
      return { connected: false, message };
    }
    await writeGoogleSettings(db, {
      ...base,
      tokens: encryptTokens(tokens),
      connected: true,
      message: null,
      connectedAt: new Date().toISOString(),
    });
  } catch (error) {
    log("warn", "google code exchange failed", { error });
    const message = "Google refused the authorization. Check the Client ID, Client Secret and Redirect URI, then try again.";
    await writeGoogleSettings(db, { ...base, connected: false, tokens: null, message });
    return { connected: false, message };
  }
  await recordAudit(db, actor, "settings.google_calendar.connect", { type: "app_settings", id: "google_calendar" });
  // With a public https APP_URL, Google is asked to notify us of changes (if a sync holds the claim, its next run does it).
  await withCalendarClaim(db, () => ensureWatchChannel(db));
  return { connected: true, message: null };
}
