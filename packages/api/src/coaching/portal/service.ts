/** The client's own space: next session, shared notes, action items, goals and latest results. */
import { and, asc, desc, eq, gt, isNotNull, schema, type Database } from "@coach/db";
import { APPOINTMENT_TYPE_LABELS } from "@coach/scheduling";
import { actionItemsOf } from "../action-items/service";
import { coachToday } from "../clients";
import { goalsOf } from "../goals/service";
import { sharedNotesFor } from "../notes/service";
import type { PortalView } from "../shapes";
import { notAMeasurement } from "@coach/assessments/results";

const { tests, testAttempts: attempts, appointments } = schema;

/** Where the portal's "Book your next session" link goes. */
export const BOOK_URL = "/appointments";
/** A one-line summary of a result for lists (the full summary is on the result page). */
export function shortSummary(type: string, attempt: { score: number | null; resultType: string | null; resultData: unknown }): string {
  // A flagged attempt is never listed by a verdict or band such as "Below Average" (docs/decisions/0043).
  const invalid = notAMeasurement(attempt.resultData);
  if (invalid) return invalid;
  const data = (attempt.resultData ?? {}) as Record<string, unknown>;
  switch (type) {
    case "eq":
      return `Overall ${attempt.score ?? "-"} of 100${attempt.resultType ? `; ${attempt.resultType}` : ""}`;
    case "leadership":
      return attempt.resultType ?? "Leadership styles";
    case "iq": {
      const band = typeof data.band === "string" ? ` (${data.band})` : "";
      return `Estimated IQ ${attempt.score ?? "-"}${band}`;
    }
    case "personality":
      return `Type ${attempt.resultType ?? "-"}`;
    default:
      return attempt.resultType ?? "";
  }
}

/** Each test's latest completed result of a client, newest first. */
export async function latestResultsOf(db: Database, userId: number) {
  const rows = await db
    .selectDistinctOn([attempts.testId], {
      attemptId: attempts.id,
      testId: attempts.testId,
      testTitle: tests.title,
      testType: tests.type,
      completedAt: attempts.completedAt,
      score: attempts.score,
      resultType: attempts.resultType,
      resultData: attempts.resultData,
    })
    .from(attempts)
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .where(and(eq(attempts.userId, userId), isNotNull(attempts.completedAt)))
    .orderBy(attempts.testId, desc(attempts.completedAt), desc(attempts.id));
  return rows
    .map((r) => ({
      attemptId: r.attemptId,
      testId: r.testId,
      testTitle: r.testTitle,
      completedAt: r.completedAt!,
      summary: shortSummary(r.testType, r),
    }))
    .sort((a, b) => b.completedAt.getTime() - a.completedAt.getTime());
}

/** The client's own space: next session, shared notes, action items, goals and latest results. */
export async function portal(db: Database, userId: number, now = new Date()): Promise<PortalView> {
  const today = await coachToday(db, now);
  const [[next], sharedNotes, items, goalList, latestResults] = await Promise.all([
    db
      .select({ id: appointments.id, startTime: appointments.startTime, endTime: appointments.endTime, type: appointments.appointmentType })
      .from(appointments)
      .where(and(eq(appointments.userId, userId), eq(appointments.status, "scheduled"), gt(appointments.endTime, now)))
      .orderBy(asc(appointments.startTime))
      .limit(1),
    sharedNotesFor(db, userId),
    actionItemsOf(db, userId, today),
    goalsOf(db, userId),
    latestResultsOf(db, userId),
  ]);
  return {
    nextAppointment: next ? { ...next, typeLabel: APPOINTMENT_TYPE_LABELS[next.type] } : null,
    bookUrl: BOOK_URL,
    sharedNotes,
    actionItems: items,
    goals: goalList,
    latestResults,
  };
}
