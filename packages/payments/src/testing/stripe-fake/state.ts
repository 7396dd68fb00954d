/** The fake's memory: Stripe's objects by id, the events it raised, the requests it received. */
import type { Reply } from "./http";

/** A Stripe object as the fake keeps it: its JSON shape (`id`, `object` and the fields the code reads). */
export type StripeObject = { id: string; object: string; [field: string]: unknown };

export interface FakeRequest {
  method: string;
  /** Path without the query, e.g. `/v1/checkout/sessions`. */
  path: string;
  /** The parsed form body (POST) or query (GET), so a test can assert what reached Stripe. */
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
  /** Whether the answer was replayed from an earlier request with the same key. */
  replayed: boolean;
  /** The status answered; 0 when the answer was lost on the way back (loseAnswers). */
  status: number;
}

export interface FakeDelivery {
  eventId: string;
  type: string;
  /** The webhook endpoint's HTTP status, or 0 when it could not be reached. */
  status: number;
  body: string;
}

export interface FakeState {
  baseUrl: string;
  secretKey: string;
  webhookSecret: string;
  /** Where events are POSTed; null keeps them in `events` only. */
  deliverTo: string | null;
  customers: Map<string, StripeObject>;
  sessions: Map<string, StripeObject>;
  paymentIntents: Map<string, StripeObject>;
  charges: Map<string, StripeObject>;
  refunds: Map<string, StripeObject>;
  invoiceItems: Map<string, StripeObject>;
  invoices: Map<string, StripeObject>;
  /** The payments made against invoices (API 2025-03-31 on: an invoice no longer names its payment intent). */
  invoicePayments: Map<string, StripeObject>;
  /** Events, oldest first (the list endpoint answers newest first). */
  events: StripeObject[];
  requests: FakeRequest[];
  deliveries: FakeDelivery[];
  /** Idempotency keys seen: the request's fingerprint and the answer it got. */
  idempotency: Map<string, { fingerprint: string; reply: Reply }>;
  /** Deliveries still under way (`settle()` waits for them). */
  pending: Set<Promise<unknown>>;
  invoiceNumber: number;
  /** "METHOD /v1/path" whose answers are lost after the request is carried out (loseAnswers), or null. */
  losingAnswersTo: string | RegExp | null;
  /** Runs once, after the next "METHOD /v1/path" is carried out and before its answer goes back (duringNext). */
  duringNext: { request: string | RegExp; action: () => Promise<void> } | null;
}

export function createState(options: { secretKey?: string; webhookSecret?: string; deliverTo?: string | null }): FakeState {
  return {
    baseUrl: "",
    secretKey: options.secretKey ?? "sk_test_fake",
    webhookSecret: options.webhookSecret ?? "whsec_fake",
    deliverTo: options.deliverTo ?? null,
    customers: new Map(),
    sessions: new Map(),
    paymentIntents: new Map(),
    charges: new Map(),
    refunds: new Map(),
    invoiceItems: new Map(),
    invoices: new Map(),
    invoicePayments: new Map(),
    events: [],
    requests: [],
    deliveries: [],
    idempotency: new Map(),
    pending: new Set(),
    invoiceNumber: 0,
    losingAnswersTo: null,
    duringNext: null,
  };
}
