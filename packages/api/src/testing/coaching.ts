/**
 * Factories for the coaching-engagement tests: a session on the calendar, and a slider assessment
 * taken through the real procedures (start, answer, complete) at a chosen level.
 */
import { asc, eq, schema, type Database } from "@coach/db";
import type { AppointmentStatus, AppointmentType } from "@coach/db/enums";
import type { createCaller } from "../root";

type Caller = ReturnType<typeof createCaller>;

/** A session written straight to the table (no emails, no calendar), e.g. one that took place last week. */
export async function sessionFor(
  db: Database,
  userId: number,
  options: { start: Date; minutes?: number; status?: AppointmentStatus; type?: AppointmentType; title?: string; description?: string } = {
    start: new Date(),
  },
) {
  const [row] = await db
    .insert(schema.appointments)
    .values({
      userId,
      title: options.title ?? "Coaching Session",
      description: options.description ?? null,
      appointmentType: options.type ?? "coaching",
      startTime: options.start,
      endTime: new Date(options.start.getTime() + (options.minutes ?? 60) * 60_000),
      status: options.status ?? "scheduled",
    })
    .returning();
  if (!row) throw new Error("could not create the session");
  return row;
}

/**
 * Takes a slider test (EQ, leadership) through the procedures, every item answered at `level`
 * (1-5, reverse-keyed items mirrored), so every scale lands near the same score.
 */
export async function takeSliderTest(db: Database, caller: Caller, testId: number, level: 1 | 2 | 3 | 4 | 5) {
  const questions = await db
    .select()
    .from(schema.questions)
    .where(eq(schema.questions.testId, testId))
    .orderBy(asc(schema.questions.order));
  const attempt = await caller.attempts.start({ id: testId });
  for (const q of questions) {
    const value = q.scoring?.reverse ? 6 - level : level;
    await caller.attempts.answer({ attemptId: attempt.id, questionId: q.id, answer: String(value) });
  }
  return caller.attempts.complete({ attemptId: attempt.id });
}
