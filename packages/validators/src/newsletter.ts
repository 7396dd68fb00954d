import { z } from "zod";
import { cleanName } from "./names";

/** Newsletter forms (home card, Resources form, footer box) and the confirm/unsubscribe links. */

export const EMAIL_MESSAGE = "Please enter a valid email address";

const optionalName = z
  .string()
  .transform(cleanName)
  .pipe(z.string().max(80, "Name must be at most 80 characters"))
  .optional()
  .transform((v) => (v ? v : undefined));

export const subscribeInput = z.object({
  email: z.string({ message: EMAIL_MESSAGE }).trim().max(254, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE)),
  firstName: optionalName,
  lastName: optionalName,
  /** Honeypot: people never see or fill it; bots do. */
  website: z.string().max(500).optional(),
});
export type SubscribeInput = z.input<typeof subscribeInput>;

/** Tokens are 32 random bytes, base64url (43 characters). */
export const tokenInput = z.object({
  token: z.string().trim().min(20, "This link is incomplete. Please use the full link from the email.").max(200, "This link is not valid."),
});

/** A newsletter issue written in the console: its subject and plain-text paragraphs. */
export const letterInput = z.object({
  id: z.number().int().positive().optional(),
  subject: z
    .string({ message: "Give the issue a subject." })
    .trim()
    .min(3, "Give the issue a subject of at least 3 characters.")
    .max(200, "A subject can be at most 200 characters."),
  body: z
    .string({ message: "Write the issue before saving it." })
    .trim()
    .min(20, "Write at least a few sentences (20 characters).")
    .max(20_000, "An issue can be at most 20,000 characters."),
});

/** A test copy of an issue to any one address. */
export const letterTestInput = z.object({
  id: z.number().int().positive(),
  to: z.string({ message: EMAIL_MESSAGE }).trim().max(254, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE)),
});
