/** What both HTTP adapters (REST in rest.ts, tRPC in trpc-handler.ts) do around every request. */
import { randomUUID } from "node:crypto";
import { log } from "../shared/logger";

/** Every request carries an id (the caller's when it looks like one) that logs and the response share. */
export function withRequestId(request: Request): Request {
  const given = request.headers.get("x-request-id");
  const headers = new Headers(request.headers);
  headers.set("x-request-id", given && /^[\w.-]{8,100}$/.test(given) ? given : randomUUID());
  return new Request(request, { headers });
}

/** One structured line per API request, tied to its request id; never bodies, cookies or tokens. */
export function accessLog(request: Request, response: Response, started: number): void {
  const url = new URL(request.url);
  log(response.status >= 500 ? "error" : "info", "request", {
    requestId: response.headers.get("x-request-id") ?? undefined,
    method: request.method,
    path: url.pathname,
    status: response.status,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
  });
}

/** Serves a request tagged with its id, answers with that id and writes the access log line. */
export async function withRequestLog(request: Request, serve: (tagged: Request) => Promise<Response>): Promise<Response> {
  const started = performance.now();
  const tagged = withRequestId(request);
  const served = await serve(tagged);
  const response = new Response(served.body, served);
  response.headers.set("x-request-id", tagged.headers.get("x-request-id")!);
  accessLog(request, response, started);
  return response;
}
