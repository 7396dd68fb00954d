import { createOpenApiFetchHandler } from "trpc-to-openapi";
import type { Database } from "@coach/db";
import { createContext } from "../trpc/context";
import { CROSS_SITE_MESSAGE, isCrossSiteRequest } from "./csrf";
import { log } from "../shared/logger";
import { withRequestLog } from "./request-log";
import { assertShallow, readCappedBytes, readCappedText, RequestLimitError } from "./limits";
import { CREATED_OPERATIONS, UPLOAD_OPERATION } from "./spec-operations";
import { IMAGE_MAX_BYTES } from "@coach/validators/blog";
import { IMAGE_TOO_LARGE } from "../blog/images";
import { appRouter } from "../root";
import { refuseUploadBeforeBody } from "./upload-gate";

export { openApiDocument } from "./openapi";

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function json(status: number, body: unknown, headers?: HeadersInit): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

/**
 * The spec's client sends some state-changing calls with no body and no Content-Type
 * (logout, start, complete, disconnect). Treat an empty body as `{}` so they reach the procedure.
 */
async function withJsonBody(request: Request): Promise<Request | Response> {
  if (!BODY_METHODS.has(request.method)) return request;
  let text: string;
  try {
    text = await readCappedText(request);
    assertShallow(text);
  } catch (error) {
    if (error instanceof RequestLimitError)
      return json(error.status, { code: error.code, message: error.message }, { "cache-control": "no-store" });
    throw error;
  }
  const type = request.headers.get("content-type");
  const headers = new Headers(request.headers);
  if (text.trim() === "") {
    headers.set("content-type", "application/json");
    return new Request(request.url, { method: request.method, headers, body: "{}" });
  }
  if (!type?.toLowerCase().startsWith("application/json")) {
    return json(415, { code: "UNSUPPORTED_MEDIA_TYPE", message: "Send the request body as JSON (Content-Type: application/json)." });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return json(400, { code: "PARSE_ERROR", message: "The request body is not valid JSON." });
  }
  if (request.method === "DELETE") {
    // The adapter reads a DELETE's input from the query string only. A DELETE that needs a secret
    // (DELETE /user/account takes the password) sends it as a body instead, which must never be put
    // in a URL that proxies log; it is handed over here, inside the process.
    const url = new URL(request.url);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      for (const [key, value] of Object.entries(parsed)) {
        if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") url.searchParams.set(key, String(value));
      }
    }
    headers.delete("content-length");
    return new Request(url, { method: request.method, headers });
  }
  return new Request(request.url, { method: request.method, headers, body: text });
}

/** The image and what multipart wraps around it (boundaries, part headers, the file name). */
const UPLOAD_BODY_MAX = IMAGE_MAX_BYTES + 64 * 1024;
export const UPLOAD_FORM_MESSAGE = `Send the image as multipart/form-data, in the field "${UPLOAD_OPERATION.field}".`;

/**
 * POST /api/admin/uploads: the multipart form's file becomes the upload procedure's input (its
 * bytes base64-encoded, as the editor sends them over tRPC), so the same procedure checks the
 * session, the role and the content. An empty body or a form without the file reaches the
 * procedure as `{}`: a visitor hears 401 and the coach "Choose an image to upload".
 */
async function withUploadBody(request: Request): Promise<Request | Response> {
  let bytes: Buffer;
  try {
    bytes = await readCappedBytes(request, UPLOAD_BODY_MAX, IMAGE_TOO_LARGE);
  } catch (error) {
    if (error instanceof RequestLimitError)
      return json(error.status, { code: error.code, message: error.message }, { "cache-control": "no-store" });
    throw error;
  }
  const type = request.headers.get("content-type") ?? "";
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  const forward = (input: unknown) => new Request(request.url, { method: request.method, headers, body: JSON.stringify(input) });
  if (bytes.byteLength === 0) return forward({});
  if (!type.toLowerCase().startsWith("multipart/form-data"))
    return json(415, { code: "UNSUPPORTED_MEDIA_TYPE", message: UPLOAD_FORM_MESSAGE }, { "cache-control": "no-store" });
  let file: FormDataEntryValue | null;
  try {
    file = (await new Response(new Uint8Array(bytes), { headers: { "content-type": type } }).formData()).get(UPLOAD_OPERATION.field);
  } catch {
    return json(400, { code: "BAD_REQUEST", message: `The multipart form could not be read. ${UPLOAD_FORM_MESSAGE}` });
  }
  if (typeof file === "string" || file === null) return forward({});
  if (file.size > IMAGE_MAX_BYTES)
    return json(413, { code: "PAYLOAD_TOO_LARGE", message: IMAGE_TOO_LARGE }, { "cache-control": "no-store" });
  return forward({ fileName: file.name.slice(0, 255), dataBase64: Buffer.from(await file.arrayBuffer()).toString("base64") });
}

/** "METHOD /path" of a request under /api, as spec-operations.ts names operations. */
function operationOf(request: Request): string {
  const path = new URL(request.url).pathname.replace(/^\/api/, "").replace(/\/+$/, "");
  return `${request.method} ${path}`;
}

/** Serves the spec's /api/* paths from the same procedures as tRPC. */
export async function handleRestRequest(request: Request, options: { db?: Database } = {}): Promise<Response> {
  return withRequestLog(request, (tagged) => serveRest(tagged, options));
}

/**
 * A paid booking held for Checkout answers 201 with its checkoutUrl (issue 31); a plain booking keeps
 * the spec's 200, which existing clients read.
 */
function isHeld(operation: string, data: unknown): boolean {
  const [answer] = Array.isArray(data) ? (data as unknown[]) : [];
  return operation === "POST /appointments" && typeof (answer as { checkoutUrl?: unknown } | undefined)?.checkoutUrl === "string";
}

/** Query fields that carry a secret: a URL lands in proxy, browser and server logs, a body does not. */
const SECRET_QUERY_FIELDS = /^(password|confirmPassword|currentPassword|newPassword)$/i;
export const SECRET_IN_URL_MESSAGE = "Send the password in the request body (JSON), never in the URL.";

async function serveRest(request: Request, options: { db?: Database }): Promise<Response> {
  if (isCrossSiteRequest(request)) return json(403, { code: "FORBIDDEN", message: CROSS_SITE_MESSAGE });
  if ([...new URL(request.url).searchParams.keys()].some((key) => SECRET_QUERY_FIELDS.test(key)))
    return json(400, { code: "BAD_REQUEST", message: SECRET_IN_URL_MESSAGE }, { "cache-control": "no-store" });
  const operation = operationOf(request);
  const isUpload = operation === `${UPLOAD_OPERATION.method} ${UPLOAD_OPERATION.path}`;
  if (isUpload) {
    const refusal = await refuseUploadBeforeBody(request.headers, options.db);
    if (refusal) return json(refusal.status, { code: refusal.code, message: refusal.message }, { "cache-control": "no-store" });
  }
  const prepared = isUpload ? await withUploadBody(request) : await withJsonBody(request);
  if (prepared instanceof Response) return prepared;
  const resHeaders = new Headers();
  let requestId = request.headers.get("x-request-id") ?? "";
  const response = await createOpenApiFetchHandler({
    endpoint: "/api",
    router: appRouter,
    req: prepared,
    responseMeta: ({ errors, data }) =>
      errors.length === 0 && (CREATED_OPERATIONS.has(operation) || isHeld(operation, data)) ? { status: 201 } : {},
    createContext: async () => {
      const ctx = await createContext({ headers: request.headers, resHeaders, db: options.db });
      requestId = ctx.requestId;
      return ctx;
    },
  });
  const headers = new Headers(response.headers);
  resHeaders.forEach((value, key) => {
    if (key.toLowerCase() === "set-cookie") return;
    headers.set(key, value);
  });
  for (const cookie of resHeaders.getSetCookie()) headers.append("set-cookie", cookie);
  if (requestId) headers.set("x-request-id", requestId);
  headers.set("cache-control", headers.get("cache-control") ?? "no-store");
  if (response.status < 400) return new Response(response.body, { status: response.status, headers });

  // Errors: give a message a person can act on (field messages instead of "Input validation failed"), never a stack.
  const body = (await response.json().catch(() => ({}))) as {
    message?: string;
    code?: string;
    issues?: Array<{ message: string; path?: Array<string | number> }>;
  };
  const issues = body.issues ?? [];
  const message = issues.length > 0 ? [...new Set(issues.map((i) => i.message))].join(". ") : (body.message ?? "Request failed");
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) (fieldErrors[(issue.path ?? []).join(".") || "_"] ??= []).push(issue.message);
  if (response.status >= 500) log("warn", "rest error", { requestId, status: response.status, path: new URL(request.url).pathname });
  return json(
    response.status,
    { message, code: body.code, ...(issues.length > 0 ? { fieldErrors } : {}) },
    Object.fromEntries([...headers].filter(([k]) => k !== "content-length" && k !== "set-cookie")),
  );
}
