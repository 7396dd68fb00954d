import { z } from "zod";
import { numberFromText } from "@coach/validators/text-or-json";

/**
 * Output helpers shared by routers. REST answers are plain JSON (dates become ISO strings);
 * tRPC keeps Date objects through superjson. The OpenAPI document describes both as date-time strings.
 */
export const dateTime = z.date().meta({ override: { type: "string", format: "date-time" } });
export const nullableDateTime = dateTime.nullable();

/** A row id, from a path segment ("12") or JSON (12). */
export const idParam = numberFromText(
  z
    .number({ message: "id must be a number" })
    .int("id must be a whole number")
    .positive("id must be positive")
    .max(2_147_483_647, "id is too large"),
);

/** For procedures with no input: accepts nothing, {} or an empty body. */
export const noInput = z.object({}).strict().optional();
