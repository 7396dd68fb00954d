import { z } from "zod";

/**
 * Numbers and dates that arrive either as JSON values or as text (a form field, a query string, a
 * path segment). Text is read as a number or a date; null, "", true and false are refused. Not
 * z.coerce: Number(null), Number("") and Number(true) are 0, 0 and 1, and new Date(null) is 1970,
 * so a missing value would be saved as a real one.
 */
export function numberFromText<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess((value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value), schema);
}

export function dateFromText<T extends z.ZodType<Date>>(schema: T) {
  return z.preprocess((value) => (typeof value === "string" && value.trim() !== "" ? new Date(value) : value), schema);
}

/**
 * The dates any input may name: 2000-01-01 to the end of 2099 (UTC). Outside them there is nothing to
 * find or book, date arithmetic (adding a week, a buffer) can leave JavaScript's range, and PostgreSQL
 * refuses some values JavaScript accepts (`+275760-09-13`), so every date is bounded before a query.
 */
export const EARLIEST_DATE = Date.UTC(2000, 0, 1);
export const LATEST_DATE = Date.UTC(2100, 0, 1);

export const inSupportedYears = (date: Date): boolean => date.getTime() >= EARLIEST_DATE && date.getTime() < LATEST_DATE;

export const supportedYearsMessage = (label: string) => `${label} must be between the years 2000 and 2099.`;

/** A date and time as a JSON date or as text, within the supported years. */
export function boundedDateFromText(label: string, message = `${label} must be a date and time.`) {
  return dateFromText(z.date({ message }).refine(inSupportedYears, supportedYearsMessage(label)));
}
