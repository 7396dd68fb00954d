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
