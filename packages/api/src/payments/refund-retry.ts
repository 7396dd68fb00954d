/**
 * Trying a refund again from the console's Refunds table: one Stripe did not take (failed), or one
 * whose send was interrupted (pending, last tried over STALE_MINUTES ago). The money is still the
 * client's due. The row is claimed in one statement, so two clicks or two coaches send it once, and
 * the send looks for a refund an earlier try made at Stripe before making one (refunds.ts).
 */
import { and, eq, gt, isNull, lt, or, schema, sql, type Database } from "@coach/db";
import { formatMoney, paymentsEnabled, stripeReasonForPeople } from "@coach/payments";
import { recordAudit, type AuditActor } from "../audit/record";
import { DomainError } from "../shared/domain-error";
import type { Transaction } from "../shared/db";
import { DASHBOARD_REFUND_REASON } from "./refund-events";
import { adoptEarlierSend, sendRefund } from "./refunds";

const { payments, refunds } = schema;

/** A pending refund not answered for this long was interrupted (a send takes seconds). */
export const STALE_MINUTES = 10;

/** Whether the console offers "Try again": failed, or pending and not answered for STALE_MINUTES. */
export function canRetry(refund: { status: string; attemptedAt: Date | null; createdAt: Date }, now = new Date()): boolean {
  if (refund.status === "failed") return true;
  const since = (refund.attemptedAt ?? refund.createdAt).getTime();
  return refund.status === "pending" && since < now.getTime() - STALE_MINUTES * 60_000;
}

export async function retryRefund(db: Database, actor: AuditActor, id: number, now = new Date()) {
  if (!paymentsEnabled()) throw new DomainError("SERVICE_UNAVAILABLE", "Payments are not enabled; the refund cannot be made.");
  const refund = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for("update");
    if (!row) throw new DomainError("NOT_FOUND", "Refund not found.");
    const [paid] = await tx.select().from(payments).where(eq(payments.id, row.paymentId)).for("update");
    await refuseAfterDashboardRefund(tx, row);
    const staleBefore = new Date(now.getTime() - STALE_MINUTES * 60_000);
    const [claimed] = await tx
      .update(refunds)
      .set({ status: "pending", attemptedAt: now })
      .where(
        and(
          eq(refunds.id, id),
          or(
            eq(refunds.status, "failed"),
            and(eq(refunds.status, "pending"), lt(refunds.attemptedAt, staleBefore)),
            and(eq(refunds.status, "pending"), isNull(refunds.attemptedAt), lt(refunds.createdAt, staleBefore)),
          ),
        ),
      )
      .returning();
    if (!claimed)
      throw new DomainError(
        "CONFLICT",
        row.status === "pending"
          ? "This refund is being made; reload the page in a moment."
          : `This refund is ${row.status}; only a failed refund can be tried again.`,
      );
    if (!paid?.stripePaymentIntentId) throw new DomainError("CONFLICT", "This payment was not taken through Stripe; refund it by hand.");
    await recordAudit(tx, actor, "payments.refund-retry", { type: "refund", id, details: { amount: row.amount } });
    return { ...row, intent: paid.stripePaymentIntentId, left: paid.amount - paid.refundedAmount };
  });
  if (refund.amount > refund.left) await adoptOrRefuse(db, refund);
  else {
    const outcome = await sendRefund(db, id, now);
    if (!outcome.ok) unmade(outcome);
  }
  return { id, status: "succeeded" as const, amountText: formatMoney(refund.amount, refund.currency) };
}

/**
 * Money the coach refunded by hand in Stripe's dashboard since this refund was last sent may have been
 * this refund, made another way: sending it as well would refund twice. The coach decides in Stripe
 * (refusing when the hand refund was for something else is the cheaper mistake).
 */
async function refuseAfterDashboardRefund(tx: Transaction, row: typeof refunds.$inferSelect) {
  const [byHand] = await tx
    .select({ sum: sql<number>`coalesce(sum(${refunds.amount}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(
      and(
        eq(refunds.paymentId, row.paymentId),
        eq(refunds.reason, DASHBOARD_REFUND_REASON),
        eq(refunds.status, "succeeded"),
        gt(refunds.createdAt, row.attemptedAt ?? row.createdAt),
      ),
    );
  if (!byHand?.sum) return;
  throw new DomainError(
    "CONFLICT",
    `${formatMoney(byHand.sum, row.currency)} of this payment was refunded in Stripe's dashboard since this refund was sent. If that was this refund, nothing more is owed; if not, refund the rest in Stripe's dashboard too.`,
  );
}

/**
 * The payment shows less left to refund than this refund: either an earlier send of it did reach
 * Stripe (its answer was lost, and Stripe's charge.refunded counted the money since), which is then
 * adopted, or the money went back another way, and nothing more is sent.
 */
async function adoptOrRefuse(db: Database, refund: { id: number; paymentId: number; intent: string; left: number; currency: string }) {
  let adopted: boolean;
  try {
    adopted = await adoptEarlierSend(db, refund.id, refund.intent, refund.paymentId);
  } catch (error) {
    await restoreFailed(db, refund.id);
    return unmade({ refusedByStripe: false, error });
  }
  if (adopted) return;
  await restoreFailed(db, refund.id);
  throw new DomainError(
    "CONFLICT",
    `Only ${formatMoney(refund.left, refund.currency)} of this payment is left to refund: the rest was refunded meanwhile (perhaps in Stripe's dashboard).`,
  );
}

const restoreFailed = (db: Database, id: number) =>
  db
    .update(refunds)
    .set({ status: "failed" })
    .where(and(eq(refunds.id, id), eq(refunds.status, "pending")));

function unmade(outcome: { refusedByStripe: boolean; error: unknown }): never {
  if (outcome.refusedByStripe)
    throw new DomainError("CONFLICT", "Stripe refused this refund (the card or account may be closed); refund the client another way.");
  throw new DomainError(
    "SERVICE_UNAVAILABLE",
    `The refund was not made (${stripeReasonForPeople(outcome.error)}); it stays failed. Try again later.`,
    { cause: outcome.error },
  );
}
