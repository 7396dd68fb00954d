import { TRPCError } from "@trpc/server";
import { createCaller, createContext, log } from "@coach/api";

export const dynamic = "force-dynamic";

/**
 * The List-Unsubscribe address of every newsletter (RFC 8058). Mail providers POST to it
 * ("List-Unsubscribe=One-Click") and the subscriber is out at once; the token is the authority,
 * so no cookie or origin is involved. Opening it in a browser (GET) changes nothing: it leads to
 * the unsubscribe page, which asks for a click.
 */
export async function POST(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    const caller = createCaller(await createContext({ headers: request.headers }));
    await caller.newsletter.unsubscribe({ token });
    return new Response("You have been unsubscribed.", { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
  } catch (error) {
    if (error instanceof TRPCError && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST")) {
      return new Response(error.message, {
        status: error.code === "NOT_FOUND" ? 404 : 400,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
    }
    log("error", "one-click unsubscribe failed", { error });
    return new Response("Something went wrong. Please try again later.", {
      status: 503,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
}

export function GET(request: Request) {
  const url = new URL(request.url);
  const target = new URL("/newsletter/unsubscribe", url);
  const token = url.searchParams.get("token");
  if (token) target.searchParams.set("token", token);
  return new Response(null, { status: 303, headers: { location: `${target.pathname}${target.search}` } });
}
