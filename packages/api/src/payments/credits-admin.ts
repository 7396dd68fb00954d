/**
 * The coach's hand on credits (issue 31): grant, extend or take back, each audited with the coach's
 * and the client's names and the coach's reason, in the change's own transaction. Taking back never goes
 * below what was already used (the constraint holds it too). A grant keeps naming who granted it (a
 * payment's grant stays the payment's); who changed it afterwards is in the audit.
 */
import { and, asc, eq, gt, isNull, lt, or, schema, sql, type Database } from "@coach/db";
import type { AppointmentType } from "@coach/db/enums";
import { recordAudit, type AuditActor } from "../audit/record";
import { DomainError } from "../shared/domain-error";
import { displayName } from "../users/service";
import { grantCredits } from "./credit-grants";

const { creditGrants, users } = schema;

/** The client's name for the audit; a new grant goes only to a person who can use it, not to the stand-in of a deleted account. */
async function clientName(db: Database, userId: number, { forNewGrant = false } = {}): Promise<string> {
  const [client] = await db.select().from(users).where(eq(users.id, userId));
  if (!client || (forNewGrant && client.anonymizedAt))
    throw new DomainError("NOT_FOUND", "That client no longer exists. Refresh the list.");
  return displayName(client);
}

/** Every grant of one client (the client record and the Clients view), oldest first. */
export async function clientGrants(db: Database, userId: number) {
  return db.select().from(creditGrants).where(eq(creditGrants.userId, userId)).orderBy(asc(creditGrants.id));
}

/** Remaining usable credits per client, for the Clients view. */
export async function remainingByClient(db: Database, now = new Date()): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: creditGrants.userId, remaining: sql<number>`sum(${creditGrants.total} - ${creditGrants.used})::int` })
    .from(creditGrants)
    .where(and(lt(creditGrants.used, creditGrants.total), or(isNull(creditGrants.expiresAt), gt(creditGrants.expiresAt, now))))
    .groupBy(creditGrants.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.remaining)]));
}

/**
 * The coach's grant: the shared transactional insert (credit-grants.ts, as webhooks and invoices use)
 * and its audit entry in one transaction, so there is never a grant without its audit or the reverse.
 */
export async function coachGrantCredits(
  db: Database,
  actor: AuditActor,
  input: { userId: number; appointmentType: AppointmentType; sessions: number; expiresAt: Date | null; note?: string },
) {
  const name = await clientName(db, input.userId, { forNewGrant: true });
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) throw new DomainError("BAD_REQUEST", "The expiry must be in the future.");
  return db.transaction(async (tx) => {
    const row = await grantCredits(tx, {
      userId: input.userId,
      appointmentType: input.appointmentType,
      total: input.sessions,
      expiresAt: input.expiresAt,
      source: "coach",
      grantedBy: actor.id,
      note: input.note || null,
    });
    // Without a payment or an invoice nothing can conflict: a missing row is a bug, not a repeat.
    if (!row) throw new Error(`coach grant for user ${input.userId} inserted nothing`);
    await recordAudit(tx, actor, "credits.grant", {
      type: "credit_grant",
      id: row.id,
      details: {
        client: name,
        clientId: input.userId,
        appointmentType: input.appointmentType,
        sessions: input.sessions,
        reason: input.note || null,
        by: actor.username,
      },
    });
    return row;
  });
}

/** A new expiry (later or earlier) for one grant, audited with the coach's reason. */
export async function extendCredits(db: Database, actor: AuditActor, input: { grantId: number; expiresAt: Date | null; reason?: string }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(creditGrants)
      .set({ expiresAt: input.expiresAt, reminderSentAt: null, updatedAt: new Date() })
      .where(eq(creditGrants.id, input.grantId))
      .returning();
    if (!row) throw new DomainError("NOT_FOUND", "Those credits no longer exist. Refresh the page.");
    await recordAudit(tx, actor, "credits.extend", {
      type: "credit_grant",
      id: row.id,
      details: {
        client: await clientName(tx, row.userId),
        clientId: row.userId,
        expiresAt: input.expiresAt?.toISOString() ?? null,
        reason: input.reason || null,
        by: actor.username,
      },
    });
    return row;
  });
}

/** Takes back unused credits of one grant (never the used ones), audited with the coach's reason. */
export async function takeBackCredits(db: Database, actor: AuditActor, input: { grantId: number; sessions: number; reason?: string }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(creditGrants)
      .set({ total: sql`${creditGrants.total} - ${input.sessions}`, updatedAt: new Date() })
      .where(and(eq(creditGrants.id, input.grantId), sql`${creditGrants.total} - ${creditGrants.used} >= ${input.sessions}`))
      .returning();
    if (!row) {
      const [grant] = await tx.select().from(creditGrants).where(eq(creditGrants.id, input.grantId));
      if (!grant) throw new DomainError("NOT_FOUND", "Those credits no longer exist. Refresh the page.");
      const left = grant.total - grant.used;
      throw new DomainError("UNPROCESSABLE_CONTENT", `Only ${left} unused ${left === 1 ? "credit is" : "credits are"} left to take back.`);
    }
    await recordAudit(tx, actor, "credits.take_back", {
      type: "credit_grant",
      id: row.id,
      details: {
        client: await clientName(tx, row.userId),
        clientId: row.userId,
        sessions: input.sessions,
        reason: input.reason || null,
        by: actor.username,
      },
    });
    return row;
  });
}
