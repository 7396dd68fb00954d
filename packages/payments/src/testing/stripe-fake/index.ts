/**
 * A loopback fake of the parts of Stripe this product uses, speaking its HTTP API as stripe-node
 * calls it (decision 27): Bearer auth, form bodies in bracket notation, idempotency-key replays,
 * Stripe's error envelope; customers (core.ts), Checkout Sessions and their hosted
 * page (checkout.ts), invoice items and invoices and the hosted invoice page (invoices.ts), refunds
 * and the event log (core.ts, with refunds made by hand in the dashboard), and webhooks signed with stripe-node's own helper (webhooks.ts).
 * Depends on node:http and stripe only, so vitest files, Playwright specs and bin.ts can start it.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { checkoutEndpoints, checkoutPage, expireSession, payDelayed, paySession, settleDelayed } from "./checkout";
import { coreEndpoints, dashboardRefund, failRefund, type Call } from "./core";
import { parseForm, readBody, sendJson, stripeError, type Reply } from "./http";
import { invoicePaymentEndpoints } from "./invoice-payments";
import { invoiceEndpoints, invoicePage, overdueInvoice, payInvoice } from "./invoices";
import { createState, type FakeState } from "./state";
import type { StripeFake } from "./types";
import { deliver, signatureHeader } from "./webhooks";

export type { FakeDelivery, FakeRequest, StripeObject } from "./state";
export type { StripeFake } from "./types";

/** Environment that points the app at the fake (and its webhook secret). */
export function stripeEnv(fake: Pick<StripeFake, "baseUrl" | "secretKey" | "webhookSecret">): Record<string, string> {
  return { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_BASE_URL: fake.baseUrl };
}

/** A Stripe-Signature header for `payload` without a running fake (as stripe-node's test helper makes it). */
export function stripeSignature(payload: string, secret: string, timestamp?: number): string {
  return signatureHeader({ webhookSecret: secret } as FakeState, payload, timestamp);
}

export async function startStripeFake(
  options: { port?: number; secretKey?: string; webhookSecret?: string; deliverTo?: string | null } = {},
): Promise<StripeFake> {
  const state = createState(options);
  const server = createServer((req, res) => {
    handle(state, req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, stripeError(500, `fake failed: ${String(error)}`, { type: "api_error" }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const need = <T>(map: Map<string, T>, id: string, what: string) => map.get(id) ?? fail(`no ${what} ${id}`);

  return {
    baseUrl: state.baseUrl,
    secretKey: state.secretKey,
    webhookSecret: state.webhookSecret,
    get deliverTo() {
      return state.deliverTo;
    },
    set deliverTo(url: string | null) {
      state.deliverTo = url;
    },
    customers: state.customers,
    sessions: state.sessions,
    paymentIntents: state.paymentIntents,
    charges: state.charges,
    refunds: state.refunds,
    invoices: state.invoices,
    invoiceItems: state.invoiceItems,
    invoicePayments: state.invoicePayments,
    events: state.events,
    requests: state.requests,
    deliveries: state.deliveries,
    pay: (sessionId) => paySession(state, sessionId),
    payDelayed: (sessionId) => payDelayed(state, sessionId),
    settleDelayed: (sessionId, outcome) => settleDelayed(state, sessionId, outcome),
    expire: async (sessionId) => expireSession(state, need(state.sessions, sessionId, "checkout session")),
    payInvoice: (invoiceId) => payInvoice(state, invoiceId),
    overdue: (invoiceId) => overdueInvoice(state, invoiceId),
    refundInDashboard: (paymentIntentId, amount) => dashboardRefund(state, paymentIntentId, amount),
    failRefund: (refundId, reason) => failRefund(state, refundId, reason),
    redeliver: async (eventId) => deliver(state, state.events.find((e) => e.id === eventId) ?? fail(`no event ${eventId}`)),
    signatureHeader: (payload, timestamp) => signatureHeader(state, payload, timestamp),
    loseAnswers: (request) => {
      state.losingAnswersTo = request;
    },
    duringNext: (request, action) => {
      state.duringNext = { request, action };
    },
    settle: async () => {
      while (state.pending.size > 0) await Promise.all([...state.pending]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const fail = (message: string): never => {
  throw new Error(message);
};

const ENDPOINTS = [checkoutEndpoints, invoiceEndpoints, invoicePaymentEndpoints, coreEndpoints];

async function handle(state: FakeState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://fake");
  const method = req.method ?? "GET";
  for (const page of [checkoutPage, invoicePage]) if ((await page(state, req, res, url.pathname)) !== undefined) return;
  if (!url.pathname.startsWith("/v1/")) return sendJson(res, stripeError(404, `Unrecognized request URL (${method}: ${url.pathname}).`));

  const text = method === "GET" || method === "DELETE" ? url.search.slice(1) : await readBody(req);
  const params = parseForm(text);
  const idempotencyKey = header(req, "idempotency-key");
  const record = (status: number, replayed: boolean) =>
    state.requests.push({ method, path: url.pathname, params, idempotencyKey, replayed, status });

  const auth = authProblem(state, header(req, "authorization"));
  if (auth) return (record(auth.status, false), sendJson(res, auth));

  // Stripe replays a POST's first successful answer for the same key, and refuses the key with other parameters.
  const fingerprint = createHash("sha256").update(`${method} ${url.pathname} ${text}`).digest("hex");
  const seen = idempotencyKey && method === "POST" ? state.idempotency.get(idempotencyKey) : undefined;
  if (seen && seen.fingerprint !== fingerprint) {
    const reply = stripeError(
      400,
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      { type: "idempotency_error" },
    );
    return (record(400, false), sendJson(res, reply));
  }
  // A network that drops after Stripe acted: the request is carried out (and kept for a replay of its
  // key), but the connection closes before the answer, so the caller cannot tell whether it happened.
  const request = `${method} ${url.pathname}`;
  const matches = (pattern: string | RegExp | null | undefined) =>
    typeof pattern === "string" ? pattern === request : (pattern?.test(request) ?? false);
  const lost = matches(state.losingAnswersTo);
  const answer = (reply: Reply, headers?: Record<string, string>) => (lost ? void res.destroy() : sendJson(res, reply, headers));
  if (seen) return (record(lost ? 0 : seen.reply.status, true), answer(seen.reply, { "idempotent-replayed": "true" }));

  const call: Call = { method, parts: url.pathname.slice(4).split("/").filter(Boolean), params, idempotencyKey };
  let reply: Reply | undefined;
  for (const endpoints of ENDPOINTS) if ((reply = await endpoints(state, call))) break;
  reply ??= stripeError(404, `Unrecognized request URL (${method}: ${url.pathname}).`);
  // A snapshot: later changes to the object must not change what a replay answers.
  reply = { status: reply.status, body: JSON.parse(JSON.stringify(reply.body)) as unknown };
  if (idempotencyKey && method === "POST" && reply.status < 400) state.idempotency.set(idempotencyKey, { fingerprint, reply });
  record(lost ? 0 : reply.status, false);
  const during = state.duringNext;
  if (during && matches(during.request)) {
    state.duringNext = null;
    await during.action();
  }
  answer(reply);
}

function authProblem(state: FakeState, authorization: string | undefined): Reply | undefined {
  if (!authorization?.startsWith("Bearer "))
    return stripeError(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.",
    );
  const key = authorization.slice("Bearer ".length);
  if (key !== state.secretKey) return stripeError(401, `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`);
  return undefined;
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};
