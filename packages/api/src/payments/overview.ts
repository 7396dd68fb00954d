/**
 * The console's Payments tab (issue 31): payments, refunds, invoices, credits per client and revenue
 * per month, and the same payments as CSV through the repo's csv helper (formula cells escaped).
 */
import { and, desc, eq, isNotNull, ne, schema, sql, type Database } from "@coach/db";
import { formatMoney } from "@coach/payments";
import { toCsv } from "../shared/csv";
import { listInvoices } from "./invoices";
import { canRetry } from "./refund-retry";

const { payments, refunds, creditGrants, users, offers } = schema;
const LIMIT = 500;

const who = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email;

async function paymentRows(db: Database) {
  const rows = await db
    .select({ p: payments, title: offers.title, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(offers, eq(offers.id, payments.offerId))
    .orderBy(desc(payments.id))
    .limit(LIMIT);
  return rows.map((r) => ({
    id: r.p.id,
    client: who(r),
    offer: r.title,
    purpose: r.p.purpose,
    status: r.p.status,
    /** What the tab shows: a pending bank debit is money on its way, not an abandoned Checkout. */
    statusText: r.p.status === "pending" && r.p.fundsPendingSince ? "pending: bank debit on its way" : r.p.status,
    amount: r.p.amount,
    refundedAmount: r.p.refundedAmount,
    currency: r.p.currency,
    amountText: formatMoney(r.p.amount, r.p.currency),
    refundedText: r.p.refundedAmount > 0 ? formatMoney(r.p.refundedAmount, r.p.currency) : null,
    paidAt: r.p.paidAt,
    createdAt: r.p.createdAt,
  }));
}

export async function paymentsOverview(db: Database) {
  const refundRows = await db
    .select({ r: refunds, userId: payments.userId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .orderBy(desc(refunds.id))
    .limit(LIMIT);
  const credits = await db
    .select({
      userId: creditGrants.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      appointmentType: creditGrants.appointmentType,
      total: sql<number>`sum(${creditGrants.total})`.mapWith(Number),
      used: sql<number>`sum(${creditGrants.used})`.mapWith(Number),
    })
    .from(creditGrants)
    .innerJoin(users, eq(users.id, creditGrants.userId))
    .where(sql`${creditGrants.expiresAt} is null or ${creditGrants.expiresAt} > now()`)
    .groupBy(creditGrants.userId, users.firstName, users.lastName, users.email, creditGrants.appointmentType)
    .orderBy(users.email);
  return {
    payments: await paymentRows(db),
    refunds: refundRows.map(({ r }) => ({
      id: r.id,
      paymentId: r.paymentId,
      amount: r.amount,
      currency: r.currency,
      amountText: formatMoney(r.amount, r.currency),
      percent: r.percent,
      status: r.status,
      reason: r.reason,
      createdAt: r.createdAt,
      retryable: canRetry(r),
    })),
    invoices: await listInvoices(db),
    credits: credits.map((c) => ({
      userId: c.userId,
      client: who(c),
      appointmentType: c.appointmentType,
      remaining: c.total - c.used,
      used: c.used,
    })),
    revenue: await revenueByMonth(db),
  };
}

/**
 * Money received per month and currency (UTC months): paid Checkout payments less their refunds,
 * plus paid invoices. A retreat balance is both a paid invoice and a payment record, so its payment row is left out.
 */
export async function revenueByMonth(db: Database) {
  const paid = await db
    .select({
      paidAt: payments.paidAt,
      currency: payments.currency,
      amount: sql<number>`${payments.amount} - ${payments.refundedAmount}`.mapWith(Number),
    })
    .from(payments)
    .where(and(isNotNull(payments.paidAt), ne(payments.purpose, "retreat_balance")));
  const invoiced = await db
    .select({ paidAt: schema.invoices.paidAt, currency: schema.invoices.currency, amount: schema.invoices.amount })
    .from(schema.invoices)
    .where(and(eq(schema.invoices.status, "paid"), isNotNull(schema.invoices.paidAt)));
  const sums = new Map<string, { month: string; currency: string; amount: number }>();
  for (const row of [...paid, ...invoiced]) {
    const month = row.paidAt!.toISOString().slice(0, 7);
    const key = `${month} ${row.currency}`;
    const entry = sums.get(key) ?? { month, currency: row.currency, amount: 0 };
    entry.amount += row.amount;
    sums.set(key, entry);
  }
  return [...sums.values()]
    .sort((a, b) => b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency))
    .map((r) => ({ ...r, amountText: formatMoney(r.amount, r.currency) }));
}

const CSV_COLUMNS = ["id", "client", "offer", "purpose", "status", "amount", "refundedAmount", "currency", "paidAt", "createdAt"] as const;

/** The payments as CSV (amounts in cents, dates ISO 8601); client and offer names are escaped against formulas. */
export async function paymentsCsv(db: Database): Promise<string> {
  const rows = (await paymentRows(db)).map((p) => ({
    ...p,
    paidAt: p.paidAt?.toISOString() ?? "",
    createdAt: p.createdAt.toISOString(),
  }));
  return toCsv(CSV_COLUMNS, rows);
}
