/** Speaking Stripe's HTTP dialect: form bodies in bracket notation, JSON answers, its error envelope. */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** A parsed form or query value: text, or nested objects and arrays built from `a[b][0]=…` keys. */
export type Params = { [key: string]: Param };
export type Param = string | Params | Param[];

/** What an API endpoint answers; the server writes it and keeps it for idempotent replays. */
export interface Reply {
  status: number;
  body: unknown;
}

/** A Stripe-style id: `cs_test_…`, `in_…`. */
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export const now = () => Math.floor(Date.now() / 1000);

export const ok = (body: unknown): Reply => ({ status: 200, body });

/** Stripe's error envelope, e.g. `stripeError(400, "Missing required param: mode.", { param: "mode", code: "parameter_missing" })`. */
export function stripeError(status: number, message: string, extra: { param?: string; code?: string; type?: string } = {}): Reply {
  const type = extra.type ?? (status === 402 ? "card_error" : "invalid_request_error");
  return {
    status,
    body: { error: { type, message, ...(extra.param ? { param: extra.param } : {}), ...(extra.code ? { code: extra.code } : {}) } },
  };
}

export const missing = (param: string) => stripeError(400, `Missing required param: ${param}.`, { param, code: "parameter_missing" });

export const noSuch = (what: string, id: string, param = "id") =>
  stripeError(404, `No such ${what}: '${id}'`, { param, code: "resource_missing" });

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Parses `application/x-www-form-urlencoded` text as stripe-node writes it (qs with indices):
 * `line_items[0][price_data][currency]=usd&metadata[paymentId]=7`. Objects keyed 0..n become arrays.
 */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = rawKey.split(/\]\[|\[|\]/).filter((part, i) => part !== "" || i === 0);
    let node: Params = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] = typeof node[part] === "object" ? node[part] : {}) as Params;
    });
  }
  return arraysOf(root) as Params;
}

function arraysOf(value: Param): Param {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((k) => [k, arraysOf(value[k]!)]));
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return keys.map((k) => converted[k]!);
  return converted;
}

/** Field readers that answer Stripe's own messages for a bad value. */
export const field = {
  text(params: Params, name: string): string | undefined {
    const value = params[name];
    return typeof value === "string" ? value : undefined;
  },
  int(params: Params, name: string): number | undefined | Reply {
    const value = params[name];
    if (value === undefined) return undefined;
    if (typeof value !== "string" || !/^-?\d+$/.test(value)) return stripeError(400, `Invalid integer: ${String(value)}`, { param: name });
    return Number(value);
  },
  object(params: Params, name: string): Params | undefined {
    const value = params[name];
    return value && typeof value === "object" && !Array.isArray(value) ? value : undefined;
  },
  list(params: Params, name: string): Params[] {
    const value = params[name];
    return Array.isArray(value) ? (value.filter((v) => typeof v === "object" && !Array.isArray(v)) as Params[]) : [];
  },
  metadata(params: Params): Record<string, string> {
    const value = params.metadata;
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""));
  },
};

export const isReply = (value: unknown): value is Reply =>
  typeof value === "object" && value !== null && "status" in value && "body" in value;

export function sendJson(res: ServerResponse, reply: Reply, headers: Record<string, string> = {}): void {
  res
    .writeHead(reply.status, { "content-type": "application/json", "request-id": newId("req"), ...headers })
    .end(JSON.stringify(reply.body));
}

export function sendHtml(res: ServerResponse, status: number, title: string, body: string): number {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(page);
  return status;
}

export function redirect(res: ServerResponse, location: string): number {
  res.writeHead(303, { location }).end();
  return 303;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A list answer as Stripe pages it (`starting_after` an id, `limit` up to 100). */
export function listOf<T extends { id: string }>(items: T[], params: Params, url: string): Reply {
  const limit = Math.min(100, Math.max(1, Number(field.text(params, "limit") ?? 10)));
  const after = field.text(params, "starting_after");
  const from = after ? items.findIndex((item) => item.id === after) + 1 : 0;
  const data = items.slice(from, from + limit);
  return ok({ object: "list", data, has_more: from + limit < items.length, url });
}
