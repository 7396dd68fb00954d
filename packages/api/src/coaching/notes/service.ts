/**
 * Session notes. A shared note is plain text the client reads in the portal. A private note is the
 * coach's alone: sealed with AES-256-GCM (shared/crypto.ts, the key that also protects the Google
 * credentials) before it is written, so the database, a backup or a dump never holds its text. It is
 * opened in one place only, `notesForRecord`, which the coach's client record calls, and every such
 * read writes an audit entry (ids only, never the text). Client-facing reads select `body` of shared
 * notes and never touch `bodyEncrypted`. Nothing here logs a note's body.
 */
import { and, asc, desc, eq, inArray, schema, type Database } from "@coach/db";
import { recordAudit, type AuditActor } from "../../audit/record";
import { DecryptionError, decryptSecret, encryptSecret } from "../../shared/crypto";
import { DomainError } from "../../shared/domain-error";
import { log } from "../../shared/logger";
import { APPOINTMENT_NOT_FOUND } from "../shapes";

/** What the record shows for a private note whose text no longer decrypts. */
export const UNREADABLE_NOTE = "This private note cannot be read: the encryption key has changed since it was written.";

const { sessionNotes: notes, appointments } = schema;

/** Seals a private note's text for storage. */
export const sealPrivateNote = (body: string) => encryptSecret(body);

/** The coach writes a note on a session: shared with the client, or private (stored encrypted). */
export async function addNote(db: Database, actor: AuditActor, input: { appointmentId: number; body: string; shared: boolean }) {
  const [appt] = await db
    .select({ id: appointments.id, userId: appointments.userId, status: appointments.status, anonymizedAt: schema.users.anonymizedAt })
    .from(appointments)
    .innerJoin(schema.users, eq(schema.users.id, appointments.userId))
    .where(eq(appointments.id, input.appointmentId));
  if (!appt) throw new DomainError("NOT_FOUND", APPOINTMENT_NOT_FOUND);
  if (appt.anonymizedAt)
    throw new DomainError("UNPROCESSABLE_CONTENT", "This client deleted their account; their sessions take no more notes.");
  if (appt.status === "canceled")
    throw new DomainError("UNPROCESSABLE_CONTENT", "This session was canceled; notes go on sessions that take place.");
  // The note and its audit entry together, or neither.
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(notes)
      .values({
        appointmentId: appt.id,
        userId: appt.userId,
        authorId: actor.id,
        shared: input.shared,
        body: input.shared ? input.body : null,
        bodyEncrypted: input.shared ? null : sealPrivateNote(input.body),
      })
      .returning({ id: notes.id, shared: notes.shared, createdAt: notes.createdAt });
    await recordAudit(tx, actor, input.shared ? "coaching.note.add_shared" : "coaching.note.add_private", {
      type: "session_note",
      id: created!.id,
      details: { appointmentId: appt.id },
    });
    return created!;
  });
}

/** The shared notes of a client's sessions, newest first: what the portal shows. Private notes are never selected. */
export async function sharedNotesFor(db: Database, userId: number) {
  const rows = await db
    .select({
      id: notes.id,
      appointmentId: notes.appointmentId,
      appointmentStart: appointments.startTime,
      body: notes.body,
      createdAt: notes.createdAt,
    })
    .from(notes)
    .innerJoin(appointments, eq(appointments.id, notes.appointmentId))
    .where(and(eq(notes.userId, userId), eq(notes.shared, true), eq(appointments.userId, userId)))
    .orderBy(desc(notes.createdAt), desc(notes.id));
  return rows.map((r) => ({ ...r, body: r.body ?? "" }));
}

/**
 * Every note of a client's sessions, private ones decrypted, for the coach's client record only.
 * One audit entry per read lists the private notes that were opened.
 */
export async function notesForRecord(db: Database, actor: AuditActor, userId: number) {
  const rows = await db
    .select({
      id: notes.id,
      appointmentId: notes.appointmentId,
      shared: notes.shared,
      body: notes.body,
      bodyEncrypted: notes.bodyEncrypted,
      createdAt: notes.createdAt,
    })
    .from(notes)
    .where(eq(notes.userId, userId))
    .orderBy(asc(notes.createdAt), asc(notes.id));
  // Decrypt first: the audit entry lists the private notes that were actually read. A note that does
  // not decrypt (the key changed) shows as such instead of failing the whole record.
  const unreadable: number[] = [];
  const bodyOf = (r: (typeof rows)[number]) => {
    if (r.shared) return r.body ?? "";
    try {
      return decryptSecret(r.bodyEncrypted ?? "");
    } catch (error) {
      if (!(error instanceof DecryptionError)) throw error;
      unreadable.push(r.id);
      return UNREADABLE_NOTE;
    }
  };
  const byAppointment = new Map<number, Array<{ id: number; body: string; shared: boolean; createdAt: Date }>>();
  for (const r of rows) {
    let list = byAppointment.get(r.appointmentId);
    if (!list) byAppointment.set(r.appointmentId, (list = []));
    list.push({ id: r.id, body: bodyOf(r), shared: r.shared, createdAt: r.createdAt });
  }
  if (unreadable.length > 0) log("error", "private notes could not be decrypted", { noteIds: unreadable });
  const opened = rows.filter((r) => !r.shared && !unreadable.includes(r.id)).map((r) => r.id);
  if (opened.length > 0) {
    await recordAudit(db, actor, "coaching.private_notes.read", { type: "client", id: userId, details: { noteIds: opened } });
  }
  return byAppointment;
}

/** Shared notes of the given sessions (for the client's export). */
export async function sharedNotesOfAppointments(db: Database, appointmentIds: number[]) {
  if (appointmentIds.length === 0) return [];
  return db
    .select({ id: notes.id, appointmentId: notes.appointmentId, body: notes.body, createdAt: notes.createdAt })
    .from(notes)
    .where(and(inArray(notes.appointmentId, appointmentIds), eq(notes.shared, true)))
    .orderBy(asc(notes.createdAt), asc(notes.id));
}
