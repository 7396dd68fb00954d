/**
 * A client's company billing profile (issue 31): the details invoices copy when issued, and the
 * Stripe customer they are sent to. The profile is the coach's to read and change, audited.
 */
import { eq, schema, type Database } from "@coach/db";
import type { BillingAddress } from "@coach/db/schema";
import { requestOptions, stripeClient, type Stripe } from "@coach/payments";
import { inferTaxIdType, type BillingProfileInput } from "@coach/validators/billing";
import { recordAudit, type AuditActor } from "../audit/record";
import { DomainError } from "../shared/domain-error";

const { billingProfiles, users } = schema;

export type BillingProfile = typeof billingProfiles.$inferSelect;

async function requireClient(db: Database, userId: number) {
  const [user] = await db.select({ id: users.id, anonymizedAt: users.anonymizedAt }).from(users).where(eq(users.id, userId));
  if (!user || user.anonymizedAt) throw new DomainError("NOT_FOUND", "Client not found.");
}

/** The profile as the console shows it; null when the client has none yet. */
export async function getBillingProfile(db: Database, userId: number) {
  await requireClient(db, userId);
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId));
  return row ? toView(row) : null;
}

export async function putBillingProfile(db: Database, actor: AuditActor, userId: number, input: BillingProfileInput) {
  await requireClient(db, userId);
  const values = {
    companyName: input.companyName,
    address: input.address as BillingAddress,
    taxId: input.taxId,
    taxIdType: input.taxId ? (input.taxIdType ?? inferTaxIdType(input.taxId) ?? null) : null,
    poNumber: input.poNumber,
    billingEmail: input.billingEmail,
    paymentTermsDays: input.paymentTermsDays,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(billingProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: billingProfiles.userId, set: values })
    .returning();
  await recordAudit(db, actor, "billing.update", { type: "user", id: userId, details: { fields: Object.keys(input) } });
  return toView(row!);
}

export function toView(p: BillingProfile) {
  return {
    userId: p.userId,
    companyName: p.companyName,
    address: p.address,
    taxId: p.taxId,
    taxIdType: p.taxIdType,
    poNumber: p.poNumber,
    billingEmail: p.billingEmail,
    paymentTermsDays: p.paymentTermsDays,
    updatedAt: p.updatedAt,
  };
}

/** What a Stripe customer needs to be invoiced: the company, its address and its tax id. */
export interface CustomerDetails {
  userId: number;
  name: string;
  email: string;
  address: BillingAddress | null;
  taxId: string | null;
  taxIdType: string | null;
}

const stripeAddress = (a: BillingAddress): Stripe.AddressParam => ({
  line1: a.line1,
  line2: a.line2,
  postal_code: a.postalCode,
  city: a.city,
  state: a.region,
  country: a.country,
});

/**
 * The Stripe customer for these details: created once per client (idempotency key from the user id),
 * brought up to date for each invoice (key from the invoice id), and given the tax id when it lacks it.
 */
export async function syncCustomer(db: Database, details: CustomerDetails, invoiceId: number): Promise<string> {
  const stripe = stripeClient();
  const [profile] = await db
    .select({ stripeCustomerId: billingProfiles.stripeCustomerId })
    .from(billingProfiles)
    .where(eq(billingProfiles.userId, details.userId));
  const fields = {
    name: details.name,
    email: details.email,
    ...(details.address ? { address: stripeAddress(details.address) } : {}),
    metadata: { userId: String(details.userId) },
  };
  let customerId = profile?.stripeCustomerId ?? null;
  if (!customerId) {
    const created = await stripe.customers.create(
      {
        ...fields,
        ...(details.taxId && details.taxIdType
          ? { tax_id_data: [{ type: details.taxIdType as Stripe.CustomerCreateParams.TaxIdDatum.Type, value: details.taxId }] }
          : {}),
      },
      requestOptions("customer", details.userId, invoiceId),
    );
    customerId = created.id;
    if (profile) await db.update(billingProfiles).set({ stripeCustomerId: customerId }).where(eq(billingProfiles.userId, details.userId));
    return customerId;
  }
  const customer = await stripe.customers.update(customerId, fields, requestOptions("customer-update", invoiceId));
  if (details.taxId && details.taxIdType && !taxIdsOf(customer).includes(details.taxId))
    await stripe.customers.createTaxId(
      customerId,
      { type: details.taxIdType as Stripe.TaxIdCreateParams.Type, value: details.taxId },
      requestOptions("customer-tax-id", invoiceId),
    );
  return customerId;
}

/** The customer's tax id values; Stripe lists them only when expanded, the fake always inlines them. */
function taxIdsOf(customer: Stripe.Customer): string[] {
  const raw = customer.tax_ids as unknown as { data?: { value: string }[] } | { value: string }[] | undefined;
  const list = Array.isArray(raw) ? raw : (raw?.data ?? []);
  return list.map((t) => t.value);
}
