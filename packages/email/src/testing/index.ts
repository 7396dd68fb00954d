/**
 * Test helpers: a loopback fake of Resend's HTTP API, and a reader for the local mail folder.
 * Point the code under test at the fake with RESEND_BASE_URL=fake.baseUrl, RESEND_API_KEY=fake.apiKey.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { dataDir } from "@coach/db";
import type { MailFile } from "../transport";

/** The body of POST /emails as Resend documents it (the fields this product uses). */
export interface ResendEmailBody {
  from: string;
  to: string | string[];
  subject: string;
  html?: string;
  text?: string;
  reply_to?: string | string[];
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string; content_type?: string }[];
  [field: string]: unknown;
}

export interface FakeResendRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  status: number;
}

export interface FakeResend {
  baseUrl: string;
  apiKey: string;
  /** Bodies of accepted emails, in order (a replay with a known Idempotency-Key is not added). */
  received: ResendEmailBody[];
  /** Every request with the status it got, for asserting retries and headers. */
  requests: FakeResendRequest[];
  /** Answers the next n authorised POST /emails with this status (default 500) instead of accepting them. */
  failNext(n: number, status?: number): void;
  close(): Promise<void>;
}

const ERROR_NAMES: Record<number, string> = {
  400: "validation_error",
  401: "missing_api_key",
  403: "invalid_api_key",
  404: "not_found",
  405: "method_not_allowed",
  422: "validation_error",
  429: "rate_limit_exceeded",
  500: "application_error",
};

/** Starts the fake on 127.0.0.1 with a random port. Error bodies use Resend's shape {statusCode, name, message}. */
export async function startFakeResend(options: { apiKey?: string } = {}): Promise<FakeResend> {
  const apiKey = options.apiKey ?? `re_test_${randomBytes(12).toString("hex")}`;
  const received: ResendEmailBody[] = [];
  const requests: FakeResendRequest[] = [];
  const failures: number[] = [];
  const idempotent = new Map<string, string>();

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) =>
      answer(res, 500, { statusCode: 500, name: "application_error", message: String(error) }),
    );
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const url = new URL(req.url ?? "/", "http://fake");
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      // Recorded raw; answered below.
    }
    const reply = (status: number, payload: unknown) => {
      requests.push({ method: req.method ?? "", path: url.pathname, headers: req.headers, body, status });
      answer(res, status, payload);
    };
    const error = (status: number, message: string, name = ERROR_NAMES[status] ?? "application_error") =>
      reply(status, { statusCode: status, name, message });

    if (url.pathname !== "/emails") return error(404, "The requested endpoint does not exist.");
    if (req.method !== "POST") return error(405, "Method not allowed.");

    // Resend: no key is 401 missing_api_key, a wrong key is 403 invalid_api_key.
    const auth = req.headers.authorization ?? "";
    if (!auth.startsWith("Bearer ") || auth.length <= "Bearer ".length) return error(401, "Missing API key in the authorization header.");
    if (auth !== `Bearer ${apiKey}`) return error(403, "API key is invalid.");

    const failure = failures.shift();
    if (failure !== undefined) return error(failure, `Fake failure (${failure}).`);

    if (typeof body !== "object" || body === null || Array.isArray(body)) return error(400, "Invalid JSON body.");
    const problem = validate(body as Record<string, unknown>);
    if (problem) return error(422, problem.message, problem.name);

    const key = req.headers["idempotency-key"];
    const known = typeof key === "string" ? idempotent.get(key) : undefined;
    if (known) return reply(200, { id: known }); // same key: same answer, no second email

    const id = randomUUID();
    if (typeof key === "string") idempotent.set(key, id);
    received.push(body as ResendEmailBody);
    return reply(200, { id });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    received,
    requests,
    failNext(n, status = 500) {
      for (let i = 0; i < n; i++) failures.push(status);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // fetch keeps connections alive; close them so close() returns promptly.
        server.closeAllConnections();
      }),
  };
}

function validate(body: Record<string, unknown>): { name: string; message: string } | undefined {
  for (const field of ["from", "to", "subject"]) {
    const value = body[field];
    const empty = value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
    if (empty) return { name: "missing_required_field", message: `Missing \`${field}\` field.` };
  }
  const to = Array.isArray(body.to) ? body.to : [body.to];
  if (to.length > 50) return { name: "validation_error", message: "Too many recipients: `to` accepts at most 50." };
  if (!to.every((address) => typeof address === "string" && address.includes("@"))) {
    return { name: "validation_error", message: "Invalid `to` field. The email address needs to follow the `email@example.com` format." };
  }
  if (typeof body.html !== "string" && typeof body.text !== "string") {
    return { name: "validation_error", message: "Missing `html` or `text` field." };
  }
  if (body.headers !== undefined && (typeof body.headers !== "object" || body.headers === null || Array.isArray(body.headers))) {
    return { name: "validation_error", message: "The `headers` field must be an object." };
  }
  if (body.attachments !== undefined) {
    if (!Array.isArray(body.attachments)) return { name: "validation_error", message: "The `attachments` field must be an array." };
    for (const item of body.attachments as Record<string, unknown>[]) {
      if (typeof item?.filename !== "string" || !item.filename)
        return { name: "validation_error", message: "Attachment is missing `filename`." };
      if (typeof item.content !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(item.content)) {
        return { name: "validation_error", message: "Attachment `content` must be a base64 string." };
      }
    }
  }
  return undefined;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function answer(res: ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(payload));
}

export type OutboxMail = MailFile & { file: string };

/**
 * The mails written to `<dir>/mail/` while RESEND_API_KEY is unset, oldest first.
 * `dir` is the DATA_DIR (default: the same one the app uses).
 */
export function readOutbox(dir: string = dataDir()): OutboxMail[] {
  const folder = path.join(dir, "mail");
  if (!existsSync(folder)) return [];
  return (
    readdirSync(folder)
      .filter((name) => name.endsWith(".json"))
      // Names start with the ISO time; numeric compare orders the id suffix within one millisecond.
      .sort((a, b) => a.localeCompare(b, "en", { numeric: true }))
      .map((name) => {
        const file = path.join(folder, name);
        return { ...(JSON.parse(readFileSync(file, "utf8")) as MailFile), file };
      })
  );
}
