import { z } from "zod";
import { TEST_TYPES } from "@coach/db/enums";
import { boundedDateFromText, numberFromText } from "./text-or-json";

/**
 * Filters of the coach's console lists. The coach's Clients view (/admin/clients and GET /api/admin/clients): what she may search, sort
 * and filter by. Shared by the page's controls and the server procedure, so both agree on the words.
 */
export const CLIENT_SORTS = ["name", "last-session", "next-session"] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

export const CLIENT_FILTERS = ["all", "seen-this-week", "no-session-booked", "overdue-items"] as const;
export type ClientFilter = (typeof CLIENT_FILTERS)[number];

export const CLIENT_PAGE_SIZE = 25;

export const clientListSchema = z.object({
  q: z.string().trim().max(100, "Search must be at most 100 characters").default(""),
  sort: z.enum(CLIENT_SORTS, `Sort must be one of: ${CLIENT_SORTS.join(", ")}`).default("name"),
  filter: z.enum(CLIENT_FILTERS, `Filter must be one of: ${CLIENT_FILTERS.join(", ")}`).default("all"),
  page: numberFromText(
    z
      .number({ message: "Page must be a whole number" })
      .int("Page must be a whole number")
      .min(1, "Page must be 1 or more")
      .max(10_000, "Page must be at most 10000"),
  ).default(1),
});
export type ClientListInput = z.output<typeof clientListSchema>;

/**
 * The Test Attempts tab's filters (admin.attempts.list, GET /api/admin/test-attempts?testType=&q=&from=&to=):
 * all optional, so the spec's unfiltered call answers as before. `from` and `to` are instants (the page
 * sends the start of the first day and the end of the last in the coach's browser zone).
 */
export const attemptFiltersSchema = z
  .object({
    testType: z.enum(TEST_TYPES, `Test type must be one of: ${TEST_TYPES.join(", ")}`).optional(),
    q: z.string().trim().max(100, "Search must be at most 100 characters").optional(),
    from: boundedDateFromText("From", "From must be a date and time, e.g. 2026-03-10T00:00:00Z.").optional(),
    to: boundedDateFromText("To", "To must be a date and time, e.g. 2026-03-10T23:59:59Z.").optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "The start of the period must be on or before its end.", path: ["to"] });
export type AttemptFilters = z.output<typeof attemptFiltersSchema>;
