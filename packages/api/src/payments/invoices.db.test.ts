/** Company invoices: billing profiles, what reaches Stripe (PO number, tax id, server price), and statuses by webhook. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { eq, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { handleRestRequest } from "../http/rest";
import { callerAs, callerFor, createUser } from "../testing";
import { wireStripeFake, type WiredStripe } from "../testing/stripe";

let handle: DbHandle;
let stripe: WiredStripe;
beforeAll(async () => {
  handle = await createTestDb();
  stripe = await wireStripeFake(handle.db);
});
afterAll(async () => {
  await stripe?.close();
  await handle?.close();
});

const profile = {
  companyName: "Acme GmbH",
  address: { line1: "Hauptstraße 1", postalCode: "10115", city: "Berlin", country: "de" },
  taxId: "DE 123 456 789",
  poNumber: "PO-DEFAULT",
  billingEmail: "ap@acme.example",
  paymentTermsDays: 45,
};
const pkg = {
  kind: "package" as const,
  title: "Six coaching sessions",
  appointmentType: "coaching" as const,
  sessions: 6,
  validDays: 120,
  price: { amount: 540_000, currency: "eur" as const },
};
const codeOf = async (work: Promise<unknown>) => {
  const error = await work.then(() => undefined).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: (error as TRPCError).message };
};

async function setup() {
  const coach = await createUser(handle.db, { role: "admin" });
  const client = await createUser(handle.db, { firstName: "Dana", lastName: "Client" });
  const admin = await callerAs(handle.db, coach.cookie);
  const offer = await admin.admin.offers.create(pkg);
  return { coach, client, admin, offer };
}
const invoiceRow = async (id: number) => (await handle.db.select().from(schema.invoices).where(eq(schema.invoices.id, id)))[0]!;
const grantsOf = (userId: number) => handle.db.select().from(schema.creditGrants).where(eq(schema.creditGrants.userId, userId));

describe("billing profiles", () => {
  it("are the coach's alone to read or set", async () => {
    const { client } = await setup();
    const asClient = await callerAs(handle.db, client.cookie);
    expect((await codeOf((await callerFor(handle.db)).admin.billing.get({ id: client.user.id }))).code).toBe("UNAUTHORIZED");
    expect((await codeOf(asClient.admin.billing.put({ id: client.user.id, ...profile }))).code).toBe("FORBIDDEN");
    expect((await codeOf(asClient.admin.invoices.create({ clientId: client.user.id, offerId: 1 }))).code).toBe("FORBIDDEN");
    expect((await codeOf(asClient.admin.invoices.list())).code).toBe("FORBIDDEN");
    expect((await codeOf(asClient.admin.retreat.accept({ id: 1 }))).code).toBe("FORBIDDEN");
    expect((await codeOf(asClient.admin.payments.overview())).code).toBe("FORBIDDEN");
  });

  it("are saved through PUT, normalized, read back, and shown as the client's company", async () => {
    const { coach, client, admin } = await setup();
    expect(await admin.admin.billing.get({ id: client.user.id })).toBeNull();
    const put = await handleRestRequest(
      new Request(`http://localhost:3000/api/admin/clients/${client.user.id}/billing`, {
        method: "PUT",
        headers: { cookie: coach.cookie, "content-type": "application/json" },
        body: JSON.stringify(profile),
      }),
      { db: handle.db },
    );
    expect(put.status).toBe(200);
    const saved = await admin.admin.billing.get({ id: client.user.id });
    expect(saved).toMatchObject({ companyName: "Acme GmbH", taxId: "DE123456789", taxIdType: "eu_vat", paymentTermsDays: 45 });
    expect(saved!.address.country).toBe("DE");
    const list = await admin.admin.clients.list({ q: client.user.username });
    expect(list.items[0]!.company).toBe("Acme GmbH");
  });

  it("refuses what a person can fix, with the field named", async () => {
    const { client, admin } = await setup();
    const bad = await codeOf(admin.admin.billing.put({ id: client.user.id, ...profile, taxId: "123456", billingEmail: "x@y.example" }));
    expect(bad).toMatchObject({ code: "BAD_REQUEST" });
    expect(bad.message).toContain("taxIdType");
    expect((await codeOf(admin.admin.billing.put({ id: client.user.id, ...profile, paymentTermsDays: 400 }))).message).toContain(
      "at most 365",
    );
    expect((await codeOf(admin.admin.billing.get({ id: 999_999 }))).code).toBe("NOT_FOUND");
  });
});

describe("company invoices", () => {
  it("carry the PO number, the tax id and the offer's own price to Stripe, net terms, finalized and sent", async () => {
    const { client, admin, offer } = await setup();
    await admin.admin.billing.put({ id: client.user.id, ...profile });
    const issued = await admin.admin.invoices.create({ clientId: client.user.id, offerId: offer.id, poNumber: "PO-4711" });
    expect(issued).toMatchObject({ status: "open", stripeInvoiceId: expect.stringMatching(/^in_/) });

    const sent = stripe.fake.invoices.get(issued.stripeInvoiceId!)!;
    expect(sent.custom_fields).toEqual([{ name: "PO number", value: "PO-4711" }]);
    expect(sent.customer_tax_ids).toEqual([{ type: "eu_vat", value: "DE123456789" }]);
    expect(sent).toMatchObject({ collection_method: "send_invoice", days_until_due: 45, total: 540_000, currency: "eur" });
    const customer = stripe.fake.customers.get(sent.customer as string)!;
    expect(customer).toMatchObject({ name: "Acme GmbH", email: "ap@acme.example" });
    expect(customer.address).toMatchObject({ line1: "Hauptstraße 1", postal_code: "10115", city: "Berlin", country: "DE" });
    // Every call carried a key from our invoice's id.
    const calls = stripe.fake.requests.filter((r) => r.method === "POST" && r.path.startsWith("/v1/invoice"));
    expect(calls.map((r) => r.idempotencyKey)).toEqual([
      `coach:invoice:${issued.id}`,
      `coach:invoice-item:${issued.id}`,
      `coach:invoice-finalize:${issued.id}`,
      `coach:invoice-send:${issued.id}`,
    ]);
    // The email to the billing address names the PO number, both VAT ids' holder and the total.
    const [mail] = await handle.db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.dedupeKey, `invoice:${issued.id}`));
    expect(mail!.to).toBe("ap@acme.example");
    expect(mail!.text).toContain("PO-4711");
    expect(mail!.text).toContain("VAT ID DE123456789");
    expect(mail!.text).toContain("€5,400.00");
  });

  it("uses the profile's PO number when none is given, and refuses a client without a profile", async () => {
    const { client, admin, offer } = await setup();
    expect((await codeOf(admin.admin.invoices.create({ clientId: client.user.id, offerId: offer.id }))).message).toContain(
      "no billing profile",
    );
    await admin.admin.billing.put({ id: client.user.id, ...profile });
    const issued = await admin.admin.invoices.create({ clientId: client.user.id, offerId: offer.id });
    expect(stripe.fake.invoices.get(issued.stripeInvoiceId!)!.custom_fields).toEqual([{ name: "PO number", value: "PO-DEFAULT" }]);
  });

  it("become paid by webhook, granting the package's credits on payment, once", async () => {
    const { client, admin, offer } = await setup();
    await admin.admin.billing.put({ id: client.user.id, ...profile });
    const issued = await admin.admin.invoices.create({ clientId: client.user.id, offerId: offer.id, creditsOn: "paid" });
    await stripe.fake.settle();
    expect(await grantsOf(client.user.id)).toHaveLength(0);
    const delivery = await stripe.fake.payInvoice(issued.stripeInvoiceId!);
    await stripe.fake.settle();
    expect(delivery!.status).toBe(200);
    expect(await admin.admin.invoices.get({ id: issued.id })).toMatchObject({ status: "paid", paidAt: expect.any(Date) });
    await stripe.fake.redeliver(delivery!.eventId);
    const grants = await grantsOf(client.user.id);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ total: 6, used: 0, source: "invoice", invoiceId: issued.id });
    // A late invoice.finalized (Stripe's order is not guaranteed) does not reopen it.
    const finalized = stripe.fake.events.find(
      (e) => e.type === "invoice.finalized" && (e.data as { object: { id: string } }).object.id === issued.stripeInvoiceId,
    );
    await stripe.fake.redeliver(finalized!.id);
    expect((await invoiceRow(issued.id)).status).toBe("paid");
  });

  it("grant credits when issued if the coach chooses so", async () => {
    const { client, admin, offer } = await setup();
    await admin.admin.billing.put({ id: client.user.id, ...profile });
    const issued = await admin.admin.invoices.create({ clientId: client.user.id, offerId: offer.id, creditsOn: "issue" });
    const grants = await grantsOf(client.user.id);
    expect(grants).toMatchObject([{ total: 6, invoiceId: issued.id }]);
    expect((await invoiceRow(issued.id)).creditsGrantedAt).not.toBeNull();
  });

  it("grant the credits invoiced, not those of the offer as the coach edited it before the invoice was paid", async () => {
    const { client, admin, offer } = await setup();
    await admin.admin.billing.put({ id: client.user.id, ...profile });
    const issued = await admin.admin.invoices.create({ clientId: client.user.id, offerId: offer.id, creditsOn: "paid" });
    await stripe.fake.settle();
    // The six-session package becomes two follow-ups for 30 days before the company pays its invoice.
    await admin.admin.offers.update({ id: offer.id, title: "Two follow-ups", appointmentType: "followup", sessions: 2, validDays: 30 });
    await stripe.fake.payInvoice(issued.stripeInvoiceId!);
    await stripe.fake.settle();
    const grants = await grantsOf(client.user.id);
    expect(grants).toMatchObject([{ appointmentType: "coaching", total: 6, invoiceId: issued.id }]);
    expect(Math.abs(grants[0]!.expiresAt!.getTime() - (Date.now() + 120 * 86_400_000))).toBeLessThan(60_000);
  });

  it("grant an invoice from before what was invoiced was recorded by its offer", async () => {
    const { client, admin, offer } = await setup();
    await admin.admin.billing.put({ id: client.user.id, ...profile });
    const issued = await admin.admin.invoices.create({ clientId: client.user.id, offerId: offer.id, creditsOn: "paid" });
    await stripe.fake.settle();
    await handle.db
      .update(schema.invoices)
      .set({ creditAppointmentType: null, creditSessions: null, creditValidDays: null })
      .where(eq(schema.invoices.id, issued.id));
    await stripe.fake.payInvoice(issued.stripeInvoiceId!);
    await stripe.fake.settle();
    expect(await grantsOf(client.user.id)).toMatchObject([{ appointmentType: "coaching", total: 6, invoiceId: issued.id }]);
  });

  it("become void and overdue by webhook", async () => {
    const { client, admin, offer } = await setup();
    await admin.admin.billing.put({ id: client.user.id, ...profile });
    const a = await admin.admin.invoices.create({ clientId: client.user.id, offerId: offer.id });
    const b = await admin.admin.invoices.create({ clientId: client.user.id, offerId: offer.id });
    const { stripeClient } = await import("@coach/payments");
    await stripeClient().invoices.voidInvoice(a.stripeInvoiceId!);
    await stripe.fake.overdue(b.stripeInvoiceId!);
    await stripe.fake.settle();
    expect((await admin.admin.invoices.get({ id: a.id })).status).toBe("void");
    expect((await admin.admin.invoices.get({ id: b.id })).status).toBe("overdue");
    // Overdue, then paid after all.
    await stripe.fake.payInvoice(b.stripeInvoiceId!);
    await stripe.fake.settle();
    expect((await admin.admin.invoices.get({ id: b.id })).status).toBe("paid");
    const listed = await admin.admin.invoices.list({ clientId: client.user.id });
    expect(listed.map((i) => [i.id, i.status])).toEqual([
      [b.id, "paid"],
      [a.id, "void"],
    ]);
  });
});
