/** The receipt email after a verified payment (issue 31): sent once per payment through the outbox. */
import { eq, schema, type Database } from "@coach/db";
import { paymentReceipt, PRACTICE_NAME, sendEmail } from "@coach/email";
import { formatMoney } from "@coach/payments";
import { coachContact, displayName } from "../users/service";

export async function sendReceipt(db: Database, paymentId: number): Promise<void> {
  const [row] = await db
    .select({ payment: schema.payments, offer: schema.offers, buyer: schema.users })
    .from(schema.payments)
    .innerJoin(schema.offers, eq(schema.offers.id, schema.payments.offerId))
    .innerJoin(schema.users, eq(schema.users.id, schema.payments.userId))
    .where(eq(schema.payments.id, paymentId));
  if (!row || row.payment.status !== "paid") return;
  const { payment, offer, buyer } = row;
  const [billing] = await db.select().from(schema.billingProfiles).where(eq(schema.billingProfiles.userId, buyer.id));
  const coach = await coachContact(db);
  const money = (amount: number) => formatMoney(amount, payment.currency);
  const name = displayName(buyer);
  const mail = await paymentReceipt({
    name,
    receiptNumber: `R-${String(payment.id).padStart(6, "0")}`,
    paidOn: (payment.paidAt ?? new Date()).toISOString().slice(0, 10),
    seller: { name: PRACTICE_NAME, email: coach?.email ?? null },
    buyer: { name, email: buyer.email, company: billing?.companyName ?? null, taxId: billing?.taxId ?? null },
    lines: [{ description: offer.title, quantity: 1, amount: money(payment.amount) }],
    // Prices are set tax-inclusive by the coach and Stripe Tax is not used: the line says so rather than omitting it.
    tax: `${money(0)} (no tax charged separately)`,
    total: money(payment.amount),
  });
  await sendEmail(db, { kind: "payment-receipt", to: buyer.email, ...mail, dedupeKey: `receipt:${payment.id}` });
}
