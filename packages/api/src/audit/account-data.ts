/** The audit trail keeps what happened, not who it happened to. */
import { and, eq, inArray, isNotNull, or, schema, sql } from "@coach/db";
import type { AccountEraser } from "../shared/account-data";

const { auditLog } = schema;

export const auditEraser: AccountEraser = {
  name: "audit entries",
  async erase({ tx, person, standIn }) {
    await tx.update(auditLog).set({ actorUsername: standIn.username }).where(eq(auditLog.actorId, person.id));
    await tx
      .update(auditLog)
      .set({ targetId: null, details: sql`${auditLog.details} - 'username' - 'email' - 'userId'` })
      .where(and(inArray(auditLog.targetType, ["user", "client"]), eq(auditLog.targetId, String(person.id))));
    await tx
      .update(auditLog)
      .set({ details: sql`${auditLog.details} - 'userId'` })
      .where(and(isNotNull(auditLog.details), sql`${auditLog.details}->>'userId' = ${String(person.id)}`));
    // Entries about the person's credits and invoices name them as the client (and, before the
    // entries carried the id, by name alone on their credit grants, still theirs at this point).
    const { creditGrants } = schema;
    await tx
      .update(auditLog)
      .set({ details: sql`${auditLog.details} - 'client' - 'clientId'` })
      .where(
        and(
          isNotNull(auditLog.details),
          or(
            sql`${auditLog.details}->>'clientId' = ${String(person.id)}`,
            and(
              eq(auditLog.targetType, "credit_grant"),
              sql`${auditLog.targetId} in (select ${creditGrants.id}::text from ${creditGrants} where ${creditGrants.userId} = ${person.id})`,
            ),
          ),
        ),
      );
  },
};
