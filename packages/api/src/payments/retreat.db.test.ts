/** The retreat: applications, the deposit through Checkout, 12 places and the waitlist, the balance invoice once, tiered refunds at the boundaries. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { and, eq, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { DAY_MS } from "@coach/payments";
import { callerAs, callerFor, createUser } from "../testing";
import { wireStripeFake, withStripeDown, type WiredStripe } from "../testing/stripe";
import { runRetreatJobs } from "./retreat-events";
import { cancelApplication, cancellationQuote } from "./retreat-refunds";
import { sendToStripe } from "./invoices";

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

const STARTS = new Date(Date.now() + 200 * DAY_MS);
const retreat = {
  kind: "retreat" as const,
  title: "Leadership retreat",
  price: { amount: 850_000, currency: "usd" as const },
  deposit: { amount: 150_000, currency: "usd" as const },
  places: 12,
  balanceDueDays: 45,
  startsAt: STARTS,
  refundSchedule: [
    { daysBefore: 60, percent: 100 },
    { daysBefore: 30, percent: 50 },
  ],
};
const application = { company: "Acme", role: "CEO", message: "I would like to bring my leadership team's questions along." };
const codeOf = async (work: Promise<unknown>) => {
  const error = await work.then(() => undefined).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: (error as TRPCError).message };
};

/** A fresh retreat (the only active one) and a coach. */
async function setup() {
  await handle.db.update(schema.offers).set({ active: false }).where(eq(schema.offers.kind, "retreat"));
  const coach = await createUser(handle.db, { role: "admin" });
  const admin = await callerAs(handle.db, coach.cookie);
  const offer = await admin.admin.offers.create(retreat);
  return { coach, admin, offer };
}
async function applicant() {
  const person = await createUser(handle.db, { firstName: "Ari" });
  const caller = await callerAs(handle.db, person.cookie);
  const app = await caller.retreat.submit(application);
  return { ...person, caller, app };
}
const sessionOf = (url: string) => stripe.fake.sessions.get(url.split("/").at(-1)!)!;
const appRow = async (id: number) =>
  (await handle.db.select().from(schema.retreatApplications).where(eq(schema.retreatApplications.id, id)))[0]!;
/** The payment row a paid balance invoice became, if any. */
const balancePaymentOf = async (userId: number) =>
  (
    await handle.db
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.userId, userId), eq(schema.payments.purpose, "retreat_balance")))
  )[0];
async function payDeposit(url: string) {
  const delivery = await stripe.fake.pay(sessionOf(url).id);
  await stripe.fake.settle();
  expect(delivery!.status).toBe(200);
}

describe("retreat applications", () => {
  it("need a signed-in person, once per retreat; accepting is the coach's", async () => {
    const { admin } = await setup();
    expect((await codeOf((await callerFor(handle.db)).retreat.submit(application))).code).toBe("UNAUTHORIZED");
    const ari = await applicant();
    expect(ari.app).toMatchObject({ status: "pending", company: "Acme" });
    expect((await codeOf(ari.caller.retreat.submit(application))).code).toBe("CONFLICT");
    expect((await codeOf(ari.caller.admin.retreat.accept({ id: ari.app.id }))).code).toBe("FORBIDDEN");
    expect((await codeOf(ari.caller.retreat.submit({ ...application, message: "short" }))).message).toContain("at least 20");
    expect((await admin.admin.retreat.list()).some((a) => a.id === ari.app.id)).toBe(true);
  });

  it("accepted: the deposit's Checkout at the offer's deposit is emailed; the paid webhook takes the place", async () => {
    const { admin } = await setup();
    const ari = await applicant();
    const { checkoutUrl, status } = await admin.admin.retreat.accept({ id: ari.app.id });
    expect(status).toBe("accepted");
    const session = sessionOf(checkoutUrl!);
    expect(session).toMatchObject({
      amount_total: 150_000,
      currency: "usd",
      metadata: { purpose: "retreat_deposit" },
      payment_method_types: ["card"],
    });
    const [mail] = await handle.db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.to, ari.user.email), eq(schema.emailOutbox.kind, "retreat-offer")));
    expect(mail!.text).toContain(checkoutUrl!);
    // Only the verified webhook confirms it.
    expect((await appRow(ari.app.id)).status).toBe("accepted");
    await payDeposit(checkoutUrl!);
    const row = await appRow(ari.app.id);
    expect(row.status).toBe("confirmed");
    const [payment] = await handle.db.select().from(schema.payments).where(eq(schema.payments.id, row.depositPaymentId!));
    expect(payment).toMatchObject({ status: "paid", amount: 150_000, stripePaymentIntentId: expect.stringMatching(/^pi_/) });
  });

  it("past 12 places join the waitlist, which gets a time-limited offer when a place frees", async () => {
    const { admin } = await setup();
    const people = [];
    for (let i = 0; i < 13; i++) people.push(await applicant());
    const answers = [];
    for (const p of people) answers.push(await admin.admin.retreat.accept({ id: p.app.id }));
    expect(answers.slice(0, 12).every((a) => a.status === "accepted" && a.checkoutUrl)).toBe(true);
    expect(answers[12]).toEqual({ status: "waitlisted", checkoutUrl: null });
    // The first accepted lets the acceptance lapse (its Checkout expires): the waitlisted person is offered the place.
    const first = people[0]!;
    await stripe.fake.expire(sessionOf(answers[0]!.checkoutUrl!).id);
    await stripe.fake.settle();
    expect((await appRow(first.app.id)).status).toBe("lapsed");
    const offered = await appRow(people[12]!.app.id);
    expect(offered.status).toBe("offered");
    expect(offered.offerExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 22 * 60 * 60 * 1000);
    const [payment] = await handle.db.select().from(schema.payments).where(eq(schema.payments.id, offered.depositPaymentId!));
    expect(stripe.fake.sessions.get(payment!.stripeCheckoutSessionId!)).toMatchObject({ status: "open", amount_total: 150_000 });
    // An offer not paid in time lapses by the job, and nobody is left to offer.
    const later = new Date(offered.offerExpiresAt!.getTime() + 1000);
    const run = await runRetreatJobs(handle.db, later);
    expect(run.lapsed).toContain(offered.id);
    expect((await appRow(offered.id)).status).toBe("lapsed");
    expect(stripe.fake.sessions.get(payment!.stripeCheckoutSessionId!)!.status).toBe("expired");
  });

  it("send the balance invoice by themselves on its day, once, on the price the place was offered at", async () => {
    const { admin, offer } = await setup();
    const ari = await applicant();
    const { checkoutUrl } = await admin.admin.retreat.accept({ id: ari.app.id });
    await payDeposit(checkoutUrl!);
    // The coach raises the price for later applicants: Ari's balance stays $8,500 less the $1,500 paid.
    await handle.db.update(schema.offers).set({ priceAmount: 990_000, depositAmount: 200_000 }).where(eq(schema.offers.id, offer.id));
    const due = new Date(STARTS.getTime() - 45 * DAY_MS);
    expect((await runRetreatJobs(handle.db, new Date(due.getTime() - 1))).balances).toEqual([]);
    expect((await appRow(ari.app.id)).balanceInvoiceId).toBeNull();
    const [sent, again] = [await runRetreatJobs(handle.db, due), await runRetreatJobs(handle.db, new Date(due.getTime() + DAY_MS))];
    const invoiceId = (await appRow(ari.app.id)).balanceInvoiceId!;
    expect(sent.balances).toContain(invoiceId);
    expect(again.balances).toEqual([]);
    const [invoice] = await handle.db.select().from(schema.invoices).where(eq(schema.invoices.id, invoiceId));
    expect(invoice).toMatchObject({ purpose: "retreat_balance", amount: 700_000, status: "open", userId: ari.user.id });
    expect(stripe.fake.invoices.get(invoice!.stripeInvoiceId!)).toMatchObject({ total: 700_000, collection_method: "send_invoice" });
  });
});

/** The retreat-offer emails (the deposit's payment link) sent to `email`. */
const offerMails = (email: string) =>
  handle.db
    .select()
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.to, email), eq(schema.emailOutbox.kind, "retreat-offer")));
/** The deposit Checkout sessions Stripe holds for an application. */
const sessionsFor = (appId: number) =>
  [...stripe.fake.sessions.values()].filter((s) => (s.metadata as { applicationId?: string }).applicationId === String(appId));

describe("a deposit Checkout that Stripe could not make", () => {
  it("at acceptance: the coach is told the place is held; once Stripe answers, the job makes one Checkout and emails it once", async () => {
    const { admin } = await setup();
    const ari = await applicant();
    const down = await withStripeDown(() => codeOf(admin.admin.retreat.accept({ id: ari.app.id })));
    expect(down.code).toBe("SERVICE_UNAVAILABLE");
    expect(down.message).toContain("The application is accepted and its place is held");
    expect(down.message).toContain("emailed to the applicant automatically as soon as Stripe answers");
    expect((await appRow(ari.app.id)).status).toBe("accepted");
    expect((await codeOf(admin.admin.retreat.accept({ id: ari.app.id }))).code).toBe("CONFLICT");
    // Still down at the job's next run: nothing is made, the place stays held.
    expect((await withStripeDown(() => runRetreatJobs(handle.db))).checkouts).not.toContain(ari.app.id);
    expect(sessionsFor(ari.app.id)).toEqual([]);
    expect(await offerMails(ari.user.email)).toEqual([]);
    // Stripe is back: one Checkout, one email; a later run makes neither again.
    expect((await runRetreatJobs(handle.db)).checkouts).toContain(ari.app.id);
    expect((await runRetreatJobs(handle.db)).checkouts).not.toContain(ari.app.id);
    const sessions = sessionsFor(ari.app.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ status: "open", amount_total: 150_000 });
    const mails = await offerMails(ari.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(sessions[0]!.url as string);
    await payDeposit(sessions[0]!.url as string);
    expect((await appRow(ari.app.id)).status).toBe("confirmed");
  });

  it("whose answer was lost: the job records the session Stripe made under the same key, not a second one", async () => {
    const { admin } = await setup();
    const ari = await applicant();
    stripe.fake.loseAnswers("POST /v1/checkout/sessions");
    try {
      expect((await codeOf(admin.admin.retreat.accept({ id: ari.app.id }))).code).toBe("SERVICE_UNAVAILABLE");
    } finally {
      stripe.fake.loseAnswers(null);
    }
    const made = sessionsFor(ari.app.id);
    expect(made).toHaveLength(1);
    const paymentOf = async () =>
      (
        await handle.db
          .select()
          .from(schema.payments)
          .where(eq(schema.payments.id, (await appRow(ari.app.id)).depositPaymentId!))
      )[0]!;
    expect((await paymentOf()).stripeCheckoutSessionId).toBeNull();
    expect((await runRetreatJobs(handle.db)).checkouts).toContain(ari.app.id);
    expect(sessionsFor(ari.app.id)).toHaveLength(1);
    expect((await paymentOf()).stripeCheckoutSessionId).toBe(made[0]!.id);
    expect(await offerMails(ari.user.email)).toHaveLength(1);
  });
});

/** Ari's confirmed place (deposit paid) on a fresh retreat, its balance invoice sent on its due day (`due`). */
async function placeWithBalanceSent() {
  const { admin } = await setup();
  const ari = await applicant();
  const { checkoutUrl } = await admin.admin.retreat.accept({ id: ari.app.id });
  await payDeposit(checkoutUrl!);
  const due = new Date(STARTS.getTime() - 45 * DAY_MS);
  await runRetreatJobs(handle.db, due);
  return { ari, due };
}

describe("retreat cancellations", () => {
  it("refund by the tiered schedule, right at the boundary days, through Stripe", async () => {
    const { admin } = await setup();
    const ari = await applicant();
    const { checkoutUrl } = await admin.admin.retreat.accept({ id: ari.app.id });
    await payDeposit(checkoutUrl!);
    const who = { id: ari.user.id, username: ari.user.username, asCoach: false };
    const at = (days: number, ms = 0) => new Date(STARTS.getTime() - days * DAY_MS + ms);
    const quote = async (now: Date) => (await cancellationQuote(handle.db, who, ari.app.id, now)).amount;
    expect(await quote(at(60))).toBe(150_000); // exactly 60 days before: the 60-day tier
    expect(await quote(at(60, 1))).toBe(75_000); // a moment later: 59 whole days, the 30-day tier
    expect(await quote(at(30))).toBe(75_000);
    expect(await quote(at(30, 1))).toBe(0);
    // Someone else's application is not theirs to see.
    const other = await createUser(handle.db);
    await expect(cancellationQuote(handle.db, { id: other.user.id, username: "x", asCoach: false }, ari.app.id)).rejects.toThrow(
      "Application not found.",
    );
    // A confirmation of an amount that is no longer right is refused, and nothing changes.
    await expect(cancelApplication(handle.db, who, ari.app.id, 150_000, at(45))).rejects.toThrow("The refund is now $750.00 (50%");
    expect((await appRow(ari.app.id)).status).toBe("confirmed");
    const done = await cancelApplication(handle.db, who, ari.app.id, 75_000, at(45));
    expect(done).toEqual({ status: "canceled", refund: { amount: 75_000, currency: "usd", percent: 50 } });
    const refund = [...stripe.fake.refunds.values()].at(-1)!;
    expect(refund.amount).toBe(75_000);
    const row = await appRow(ari.app.id);
    const [payment] = await handle.db.select().from(schema.payments).where(eq(schema.payments.id, row.depositPaymentId!));
    expect(payment).toMatchObject({ status: "partially_refunded", refundedAmount: 75_000 });
    expect(refund.payment_intent).toBe(payment!.stripePaymentIntentId);
  });

  it("void the balance invoice of a canceled place, so nobody can pay for a place that is gone", async () => {
    const { ari, due } = await placeWithBalanceSent();
    const invoiceId = (await appRow(ari.app.id)).balanceInvoiceId!;
    const invoiceRow = async () => (await handle.db.select().from(schema.invoices).where(eq(schema.invoices.id, invoiceId)))[0]!;
    expect((await invoiceRow()).status).toBe("open");
    const who = { id: ari.user.id, username: ari.user.username, asCoach: false };
    const { amount } = await cancellationQuote(handle.db, who, ari.app.id, due);
    await cancelApplication(handle.db, who, ari.app.id, amount, due);
    expect((await invoiceRow()).status).toBe("void");
    expect(stripe.fake.invoices.get((await invoiceRow()).stripeInvoiceId!)!.status).toBe("void");
  });

  /**
   * Ari's balance paid at Stripe with its event held back, then the place canceled on its due day; the
   * event then arrives, saying the invoice was paid `paidAt`. Answers the balance payment recorded.
   */
  async function balanceRecordedAfterCancel(paidAt: (due: Date) => Date) {
    const { ari, due } = await placeWithBalanceSent();
    const invoiceId = (await appRow(ari.app.id)).balanceInvoiceId!;
    const [invoice] = await handle.db.select().from(schema.invoices).where(eq(schema.invoices.id, invoiceId));
    const deliverTo = stripe.fake.deliverTo;
    stripe.fake.deliverTo = null;
    await stripe.fake.payInvoice(invoice!.stripeInvoiceId!);
    stripe.fake.deliverTo = deliverTo;
    const who = { id: ari.user.id, username: ari.user.username, asCoach: false };
    const { amount } = await cancellationQuote(handle.db, who, ari.app.id, due);
    expect(amount).toBe(75_000); // the schedule (50%) on the deposit, the only payment known then
    await cancelApplication(handle.db, who, ari.app.id, amount, due);
    // Stripe refused the void (the invoice is paid); then its event arrives.
    const paid = stripe.fake.events.find(
      (e) => e.type === "invoice.paid" && (e.data as { object: { id: string } }).object.id === invoice!.stripeInvoiceId,
    )!;
    const object = (paid.data as { object: { status_transitions: { paid_at: number } } }).object;
    object.status_transitions.paid_at = Math.floor(paidAt(due).getTime() / 1000);
    expect((await stripe.fake.redeliver(paid.id as string))!.status).toBe(200);
    await stripe.fake.settle();
    // The payer is told, once, even when Stripe sends the event again.
    await stripe.fake.redeliver(paid.id as string);
    const told = await handle.db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.to, ari.user.email), eq(schema.emailOutbox.kind, "retreat-balance-refunded")));
    expect(told).toHaveLength(1);
    const balance = (await balancePaymentOf(ari.user.id))!;
    const refunded = [...stripe.fake.refunds.values()].filter((r) => r.payment_intent === balance.stripePaymentIntentId);
    return { balance, refunded: refunded.map((r) => r.amount), told: told[0]!.text };
  }

  it("refund in full a balance paid in the moment after the cancellation, before its invoice was voided", async () => {
    const { balance, refunded, told } = await balanceRecordedAfterCancel((due) => new Date(due.getTime() + 60_000));
    expect(balance).toMatchObject({ amount: 700_000, status: "refunded", refundedAmount: 700_000 });
    expect(refunded).toEqual([700_000]);
    expect(told).toContain("$7,000.00");
  });

  it("refund by the schedule a balance paid before the cancellation whose event came after it, as the payer was quoted", async () => {
    const { balance, refunded, told } = await balanceRecordedAfterCancel((due) => new Date(due.getTime() - 60_000));
    // 50% of the whole $8,500 comes back: $750 of the deposit at the cancellation, $3,500 of the balance now.
    expect(balance).toMatchObject({ amount: 700_000, status: "partially_refunded", refundedAmount: 350_000 });
    expect(refunded).toEqual([350_000]);
    expect(told).toContain("50% of it comes back: we are refunding $3,500.00");
  });

  /** Ari's place with its balance invoice still a draft here (Stripe was down on the due day), and Ari's cancellation. */
  async function placeWithDraftBalance() {
    const { admin } = await setup();
    const ari = await applicant();
    const { checkoutUrl } = await admin.admin.retreat.accept({ id: ari.app.id });
    await payDeposit(checkoutUrl!);
    const due = new Date(STARTS.getTime() - 45 * DAY_MS);
    await withStripeDown(() => runRetreatJobs(handle.db, due));
    const invoiceId = (await appRow(ari.app.id)).balanceInvoiceId!;
    const invoiceRow = async () => (await handle.db.select().from(schema.invoices).where(eq(schema.invoices.id, invoiceId)))[0]!;
    const draft = await invoiceRow();
    expect(draft.status).toBe("draft");
    const [offer] = await handle.db.select().from(schema.offers).where(eq(schema.offers.id, draft.offerId));
    const who = { id: ari.user.id, username: ari.user.username, asCoach: false };
    const cancel = async () =>
      void (await cancelApplication(handle.db, who, ari.app.id, (await cancellationQuote(handle.db, who, ari.app.id, due)).amount, due));
    const mailed = () =>
      handle.db
        .select()
        .from(schema.emailOutbox)
        .where(and(eq(schema.emailOutbox.to, draft.billingEmail), eq(schema.emailOutbox.kind, "invoice")));
    const atStripe = () =>
      [...stripe.fake.invoices.values()].filter((i) => (i.metadata as { invoiceId?: string })?.invoiceId === String(invoiceId));
    return { draft, offer: offer!, invoiceRow, cancel, mailed, atStripe };
  }

  it("send nothing to Stripe for a balance invoice withdrawn after the job listed it, and mail no pay link", async () => {
    const { draft, offer, invoiceRow, cancel, mailed, atStripe } = await placeWithDraftBalance();
    // The next run has listed the draft when Ari cancels; then it sends what it listed.
    await cancel();
    expect((await invoiceRow()).status).toBe("void");
    await sendToStripe(handle.db, draft, offer);
    expect((await invoiceRow()).status).toBe("void");
    expect(atStripe()).toEqual([]);
    expect(await mailed()).toEqual([]);
  });

  it("delete the draft at Stripe when the place is canceled while the draft is being made", async () => {
    const { draft, offer, invoiceRow, cancel, mailed, atStripe } = await placeWithDraftBalance();
    stripe.fake.duringNext("POST /v1/invoiceitems", cancel);
    const from = stripe.fake.requests.length;
    await sendToStripe(handle.db, draft, offer);
    expect((await invoiceRow()).status).toBe("void");
    // Never finalized: Stripe mailed no link and holds no invoice for it.
    const calls = stripe.fake.requests.slice(from).map((r) => `${r.method} ${r.path.replace(/in_\w+/, "{id}")}`);
    expect(calls.filter((c) => /finalize|send/.test(c))).toEqual([]);
    expect(calls).toContain("DELETE /v1/invoices/{id}");
    expect(atStripe()).toEqual([]);
    expect(await mailed()).toEqual([]);
  });

  it("void at Stripe a balance invoice withdrawn while it was being finalized, and mail no pay link", async () => {
    const { draft, offer, invoiceRow, cancel, mailed, atStripe } = await placeWithDraftBalance();
    stripe.fake.duringNext(/^POST \/v1\/invoices\/\w+\/finalize$/, cancel);
    const from = stripe.fake.requests.length;
    await sendToStripe(handle.db, draft, offer);
    const row = await invoiceRow();
    expect(row.status).toBe("void");
    // Voided before it was sent: Stripe mailed no link either.
    expect(stripe.fake.requests.slice(from).filter((r) => r.path.endsWith("/send"))).toEqual([]);
    expect(atStripe().map((i) => i.status)).toEqual(["void"]);
    expect(await mailed()).toEqual([]);
  });

  it("void at Stripe the balance invoice an interrupted send left open there, when the place is canceled", async () => {
    const { draft, offer, invoiceRow, cancel, atStripe } = await placeWithDraftBalance();
    // The job's send reaches Stripe, which finalizes and mails the invoice, but the answer is lost, and
    // Stripe's events are late: here it is still a draft.
    const endpoint = stripe.fake.deliverTo;
    stripe.fake.deliverTo = null;
    stripe.fake.loseAnswers(/\/send$/);
    try {
      await expect(sendToStripe(handle.db, draft, offer)).rejects.toThrow(/It stays a draft/);
      stripe.fake.loseAnswers(null);
      expect((await invoiceRow()).status).toBe("draft");
      expect(atStripe().map((i) => i.status)).toEqual(["open"]);
      await cancel();
    } finally {
      stripe.fake.loseAnswers(null);
      stripe.fake.deliverTo = endpoint;
    }
    expect((await invoiceRow()).status).toBe("void");
    expect(atStripe().map((i) => i.status)).toEqual(["void"]);
  });

  it("record and refund a balance paid at Stripe for an invoice voided only here", async () => {
    const { ari } = await placeWithBalanceSent();
    const invoiceId = (await appRow(ari.app.id)).balanceInvoiceId!;
    const [invoice] = await handle.db.select().from(schema.invoices).where(eq(schema.invoices.id, invoiceId));
    // What a cancellation during the send leaves when our void could not reach Stripe: the place
    // canceled and the invoice void here, still open at Stripe. Then the payer pays.
    await handle.db.update(schema.retreatApplications).set({ status: "canceled" }).where(eq(schema.retreatApplications.id, ari.app.id));
    await handle.db.update(schema.invoices).set({ status: "void" }).where(eq(schema.invoices.id, invoiceId));
    await stripe.fake.payInvoice(invoice!.stripeInvoiceId!);
    await stripe.fake.settle();
    const balance = await balancePaymentOf(ari.user.id);
    expect(balance).toMatchObject({ amount: 700_000, status: "refunded", refundedAmount: 700_000 });
    expect((await handle.db.select().from(schema.invoices).where(eq(schema.invoices.id, invoiceId)))[0]!.status).toBe("paid");
  });

  it("refund a paid balance through the payment Stripe lists for its invoice", async () => {
    const { ari, due } = await placeWithBalanceSent();
    const [invoice] = await handle.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.id, (await appRow(ari.app.id)).balanceInvoiceId!));
    await stripe.fake.payInvoice(invoice!.stripeInvoiceId!);
    await stripe.fake.settle();
    const balance = await balancePaymentOf(ari.user.id);
    expect(balance).toMatchObject({ amount: 700_000, status: "paid" });
    expect(balance!.stripePaymentIntentId).toMatch(/^pi_/);
    // 45 days before: the 50% tier of $8,500 is $4,250, more than the $1,500 deposit holds.
    const who = { id: ari.user.id, username: ari.user.username, asCoach: false };
    await cancelApplication(handle.db, who, ari.app.id, 425_000, due);
    const refunded = [...stripe.fake.refunds.values()].filter((r) => r.payment_intent === balance!.stripePaymentIntentId);
    expect(refunded.map((r) => r.amount)).toEqual([275_000]);
  });

  it("of a second application count only its own payments, not those of an earlier canceled one", async () => {
    const { admin } = await setup();
    const ari = await applicant();
    const first = await admin.admin.retreat.accept({ id: ari.app.id });
    await payDeposit(first.checkoutUrl!);
    // Canceled early: the whole first deposit comes back.
    await ari.caller.retreat.cancel({ id: ari.app.id, expectedAmount: 150_000 });
    const again = await ari.caller.retreat.submit(application);
    const second = await admin.admin.retreat.accept({ id: again.id });
    await payDeposit(second.checkoutUrl!);
    const who = { id: ari.user.id, username: ari.user.username, asCoach: false };
    // 45 days before the start, the 50% tier: half of the second deposit, as shown and as refunded.
    const at45 = new Date(STARTS.getTime() - 45 * DAY_MS);
    expect(await cancellationQuote(handle.db, who, again.id, at45)).toMatchObject({ paid: 150_000, percent: 50, amount: 75_000 });
    const done = await cancelApplication(handle.db, who, again.id, 75_000, at45);
    expect(done.refund.amount).toBe(75_000);
    expect([...stripe.fake.refunds.values()].at(-1)!.amount).toBe(75_000);
  });

  it("of a confirmed place offer it to the waitlist", async () => {
    const { admin, offer } = await setup();
    await handle.db.update(schema.offers).set({ places: 1 }).where(eq(schema.offers.id, offer.id));
    const [a, b] = [await applicant(), await applicant()];
    const { checkoutUrl } = await admin.admin.retreat.accept({ id: a.app.id });
    await payDeposit(checkoutUrl!);
    expect((await admin.admin.retreat.accept({ id: b.app.id })).status).toBe("waitlisted");
    const quoted = await a.caller.retreat.cancellation({ id: a.app.id });
    expect(quoted).toMatchObject({ percent: 100, amount: 150_000, amountText: "$1,500.00" });
    await a.caller.retreat.cancel({ id: a.app.id, expectedAmount: quoted.amount });
    expect((await appRow(b.app.id)).status).toBe("offered");
  });
});

describe("a deposit that arrives after its place has gone", () => {
  const depositOfApp = async (id: number) =>
    (
      await handle.db
        .select()
        .from(schema.payments)
        .where(eq(schema.payments.id, (await appRow(id)).depositPaymentId!))
    )[0]!;
  const refundMails = (email: string) =>
    handle.db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.to, email), eq(schema.emailOutbox.kind, "retreat-deposit-refunded")));
  /** What our lapse does when Stripe's expiry call is still on its way: the application lapses, its session stays payable. */
  const lapseQuietly = (id: number) =>
    handle.db
      .update(schema.retreatApplications)
      .set({ status: "lapsed", offerExpiresAt: null })
      .where(eq(schema.retreatApplications.id, id));

  it("is refunded in full when the lapse already gave the place to someone else; the retreat never holds more than its places", async () => {
    const { admin, offer } = await setup();
    await handle.db.update(schema.offers).set({ places: 1 }).where(eq(schema.offers.id, offer.id));
    const [late, next] = [await applicant(), await applicant()];
    const { checkoutUrl } = await admin.admin.retreat.accept({ id: late.app.id });
    await lapseQuietly(late.app.id);
    expect((await admin.admin.retreat.accept({ id: next.app.id })).status).toBe("accepted");
    await payDeposit(checkoutUrl!);
    expect((await appRow(late.app.id)).status).toBe("lapsed");
    expect((await appRow(next.app.id)).status).toBe("accepted");
    const payment = await depositOfApp(late.app.id);
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: 150_000 });
    const refunds = [...stripe.fake.refunds.values()].filter((r) => r.payment_intent === payment.stripePaymentIntentId);
    expect(refunds.map((r) => r.amount)).toEqual([150_000]);
    const [mail] = await refundMails(late.user.email);
    expect(mail!.text).toContain("$1,500.00");
  });

  it("still takes a place that is free, as the applicant paid for it", async () => {
    const { admin } = await setup();
    const late = await applicant();
    const { checkoutUrl } = await admin.admin.retreat.accept({ id: late.app.id });
    await lapseQuietly(late.app.id);
    await payDeposit(checkoutUrl!);
    expect((await appRow(late.app.id)).status).toBe("confirmed");
    expect(await depositOfApp(late.app.id)).toMatchObject({ status: "paid", refundedAmount: 0 });
    expect(await refundMails(late.user.email)).toHaveLength(0);
  });

  it("is refunded in full when the place was canceled while the applicant was paying", async () => {
    const { admin } = await setup();
    const ari = await applicant();
    const { checkoutUrl } = await admin.admin.retreat.accept({ id: ari.app.id });
    // The cancellation commits while the applicant is on Stripe's page: nothing was paid yet, so it refunded nothing.
    await handle.db.update(schema.retreatApplications).set({ status: "canceled" }).where(eq(schema.retreatApplications.id, ari.app.id));
    await payDeposit(checkoutUrl!);
    const payment = await depositOfApp(ari.app.id);
    expect((await appRow(ari.app.id)).status).toBe("canceled");
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: 150_000 });
    const refunds = [...stripe.fake.refunds.values()].filter((r) => r.payment_intent === payment.stripePaymentIntentId);
    expect(refunds.map((r) => r.amount)).toEqual([150_000]);
    expect(await refundMails(ari.user.email)).toHaveLength(1);
  });
});

describe("a cancellation while Stripe cannot be reached", () => {
  it("cancels, lists the refund as failed for the coach to try again, and still offers the place to the waitlist", async () => {
    const { admin, offer } = await setup();
    await handle.db.update(schema.offers).set({ places: 1 }).where(eq(schema.offers.id, offer.id));
    const [a, b] = [await applicant(), await applicant()];
    const { checkoutUrl } = await admin.admin.retreat.accept({ id: a.app.id });
    await payDeposit(checkoutUrl!);
    expect((await admin.admin.retreat.accept({ id: b.app.id })).status).toBe("waitlisted");
    const answer = await withStripeDown(() => a.caller.retreat.cancel({ id: a.app.id, expectedAmount: 150_000 }).catch((e: Error) => e));
    expect((answer as Error).message).toContain("listed as failed in Payments for the coach to try again");
    expect((await appRow(a.app.id)).status).toBe("canceled");
    const [refund] = await handle.db
      .select()
      .from(schema.refunds)
      .where(eq(schema.refunds.paymentId, (await appRow(a.app.id)).depositPaymentId!));
    expect(refund).toMatchObject({ status: "failed", amount: 150_000 });
    expect((await appRow(b.app.id)).status).toBe("offered");
    // The offer's Checkout could not be made then: the job makes it once Stripe answers, and emails it once.
    expect(sessionsFor(b.app.id)).toEqual([]);
    expect((await runRetreatJobs(handle.db)).checkouts).toContain(b.app.id);
    await runRetreatJobs(handle.db);
    expect(sessionsFor(b.app.id)).toHaveLength(1);
    expect(await offerMails(b.user.email)).toHaveLength(1);
  });
});

describe("what a paid retreat deposit mails", () => {
  const mailKinds = async (email: string) =>
    (await handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, email))).map((m) => m.kind).sort();
  async function accepted() {
    const { admin } = await setup();
    const ari = await applicant();
    const { checkoutUrl } = await admin.admin.retreat.accept({ id: ari.app.id });
    return { email: ari.user.email, appId: ari.app.id, url: checkoutUrl! };
  }

  it("a receipt when it takes its place", async () => {
    const { email, appId, url } = await accepted();
    await payDeposit(url);
    expect((await appRow(appId)).status).toBe("confirmed");
    expect(await mailKinds(email)).toEqual(["payment-receipt", "retreat-offer"]);
  });

  it("only the refund notice, no receipt, when its place was canceled while the applicant was on Stripe's page", async () => {
    const { email, appId, url } = await accepted();
    await handle.db.update(schema.retreatApplications).set({ status: "canceled" }).where(eq(schema.retreatApplications.id, appId));
    await payDeposit(url);
    const [payment] = await handle.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.stripeCheckoutSessionId, sessionOf(url).id));
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: 150_000 });
    expect(await mailKinds(email)).toEqual(["retreat-deposit-refunded", "retreat-offer"]);
  });
});
