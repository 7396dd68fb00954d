/**
 * The coach's client record (/admin/clients/{userId}): profile, every result with its scales,
 * intervals and change, sessions with attendance and notes (private ones decrypted here only, with
 * an audit entry), goals, action items and one timeline of all of it.
 */
import { desc, eq, schema, type Database } from "@coach/db";
import { APPOINTMENT_TYPE_LABELS } from "@coach/scheduling";
import { history } from "../../assessments/service";
import type { AuditActor } from "../../audit/record";
import { DomainError } from "../../shared/domain-error";
import { displayName } from "../../users/service";
import { notesForRecord } from "../notes/service";
import { scaleReadings } from "../goals/scales";
import { actionItemsOf } from "../action-items/service";
import { goalsOf } from "../goals/service";
import { shortSummary } from "../portal/service";
import { CLIENT_NOT_FOUND, type ClientRecord } from "../shapes";

const { users, appointments } = schema;

export async function clientRecord(db: Database, actor: AuditActor, userId: number): Promise<ClientRecord> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError("NOT_FOUND", CLIENT_NOT_FOUND);

  const [results, sessions, goals, items] = await Promise.all([
    history(db, userId),
    db.select().from(appointments).where(eq(appointments.userId, userId)).orderBy(desc(appointments.startTime), desc(appointments.id)),
    goalsOf(db, userId),
    actionItemsOf(db, userId),
  ]);
  // After the other reads: the audit entry says the notes were opened only when the record is built.
  const notes = await notesForRecord(db, actor, userId);

  const completed = results
    .filter((r) => r.completedAt)
    .map((r) => ({
      attemptId: r.id,
      testId: r.testId,
      testTitle: r.test.title,
      testType: r.test.type,
      completedAt: r.completedAt!,
      summary: shortSummary(r.test.type, r),
      scales: scaleReadings(r.test.type, r),
      change: r.change,
    }));

  const appointmentViews = sessions.map((a) => ({
    id: a.id,
    startTime: a.startTime,
    endTime: a.endTime,
    type: a.appointmentType,
    typeLabel: APPOINTMENT_TYPE_LABELS[a.appointmentType],
    title: a.title,
    status: a.status,
    attendance: a.attendance,
    clientTimeZone: a.clientTimeZone,
    notes: notes.get(a.id) ?? [],
  }));

  const timeline: ClientRecord["timeline"] = [
    ...completed.map((r) => ({
      at: r.completedAt,
      kind: "result" as const,
      title: `${r.testTitle}: ${r.summary}`,
      href: `#result-${r.attemptId}`,
    })),
    ...appointmentViews.map((a) => ({
      at: a.startTime,
      kind: "appointment" as const,
      title: `${a.typeLabel} (${a.status === "canceled" ? "canceled" : (a.attendance ?? a.status)})`,
      href: `#appointment-${a.id}`,
    })),
    ...appointmentViews.flatMap((a) =>
      a.notes.map((n) => ({
        at: n.createdAt,
        kind: "note" as const,
        // The title never carries a note's text: timelines are skimmed, and screens are shared.
        title: `${n.shared ? "Shared" : "Private"} note on the ${a.typeLabel.toLowerCase()}`,
        href: `#appointment-${a.id}`,
      })),
    ),
    ...goals.map((g) => ({ at: g.createdAt, kind: "goal" as const, title: `Goal set: ${g.title}`, href: `#goal-${g.id}` })),
    ...items.map((i) => ({ at: i.createdAt, kind: "action_item" as const, title: `Action item: ${i.text}`, href: `#action-item-${i.id}` })),
  ].sort((a, b) => b.at.getTime() - a.at.getTime());

  return {
    profile: {
      id: user.id,
      name: displayName(user),
      email: user.email,
      username: user.username,
      role: user.role,
      createdAt: user.createdAt,
      anonymized: user.anonymizedAt !== null,
    },
    results: completed.sort((a, b) => b.completedAt.getTime() - a.completedAt.getTime()),
    appointments: appointmentViews,
    goals,
    actionItems: items,
    timeline,
  };
}
