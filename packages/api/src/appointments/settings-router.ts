import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { eq, schema, type Database } from "@coach/db";
import { availabilitySettingsSchema, parseAvailability, safeParseAvailability, type AvailabilitySettings } from "@coach/scheduling";
import { calendarSettingsSchema, googleCallbackSchema, isMaskedSecret, maskSecret } from "@coach/validators/calendar";
import { recordAudit } from "../audit/record";
import { encryptSecret } from "../shared/crypto";
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
import { log } from "../shared/logger";
import { noInput } from "../transport/schemas";
import { adminProcedure, createTRPCRouter } from "../transport/trpc";

export const AVAILABILITY_KEY = "availability";

/** The coach's availability, complete with defaults; a stored value that no longer validates falls back to them. */
export async function loadAvailability(db: Database): Promise<AvailabilitySettings> {
  const [row] = await db.select().from(schema.appSettings).where(eq(schema.appSettings.key, AVAILABILITY_KEY));
  const parsed = safeParseAvailability(row?.value);
  if (!parsed.success) {
    log("warn", "stored availability settings are invalid; using defaults", { issues: parsed.error.issues.length });
    return parseAvailability(undefined);
  }
  return parsed.data;
}

/** The callback the Google client is set up with, unless the coach enters another. */
export function defaultRedirectUri(): string {
  const base = (process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
  return `${base}/api/auth/google/callback`;
}

const calendarSettingsOutput = z.object({
  clientId: z.string(),
  /** Masked: the stored secret never leaves the server. */
  clientSecret: z.string(),
  redirectUri: z.string(),
  connected: z.boolean(),
  /** Why the connection stopped (e.g. a revoked token), for the coach. */
  message: z.string().nullable(),
});

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

export const settingsRouter = createTRPCRouter({
  googleCalendar: adminProcedure
    .meta({ openapi: { method: "GET", path: "/settings/google-calendar", tags: ["settings"], protect: true } })
    .input(noInput)
    .output(calendarSettingsOutput)
    .query(async ({ ctx }) => publicView(await readGoogleSettings(ctx.db))),

  saveGoogleCalendar: adminProcedure
    .meta({ openapi: { method: "POST", path: "/settings/google-calendar", tags: ["settings"], protect: true } })
    .input(calendarSettingsSchema)
    .output(z.object({ success: z.literal(true), connected: z.boolean(), authUrl: z.string().optional() }))
    .mutation(async ({ ctx, input }) => {
      const existing = await readGoogleSettings(ctx.db);
      let secret = input.clientSecret;
      if (isMaskedSecret(secret)) {
        if (!existing) throw new TRPCError({ code: "BAD_REQUEST", message: "Client Secret is required" });
        try {
          secret = oauthConfigOf(existing).clientSecret;
        } catch {
          throw new TRPCError({ code: "BAD_REQUEST", message: "The stored Client Secret can no longer be read. Please enter it again." });
        }
      }
      const sameClient =
        !!existing && existing.clientId === input.clientId && existing.redirectUri === input.redirectUri && oauthConfigOf(existing).clientSecret === secret;
      const keepConnection = sameClient && existing.connected && !!existing.tokens;
      const pending = newOAuthState(ctx.user.id);
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
      await writeGoogleSettings(ctx.db, next);
      await recordAudit(ctx.db, ctx.user, "settings.google_calendar.save", {
        type: "app_settings",
        id: "google_calendar",
        details: { clientId: input.clientId, redirectUri: input.redirectUri, secretChanged: !sameClient },
      });
      const authUrl = consentUrl({ clientId: input.clientId, clientSecret: secret, redirectUri: input.redirectUri }, pending.state);
      return { success: true as const, connected: keepConnection, authUrl };
    }),

  disconnectGoogleCalendar: adminProcedure
    .meta({ openapi: { method: "POST", path: "/settings/google-calendar/disconnect", tags: ["settings"], protect: true } })
    .input(noInput)
    .output(z.object({ success: z.literal(true), connected: z.literal(false) }))
    .mutation(async ({ ctx }) => {
      const existing = await readGoogleSettings(ctx.db);
      if (existing) {
        await writeGoogleSettings(ctx.db, {
          ...existing,
          tokens: null,
          connected: false,
          message: null,
          connectedAt: null,
          pendingState: null,
          pendingStateExpiresAt: null,
        });
      }
      await recordAudit(ctx.db, ctx.user, "settings.google_calendar.disconnect", { type: "app_settings", id: "google_calendar" });
      return { success: true as const, connected: false as const };
    }),

  /** The OAuth redirect (GET /api/auth/google/callback) lands here: check state, exchange the code, store the tokens. */
  completeGoogleAuthorization: adminProcedure
    .input(googleCallbackSchema)
    .output(z.object({ connected: z.boolean(), message: z.string().nullable() }))
    .mutation(async ({ ctx, input }) => {
      const stored = await readGoogleSettings(ctx.db);
      if (!stored) throw new TRPCError({ code: "BAD_REQUEST", message: "Save the Google Calendar settings before authorizing." });
      const stateProblem = input.state ? verifyOAuthState(input.state, stored, ctx.user.id) : "This authorization link is not valid. Start again from Admin Settings.";
      if (stateProblem) throw new TRPCError({ code: "BAD_REQUEST", message: stateProblem });
      // The link is used up either way.
      const base: StoredGoogleSettings = { ...stored, pendingState: null, pendingStateExpiresAt: null };
      if (input.error || !input.code) {
        const message = input.error === "access_denied" ? "Google Calendar access was not granted." : "Google did not complete the authorization. Please try again.";
        await writeGoogleSettings(ctx.db, { ...base, message });
        return { connected: false, message };
      }
      try {
        const tokens = await exchangeCode(oauthConfigOf(stored), input.code);
        if (!tokens.refresh_token) {
          const message = "Google did not grant offline access. Please authorize again.";
          await writeGoogleSettings(ctx.db, { ...base, message });
          return { connected: false, message };
        }
        await writeGoogleSettings(ctx.db, {
          ...base,
          tokens: encryptTokens(tokens),
          connected: true,
          message: null,
          connectedAt: new Date().toISOString(),
        });
      } catch (error) {
        log("warn", "google code exchange failed", { error });
        const message = "Google refused the authorization. Check the Client ID, Client Secret and Redirect URI, then try again.";
        await writeGoogleSettings(ctx.db, { ...base, connected: false, tokens: null, message });
        return { connected: false, message };
      }
      await recordAudit(ctx.db, ctx.user, "settings.google_calendar.connect", { type: "app_settings", id: "google_calendar" });
      return { connected: true, message: null };
    }),

  availability: adminProcedure.output(availabilitySettingsSchema).query(async ({ ctx }) => loadAvailability(ctx.db)),

  updateAvailability: adminProcedure
    .input(availabilitySettingsSchema)
    .output(availabilitySettingsSchema)
    .mutation(async ({ ctx, input }) => {
      const value = input as unknown as Record<string, unknown>;
      await ctx.db
        .insert(schema.appSettings)
        .values({ key: AVAILABILITY_KEY, value })
        .onConflictDoUpdate({ target: schema.appSettings.key, set: { value, updatedAt: new Date() } });
      await recordAudit(ctx.db, ctx.user, "settings.availability.update", { type: "app_settings", id: AVAILABILITY_KEY, details: value });
      return input;
    }),
});
