/**
 * The coaching engagement in the export: notes the coach shared, goals with their progress, action
 * items (never a private note). In the erasure all of it goes with the person, private notes too.
 */
import { z } from "zod";
import { eq, schema } from "@coach/db";
import type { AccountEraser, AccountExporter } from "../shared/account-data";
import { dateTime } from "../shared/schemas";
import { actionItemsOf } from "./action-items/service";
import { goalsOf } from "./goals/service";
import { sharedNotesOfAppointments } from "./notes/service";
import { actionItemView, goalView } from "./shapes";

const { appointments, sessionNotes, goals, actionItems } = schema;

export const sharedNotesExporter = {
  shape: z.array(z.object({ id: z.number(), appointmentId: z.number(), body: z.string(), createdAt: dateTime })),
  async read(db, userId) {
    const sessions = await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.userId, userId));
    const notes = await sharedNotesOfAppointments(
      db,
      sessions.map((a) => a.id),
    );
    return notes.map((n) => ({ ...n, body: n.body ?? "" }));
  },
} satisfies AccountExporter;

export const goalsExporter = { shape: z.array(goalView), read: (db, userId) => goalsOf(db, userId) } satisfies AccountExporter;

export const actionItemsExporter = {
  shape: z.array(actionItemView),
  read: (db, userId) => actionItemsOf(db, userId),
} satisfies AccountExporter;

export const coachingEraser: AccountEraser = {
  name: "coaching",
  async erase({ tx, person }) {
    await tx.delete(sessionNotes).where(eq(sessionNotes.userId, person.id));
    await tx.delete(actionItems).where(eq(actionItems.userId, person.id));
    await tx.delete(goals).where(eq(goals.userId, person.id));
  },
};
