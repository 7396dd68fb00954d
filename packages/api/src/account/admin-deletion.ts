/**
 * An admin deletes someone's account (the Users tab). It erases the person exactly as their own
 * deletion does (deletion.ts): each domain erases what names them, so no email the practice sent
 * them, no rate-limit key with their address, no audit detail, Stripe customer or calendar event
 * of an upcoming session stays behind. A bare delete of the row left all of those.
 */
import type { Database } from "@coach/db";
import { type AuditActor, recordAudit } from "../audit/record";
import { retryOnDeadlock } from "../shared/db";
import { LAST_ADMIN_DELETE, SELF_DELETE, lockTarget, refuse } from "../users/service";
import { erasePerson } from "./deletion";

export async function deleteUser(db: Database, actor: AuditActor, input: { userId: number }) {
  const erased = await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const { target, isLastActiveAdmin } = await lockTarget(tx, input.userId);
      if (isLastActiveAdmin) throw refuse(LAST_ADMIN_DELETE);
      if (target.id === actor.id) throw refuse(SELF_DELETE);
      const outcome = await erasePerson(tx, target);
      // Who deleted an account, and what it was; nothing that names the person deleted.
      await recordAudit(tx, actor, "user.deleted", { type: "user", id: target.id, details: { role: target.role, ...outcome.figures } });
      return outcome;
    }),
  );
  for (const after of erased.afterCommit) await after(db);
  return { id: input.userId };
}
