/** Answering as Google's endpoints do: JSON bodies and the Calendar API's error envelope. */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** An opaque id, token or code. */
export const id = (bytes = 12) => randomBytes(bytes).toString("hex");

/** Sends `body` as JSON (nothing when undefined); returns the status for the request log. */
export function send(res: ServerResponse, status: number, body?: unknown): number {
  if (body === undefined) {
    res.writeHead(status).end();
  } else {
    res.writeHead(status, { "content-type": "application/json; charset=UTF-8" }).end(JSON.stringify(body));
  }
  return status;
}

export function apiError(res: ServerResponse, status: number, message: string, reason: string): number {
  const statusName: Record<number, string> = { 400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 404: "NOT_FOUND", 410: "NOT_FOUND" };
  return send(res, status, {
    error: { code: status, message, errors: [{ message, domain: "global", reason }], status: statusName[status] ?? "UNKNOWN" },
  });
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A JSON request body, `{}` when empty. */
export async function readJson<T>(req: IncomingMessage): Promise<T> {
  return JSON.parse((await readBody(req)) || "{}") as T;
}

/** One endpoint group: answers the request and returns its status, or undefined when it is not theirs. */
export type Endpoint<S> = (state: S, req: IncomingMessage, res: ServerResponse, url: URL, method: string) => Promise<number | undefined>;
