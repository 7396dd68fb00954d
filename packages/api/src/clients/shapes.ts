/** Output shapes of the coach's Clients view (admin.clients.list, GET /api/admin/clients). */
import { z } from "zod";
import { TEST_TYPES } from "@coach/db/enums";
import { dateTime, nullableDateTime } from "../shared/schemas";

export const clientLatestResult = z.object({
  testType: z.enum(TEST_TYPES),
  testTitle: z.string(),
  /** the result's name as the record shows it, e.g. "Type INTJ" or "Estimated IQ 112 (average)" */
  summary: z.string(),
  completedAt: dateTime,
});

export const clientListItem = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  /** the billing profile's company name (issue 31); null without one, and the page shows "—" */
  company: z.string().nullable(),
  /** the latest session that has started, canceled ones aside */
  lastSession: nullableDateTime,
  /** the earliest session still to start, canceled ones aside */
  nextSession: nullableDateTime,
  /** the client's browser zone when she booked the next session (IANA name); null when the coach booked it */
  nextSessionTimeZone: z.string().nullable(),
  openActionItems: z.number(),
  overdueActionItems: z.number(),
  /** unused, unexpired session credits of all types (issue 31) */
  credits: z.number(),
  /** one per test type she has completed, newest first */
  latestResults: z.array(clientLatestResult),
});
export type ClientListItem = z.infer<typeof clientListItem>;

export const clientList = z.object({
  items: z.array(clientListItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** the coach's week the "seen this week" filter reads, as instants: Monday 00:00 to next Monday 00:00 in her zone */
  week: z.object({ from: dateTime, to: dateTime, timeZone: z.string() }),
});
export type ClientList = z.infer<typeof clientList>;
