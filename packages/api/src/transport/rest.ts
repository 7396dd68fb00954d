import { createOpenApiFetchHandler } from "trpc-to-openapi";
import type { Database } from "@coach/db";
import { createContext } from "./context";
import { CROSS_SITE_MESSAGE, isCrossSiteRequest } from "./csrf";
import { log } from "../shared/logger";
import { withRequestLog } from "./http";
import { assertShallow, readCappedText, RequestLimitError } from "./limits";
import { appRouter } from "../root";

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
  try {
    JSON.parse(text);
  } catch {
    return json(400, { code: "PARSE_ERROR", message: "The request body is not valid JSON." });
  }
  return new Request(request.url, { method: request.method, headers, body: text });
}

/** Serves the spec's /api/* paths from the same procedures as tRPC. */
export async function handleRestRequest(request: Request, options: { db?: Database } = {}): Promise<Response> {
  return withRequestLog(request, (tagged) => serveRest(tagged, options));
}

async function serveRest(request: Request, options: { db?: Database }): Promise<Response> {
  if (isCrossSiteRequest(request)) return json(403, { code: "FORBIDDEN", message: CROSS_SITE_MESSAGE });
  const prepared = await withJsonBody(request);
  if (prepared instanceof Response) return prepared;
  const resHeaders = new Headers();
  let requestId = request.headers.get("x-request-id") ?? "";
  const response = await createOpenApiFetchHandler({
    endpoint: "/api",
    router: appRouter,
    req: prepared,
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
