/** The audit trail keeps what happened, not who it happened to. */
import { and, eq, inArray, isNotNull, schema, sql } from "@coach/db";
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
  },
};
