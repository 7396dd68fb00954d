import { z } from "zod";

/**
 * The Google Calendar credential form of /settings, shared by the browser and the server.
 * Messages are the product specification's, section 5.
 */

/** What the server sends instead of a stored client secret; sending it back keeps the stored one. */
export const MASKED_SECRET_PREFIX = "••••••••";

export function maskSecret(secret: string | null | undefined): string {
  if (!secret) return "";
  return `${MASKED_SECRET_PREFIX}${secret.length > 12 ? secret.slice(-4) : ""}`;
}

export function isMaskedSecret(value: string): boolean {
  return value.startsWith(MASKED_SECRET_PREFIX);
}

export const calendarSettingsSchema = z.object({
  clientId: z.string({ message: "Client ID is required" }).trim().min(1, "Client ID is required").max(300, "Client ID is too long"),
  clientSecret: z
    .string({ message: "Client Secret is required" })
    .trim()
    .min(1, "Client Secret is required")
    .max(300, "Client Secret is too long"),
  redirectUri: z
    .string({ message: "Must be a valid URL" })
    .trim()
    .max(500, "Must be a valid URL")
    .pipe(z.url({ message: "Must be a valid URL", protocol: /^https?$/ })),
});
export type CalendarSettingsInput = z.input<typeof calendarSettingsSchema>;

/** The OAuth callback's query: Google sends code and state, or error (e.g. access_denied). */
export const googleCallbackSchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});
