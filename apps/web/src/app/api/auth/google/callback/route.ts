import { TRPCError } from "@trpc/server";
import { createCaller, createContext, log } from "@coach/api";
import { appUrl } from "@coach/config";
import { googleCallbackSchema } from "@coach/validators/calendar";

export const dynamic = "force-dynamic";

/**
 * Google's OAuth redirect target. The signed-in admin's session, the signed single-use `state`
 * and Google's code go to the settings procedure, which stores the encrypted tokens; the coach is
 * then sent back to Admin Settings with the outcome, at APP_URL: the request's own URL is the
 * address the server listens on (http://localhost:<port> behind a proxy), not the site's.
 */
export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const site = (path: string) => new URL(path, appUrl());
  const back = (params: Record<string, string>) => {
    const target = site("/settings");
    target.searchParams.set("tab", "calendar");
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
    return Response.redirect(target, 303);
  };
  const parsed = googleCallbackSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return back({ google: "error", message: "Google sent back an unexpected answer. Please try again." });

  const caller = createCaller(await createContext({ headers: request.headers }));
  try {
    const result = await caller.settings.completeGoogleAuthorization(parsed.data);
    return result.connected ? back({ google: "connected" }) : back({ google: "error", message: result.message ?? "Not connected." });
  } catch (error) {
    if (error instanceof TRPCError && error.code === "UNAUTHORIZED") return Response.redirect(site("/auth"), 303);
    if (error instanceof TRPCError && error.code === "FORBIDDEN") return Response.redirect(site("/"), 303);
    if (error instanceof TRPCError && error.code === "BAD_REQUEST") return back({ google: "error", message: error.message });
    log("error", "google callback failed", { error });
    return back({ google: "error", message: "Something went wrong while connecting Google Calendar. Please try again." });
  }
}
