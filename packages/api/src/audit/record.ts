import { schema, type Database } from "@coach/db";

export interface AuditActor {
  id: number;
  username: string;
}

/** Writes one entry of the admin audit trail: who did what to which record, and when. */
export async function recordAudit(
  db: Database,
  actor: AuditActor,
  action: string,
  target?: { type: string; id?: string | number; details?: Record<string, unknown> },
): Promise<void> {
  await db.insert(schema.auditLog).values({
    actorId: actor.id,
    actorUsername: actor.username,
    action,
    targetType: target?.type ?? null,
    targetId: target?.id === undefined ? null : String(target.id),
    details: target?.details ?? null,
  });
}
