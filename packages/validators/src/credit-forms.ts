/**
 * The coach's credit forms on the client record (issue 31): grant, extend and take back, each with a
 * reason that goes into the audit entry. Dates are typed as days ("2027-03-31") and mean the end of
 * that day in the coach's time zone: credits are bookable through the day the coach names.
 */
import { z } from "zod";
import { APPOINTMENT_TYPES } from "@coach/db/enums";

const reason = z
  .string()
  .trim()
  .min(3, "Give a reason (at least 3 characters): it is kept in the audit log.")
  .max(500, "A reason can be at most 500 characters.");

const sessions = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, "Sessions must be a whole number.")
    .refine((s) => Number(s) >= 1 && Number(s) <= max, `Sessions must be from 1 to ${max}.`);

/** "" (never expires) or a day from today on. */
const expiryDay = z
  .string()
  .trim()
  .refine((s) => s === "" || /^\d{4}-\d{2}-\d{2}$/.test(s), "The expiry must be a date.")
  .refine((s) => s === "" || endOfDay(s).getTime() > Date.now(), "The expiry must be today or later.");

/** The end of a local day ("2027-03-31" is 23:59:59.999 that day), or null for "" (never expires). */
export function expiryFromDay(day: string): Date | null {
  return day.trim() === "" ? null : endOfDay(day.trim());
}

function endOfDay(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y!, m! - 1, d!, 23, 59, 59, 999);
}

/** The `date` input's text of an expiry, in the local time zone ("" when it never expires). */
export function dayOfExpiry(expiresAt: Date | string | null): string {
  if (!expiresAt) return "";
  const date = new Date(expiresAt);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const grantCreditsForm = z.object({
  appointmentType: z.enum(APPOINTMENT_TYPES, { message: "Choose the session type." }),
  sessions: sessions(100),
  expiresOn: expiryDay,
  reason,
});
export type GrantCreditsForm = z.infer<typeof grantCreditsForm>;

export const extendCreditsForm = z.object({ expiresOn: expiryDay, reason });
export type ExtendCreditsForm = z.infer<typeof extendCreditsForm>;

/** Taking back at most the grant's unused credits (`left`): the server refuses more too. */
export const takeBackCreditsForm = (left: number) => z.object({ sessions: sessions(Math.max(left, 1)), reason });
export type TakeBackCreditsForm = z.infer<ReturnType<typeof takeBackCreditsForm>>;
