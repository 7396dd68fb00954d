/**
 * Issue 31's "a duplicate event is processed once, also with two servers": one signed
 * `checkout.session.completed` reaching A and B at the same moment (Stripe retrying a delivery that
 * is still running, its deliveries balanced over both replicas), then once more through nginx.
 * The database tests race two connections; here two processes race, each with its own pool.
 */
import { eq, schema } from "@coach/db";
import { readOutbox } from "@coach/email/testing";
import type { StripeObject } from "@coach/payments/testing/stripe-fake";
import { describe, expect, it } from "vitest";
import { STRIPE_WEBHOOK_URL, URLS, Visitor, within } from "./cluster";
import { openDb, type Rig } from "./shared";

const WEBHOOK = "/api/stripe/webhook";
const PACKAGE = {
  kind: "package",
  title: "Three follow-up sessions",
  // Not the type the other suites book: while this offer is on sale, a follow-up needs a credit.
  appointmentType: "followup",
  sessions: 3,
  validDays: 120,
  price: { amount: 45_000, currency: "usd" },
} as const;

type WebhookAnswer = { status: number; body: { received?: true; duplicate?: true; error?: string } };

/** POSTs Stripe's exact bytes and signature, as Stripe's delivery does. */
async function deliver(url: string, payload: string, signature: string): Promise<WebhookAnswer> {
  const response = await fetch(url + WEBHOOK, {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
    body: payload,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: (await response.json()) as WebhookAnswer["body"] };
}

export function paymentsSuite(rig: Rig) {
  describe("a Stripe event delivered to both servers at once", () => {
    it("a client who bought a package gets its credits, one payment and one receipt, and every delivery is answered 2xx", async () => {
      const { stripe } = rig.cluster;
      const offer = await rig.admin.json<{ id: number }>("/api/admin/offers", { method: "POST", json: PACKAGE });
      expect(offer.status, JSON.stringify(offer.body)).toBe(201);
      try {
        const client = new Visitor(URLS.balancer);
        const account = await client.register();
        const checkout = await client.json<{ url: string }>("/api/checkout", { method: "POST", json: { offerId: offer.body.id } });
        expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
        const sessionId = /\/c\/pay\/(\w+)$/.exec(checkout.body.url)?.[1];
        expect(sessionId, checkout.body.url).toBeDefined();

        // The client pays; the event is kept, not sent, so that this test delivers it to both at once.
        stripe.deliverTo = null;
        await stripe.pay(sessionId!);
        const event = stripe.events.findLast(
          (e: StripeObject) => e.type === "checkout.session.completed" && (e.data as { object: { id: string } }).object.id === sessionId,
        )!;
        expect(event).toBeDefined();
        const payload = JSON.stringify(event, null, 2);
        const signature = stripe.signatureHeader(payload);
        const racing = await Promise.all([deliver(URLS.a, payload, signature), deliver(URLS.b, payload, signature)]);

        // Later, Stripe's retry of the same event (newly signed) through the public address: nginx.
        stripe.deliverTo = STRIPE_WEBHOOK_URL;
        const later = await stripe.redeliver(event.id);

        // Stripe sees every delivery accepted, so it stops retrying; none asks for another try.
        expect(racing.map((answer) => answer.status)).toEqual([200, 200]);
        expect(later?.status).toBe(200);
        expect(JSON.parse(later!.body)).toEqual({ received: true, duplicate: true });
        // At most one of A and B acted on it (the other can be the payments worker's once-a-minute
        // reconciliation, which goes through the same once-per-event record).
        expect(racing.filter((answer) => !answer.body.duplicate).length).toBeLessThanOrEqual(1);

        // What the client notices: exactly the package's sessions, whichever server she asks.
        for (const url of [URLS.a, URLS.b]) {
          const credits = await client.at(url).json<{ appointmentType: string; remaining: number }[]>("/api/user/credits");
          expect(credits.status).toBe(200);
          expect(credits.body.filter((c) => c.appointmentType === "followup").reduce((sum, c) => sum + c.remaining, 0)).toBe(
            PACKAGE.sessions,
          );
        }
        // One receipt, in whichever server's outbox sent it.
        const receipts = () =>
          [...readOutbox(rig.cluster.a.dataDir), ...readOutbox(rig.cluster.b.dataDir)].filter(
            (mail) => mail.to === account.email && mail.subject.startsWith("Receipt "),
          );
        expect(await within(10_000, async () => receipts().length > 0), "a receipt was sent").toBe(true);
        expect(receipts()).toHaveLength(1);
        expect(receipts()[0]!.text).toContain("$450.00");

        // What the coach's records hold: one paid payment and one grant of the package's sessions.
        const handle = await openDb(rig);
        try {
          const payments = await handle.db.select().from(schema.payments).where(eq(schema.payments.userId, account.id));
          expect(payments.map((p) => ({ status: p.status, amount: p.amount }))).toEqual([{ status: "paid", amount: PACKAGE.price.amount }]);
          const grants = await handle.db.select().from(schema.creditGrants).where(eq(schema.creditGrants.userId, account.id));
          expect(grants.map((g) => ({ total: g.total, used: g.used }))).toEqual([{ total: PACKAGE.sessions, used: 0 }]);
        } finally {
          await handle.close();
        }
      } finally {
        stripe.deliverTo = STRIPE_WEBHOOK_URL;
        // Later suites book without paying: the package leaves the shop.
        await rig.admin.json(`/api/admin/offers/${offer.body.id}`, { method: "PATCH", json: { active: false } });
      }
    });
  });
}
