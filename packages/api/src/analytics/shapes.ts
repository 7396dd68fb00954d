/** Output shapes of the coach's figures that more than one screen shows. */
import { z } from "zod";
import { APPOINTMENT_TYPES } from "@coach/db/enums";

/** Attendance by the one rule of stats.ts (attendanceFromCounts). */
export const attendanceShape = z.object({
  /** sessions counted (for analytics: those that started in the period, not canceled) */
  sessions: z.number(),
  /** with attendance recorded: the N of the rate */
  recorded: z.number(),
  attended: z.number(),
  noShows: z.number(),
  /** percent attended of recorded, with its 90% interval; null below minSessions recorded */
  rate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});

/** What the analytics tab shows for a period. */
const labelCount = z.object({ label: z.string(), count: z.number() });

export const analyticsOverview = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  totals: z.object({
    accountsCreated: z.number(),
    assessmentsStarted: z.number(),
    assessmentsCompleted: z.number(),
    appointmentsBooked: z.number(),
    appointmentsCanceled: z.number(),
    subscribersGained: z.number(),
    subscribersLost: z.number(),
  }),
  /** Monday-starting UTC weeks overlapping the period */
  weeks: z.array(
    z.object({
      week: z.string(),
      accounts: z.number(),
      booked: z.number(),
      canceled: z.number(),
      gained: z.number(),
      lost: z.number(),
    }),
  ),
  /** per test: attempts started in the period, and how many of those were completed */
  tests: z.array(
    z.object({
      testId: z.number(),
      title: z.string(),
      type: z.string(),
      started: z.number(),
      completed: z.number(),
      completionRate: z.number().nullable(),
    }),
  ),
  /** results of attempts completed in the period */
  distributions: z.object({
    // n: measured results; notMeasured: results flagged "Not a measurement", left out of the counts.
    personality: z.object({ n: z.number(), notMeasured: z.number(), items: z.array(labelCount) }),
    iq: z.object({ n: z.number(), notMeasured: z.number(), items: z.array(labelCount) }),
    eq: z.object({
      n: z.number(),
      notMeasured: z.number(),
      items: z.array(z.object({ label: z.string(), average: z.number().nullable() })),
    }),
    leadership: z.object({ n: z.number(), notMeasured: z.number(), items: z.array(labelCount) }),
  }),
  reliability: z.array(
    z.object({
      testId: z.number(),
      testTitle: z.string(),
      testType: z.string(),
      scale: z.string(),
      label: z.string(),
      items: z.number(),
      /** people (latest attempt in the period) who answered every item of the scale */
      n: z.number(),
      coefficient: z.enum(["alpha", "kr20"]),
      /** null below minRespondents people or without variance */
      alpha: z.number().nullable(),
      /** the 90% confidence interval (Feldt) */
      low: z.number().nullable(),
      high: z.number().nullable(),
      level: z.number(),
      /** empty below minRespondents people */
      itemStatistics: z.array(
        z.object({
          questionId: z.number(),
          order: z.number(),
          text: z.string(),
          /** mean keyed answer (1-5) or proportion correct */
          mean: z.number(),
          itemRest: z.number().nullable(),
          flags: z.array(z.string()),
        }),
      ),
    }),
  ),
  minRespondents: z.number(),
  /** sessions whose start falls in the period and has passed */
  attendance: z.object({
    overall: attendanceShape,
    byType: z.array(attendanceShape.extend({ type: z.enum(APPOINTMENT_TYPES), label: z.string() })),
    clientsWithNoShows: z.array(z.object({ id: z.number(), name: z.string(), recorded: z.number(), noShows: z.number() })),
    minSessions: z.number(),
  }),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverview>;
