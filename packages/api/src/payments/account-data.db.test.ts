/** A client's payment records in the export, and what the account deletion keeps of them (decision 27). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { stripeClient } from "@coach/payments";
import { callerAs, createUser } from "../testing";
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

const address = { line1: "Hauptstr. 1", postalCode: "10115", city: "Berlin", country: "DE" };

describe("payments in the account's export and deletion", () => {
  it("exports payments, credits and invoices; deletion keeps payments and invoices on the stand-in and deletes the rest", async () => {
    const client = await createUser(handle.db);
    const db = handle.db;
    const [offer] = await db
      .insert(schema.offers)
      .values({
        kind: "package",
        title: "Six sessions",
        appointmentType: "coaching",
        sessions: 6,
        validDays: 120,
        priceAmount: 540_000,
        currency: "eur",
      })
      .returning();
    const [payment] = await db
      .insert(schema.payments)
      .values({
        userId: client.user.id,
        offerId: offer!.id,
        purpose: "package",
        amount: 540_000,
        currency: "eur",
        status: "paid",
        stripeCheckoutSessionId: "cs_test_x",
        paidAt: new Date(),
      })
      .returning();
    await db
      .insert(schema.creditGrants)
      .values({ userId: client.user.id, appointmentType: "coaching", total: 6, used: 1, source: "payment", paymentId: payment!.id });
    const customer = await stripeClient().customers.create({ name: "Acme GmbH", email: "ap@acme.example" });
    await db.insert(schema.billingProfiles).values({
      userId: client.user.id,
      companyName: "Acme GmbH",
      address,
      taxId: "DE123456789",
      billingEmail: "ap@acme.example",
      stripeCustomerId: customer.id,
    });
    const [invoice] = await db
      .insert(schema.invoices)
      .values({
        userId: client.user.id,
        offerId: offer!.id,
        purpose: "package",
        status: "open",
        companyName: "Acme GmbH",
        address,
        billingEmail: "ap@acme.example",
        poNumber: "PO-4711",
        taxId: "DE123456789",
        amount: 540_000,
        currency: "eur",
      })
      .returning();

    // A retreat balance sent before any billing profile existed: its customer is named only by Stripe's invoice.
    const unsaved = await stripeClient().customers.create({ name: "Acme GmbH", email: client.user.email });
    const balanceAtStripe = await stripeClient().invoices.create({
      customer: unsaved.id,
      collection_method: "send_invoice",
      days_until_due: 30,
    });
    await db.insert(schema.invoices).values({
      userId: client.user.id,
      offerId: offer!.id,
      purpose: "retreat_balance",
      status: "open",
      companyName: "Acme GmbH",
      address,
      billingEmail: client.user.email,
      amount: 100_000,
      currency: "eur",
      stripeInvoiceId: balanceAtStripe.id,
    });

    const caller = await callerAs(db, client.cookie);
    const data = await caller.account.export();
    expect(data.payments).toEqual([
      expect.objectContaining({ offer: "Six sessions", price: { amount: 540_000, currency: "eur" }, status: "paid" }),
    ]);
    expect(data.credits).toEqual([expect.objectContaining({ appointmentType: "coaching", total: 6, used: 1 })]);
    expect(data.billing.billingProfile).toMatchObject({ companyName: "Acme GmbH", taxId: "DE123456789" });
    expect(data.billing.invoices).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: invoice!.id, poNumber: "PO-4711", status: "open" })]),
    );
    expect(data.billing.invoices).toHaveLength(2);

    expect(await caller.account.delete({ confirm: "DELETE", password: client.password })).toEqual({ ok: true });
    const [keptPayment] = await db.select().from(schema.payments).where(eq(schema.payments.id, payment!.id));
    const [keptInvoice] = await db.select().from(schema.invoices).where(eq(schema.invoices.id, invoice!.id));
    expect(keptPayment!.userId).not.toBe(client.user.id);
    expect(keptPayment).toMatchObject({ amount: 540_000, status: "paid" });
    expect(keptInvoice).toMatchObject({ companyName: "Acme GmbH", taxId: "DE123456789", poNumber: "PO-4711", billingEmail: "" });
    expect(keptInvoice!.userId).toBe(keptPayment!.userId);
    const [standIn] = await db.select().from(schema.users).where(eq(schema.users.id, keptPayment!.userId));
    expect(standIn!.email).toMatch(/@deleted\.invalid$/);
    expect(await db.select().from(schema.billingProfiles).where(eq(schema.billingProfiles.userId, client.user.id))).toEqual([]);
    // The customer at Stripe, with the person's name and billing email, is gone too.
    expect(stripe.fake.customers.get(customer.id)).toEqual({ id: customer.id, object: "customer", deleted: true });
    expect(stripe.fake.customers.get(unsaved.id)).toEqual({ id: unsaved.id, object: "customer", deleted: true });
    expect(await db.select().from(schema.creditGrants).where(eq(schema.creditGrants.paymentId, payment!.id))).toEqual([]);
  });
});
