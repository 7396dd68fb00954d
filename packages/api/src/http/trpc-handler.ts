import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { Database } from "@coach/db";
import { createContext } from "../trpc/context";
import { CROSS_SITE_MESSAGE, isCrossSiteRequest } from "./csrf";
import { appRouter } from "../root";
import { refuseUploadBeforeBody } from "./upload-gate";
import { withRequestLog } from "./request-log";
import { IMAGE_MAX_BYTES } from "@coach/validators/blog";
import { assertBatchSize, assertShallow, MAX_BODY_BYTES, readCappedText, RequestLimitError } from "./limits";

const ENDPOINT = "/api/trpc";
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** The editor's image upload sends up to 5 MB base64-encoded (4/3 as large): its call alone may pass the usual cap. */
const UPLOAD_PROCEDURE = "admin.blog.uploadImage";
const UPLOAD_BODY_MAX = Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

function bodyCap(url: URL): number {
  const calls = url.pathname.slice(ENDPOINT.length + 1).split(",");
  return calls.every((call) => call === UPLOAD_PROCEDURE) ? UPLOAD_BODY_MAX : MAX_BODY_BYTES;
}

/** The tRPC endpoint at /api/trpc for the site's own client. */
export async function handleTrpcRequest(request: Request, options: { db?: Database } = {}): Promise<Response> {
  return withRequestLog(request, (tagged) => serveTrpc(tagged, options));
}

/** An error in tRPC's own shape (superjson-wrapped), so the client reads its message. */
function trpcError(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ error: { json: { message, code: -32600, data: { code, httpStatus: status } } } }), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
}

/** The request with its body read under the caps, or the refusal. Nothing is parsed before this. */
async function withinLimits(request: Request): Promise<Request | Response> {
  try {
    const url = new URL(request.url);
    assertBatchSize(url, ENDPOINT);
    assertShallow(url.searchParams.get("input"));
    if (!BODY_METHODS.has(request.method)) return request;
    const body = await readCappedText(request, bodyCap(url));
    assertShallow(body);
    return new Request(request.url, { method: request.method, headers: request.headers, body });
  } catch (error) {
    if (error instanceof RequestLimitError) return trpcError(error.status, error.code, error.message);
    throw error;
  }
}

/**
 * Only the site's own pages call tRPC. A GET another site starts (a link, an image) would run a query
 * with the visitor's cookie, which SameSite=Lax sends on a top-level link, and a query may write: the
 * client record audits each read of private notes. Browsers name such a request's origin in
 * Sec-Fetch-Site; a request without it (a script, a server) carries no victim's cookie.
 */
const crossSiteQuery = (request: Request) => {
  const site = request.headers.get("sec-fetch-site");
  return request.method === "GET" && site !== null && site !== "same-origin" && site !== "none";
};

async function serveTrpc(request: Request, options: { db?: Database }): Promise<Response> {
  if (isCrossSiteRequest(request) || crossSiteQuery(request)) return trpcError(403, "FORBIDDEN", CROSS_SITE_MESSAGE);
  if (BODY_METHODS.has(request.method) && bodyCap(new URL(request.url)) === UPLOAD_BODY_MAX) {
    const refusal = await refuseUploadBeforeBody(request.headers, options.db);
    if (refusal) return trpcError(refusal.status, refusal.code, refusal.message);
  }
  const prepared = await withinLimits(request);
  if (prepared instanceof Response) return prepared;
  return fetchRequestHandler({
    endpoint: ENDPOINT,
    req: prepared,
    router: appRouter,
    createContext: ({ resHeaders }) => createContext({ headers: request.headers, resHeaders, db: options.db }),
    // Answers carry personal data (auth.me, admin lists): no shared or browser cache keeps them.
    // A procedure that is explicitly public and cacheable sets its own Cache-Control on ctx.resHeaders.
    responseMeta: ({ ctx }) => (ctx?.resHeaders.has("cache-control") ? {} : { headers: { "cache-control": "no-store" } }),
  });
}
