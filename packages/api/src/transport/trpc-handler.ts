import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { Database } from "@coach/db";
import { createContext } from "./context";
import { CROSS_SITE_MESSAGE, isCrossSiteRequest } from "./csrf";
import { appRouter } from "../root";
import { withRequestLog } from "./http";

/** The tRPC endpoint at /api/trpc for the site's own client. */
export async function handleTrpcRequest(request: Request, options: { db?: Database } = {}): Promise<Response> {
  return withRequestLog(request, (tagged) => serveTrpc(tagged, options));
}

async function serveTrpc(request: Request, options: { db?: Database }): Promise<Response> {
  if (isCrossSiteRequest(request)) {
    return new Response(JSON.stringify({ error: { message: CROSS_SITE_MESSAGE, code: "FORBIDDEN" } }), {
      status: 403,
      headers: { "content-type": "application/json" },
    });
  }
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    createContext: ({ resHeaders }) => createContext({ headers: request.headers, resHeaders, db: options.db }),
  });
}
