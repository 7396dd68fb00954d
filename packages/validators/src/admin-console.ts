import { z } from "zod";
import { ROLES } from "@coach/db/enums";
import { jsonBoolean } from "./json-boolean";
import { inSupportedYears, numberFromText, supportedYearsMessage } from "./text-or-json";

/**
 * Inputs of the coach's console (users, analytics, messages, audit log), shared by the
 * browser forms and the server procedures.
 */

export const PAGE_SIZE_MAX = 100;

const page = numberFromText(
  z.number({ message: "Page must be a whole number" }).int("Page must be a whole number").min(1, "Page must be 1 or more"),
).default(1);
const pageSize = (fallback: number) =>
  numberFromText(
    z
      .number({ message: "Page size must be a whole number" })
      .int("Page size must be a whole number")
      .min(1, "Page size must be at least 1")
      .max(PAGE_SIZE_MAX, `Page size must be at most ${PAGE_SIZE_MAX}`),
  ).default(fallback);

const userId = z.number().int().positive("Choose an account");

export const userListSchema = z.object({
  search: z.string().trim().max(100, "Search must be at most 100 characters").default(""),
  page,
  pageSize: pageSize(20),
});

export const userRoleSchema = z.object({ userId, role: z.enum(ROLES, "Role must be user or admin") });
export const userDisabledSchema = z.object({ userId, disabled: jsonBoolean("disabled must be true or false.") });
export const userDeleteSchema = z.object({ userId });

export const ANALYTICS_MAX_DAYS = 731;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  z
    .string()
    .regex(DAY, `${label} must be a date (YYYY-MM-DD)`)
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      `${label} must be a real date`,
    )
    .refine((value) => inSupportedYears(new Date(`${value}T00:00:00Z`)), supportedYearsMessage(label));

/** A period of whole days, both ends included, read in UTC. */
export const analyticsPeriodSchema = z
  .object({ from: day("Start date"), to: day("End date") })
  .refine((p) => p.from <= p.to, { message: "The start date must be on or before the end date", path: ["to"] })
  .refine((p) => (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000 < ANALYTICS_MAX_DAYS, {
    message: "Choose a period of at most two years",
    path: ["from"],
  });
export type AnalyticsPeriod = z.infer<typeof analyticsPeriodSchema>;

export const messageListSchema = z.object({
  filter: z.enum(["all", "unread"]).default("all"),
  search: z.string().trim().max(100, "Search must be at most 100 characters").default(""),
  page,
  pageSize: pageSize(20),
});
export const messageReplySchema = z.object({
  id: z.number().int().positive(),
  body: z
    .string({ message: "Write your answer before sending it." })
    .trim()
    .min(2, "Write your answer before sending it.")
    .max(10_000, "An answer can be at most 10,000 characters."),
});
export const messageReadSchema = z.object({ id: z.number().int().positive(), read: jsonBoolean("read must be true or false.") });

export const auditListSchema = z.object({
  search: z.string().trim().max(100, "Search must be at most 100 characters").default(""),
  page,
  pageSize: pageSize(25),
});
