import { TRPCError } from "@trpc/server";
import { CROSS_SITE_MESSAGE, createCaller, createContext, isCrossSiteRequest } from "@coach/api";
import { loginSchema } from "@coach/validators/auth";
import { RETURN_PARAM, safeReturnPath } from "~/lib/return-path";
import { signInFlashCookie } from "~/lib/sign-in-flash";

/**
 * POST /auth/sign-in: the sign-in form when the page's scripts have not run (a slow connection,
 * scripts off). The browser posts the form here; it goes through the same `auth.login` procedure as
 * the tRPC call (limits, identical answers for unknown users and wrong passwords), sets the same
 * cookies, and sends the visitor where they were going, or back to the form with the message and
 * the name they typed (never the password). With scripts running, the form calls tRPC itself.
 */
export const dynamic = "force-dynamic";

const MAX_FIELD = 256;

export async function POST(request: Request) {
  if (isCrossSiteRequest(request)) return new Response(CROSS_SITE_MESSAGE, { status: 403, headers: { "cache-control": "no-store" } });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return new Response("Send the sign-in form as a form.", { status: 400, headers: { "cache-control": "no-store" } });
  }
  const field = (name: string) => String(form.get(name) ?? "").slice(0, MAX_FIELD);
  const username = field("username");
  const next = safeReturnPath(field(RETURN_PARAM));
  const headers = new Headers({ "cache-control": "no-store" });
  // Back to the form. What was typed stays out of the address (it would sit in histories and logs):
  // the message and the name travel in a one-minute cookie only the sign-in page reads.
  const backWith = (message: string) => {
    headers.append("set-cookie", signInFlashCookie({ error: message, username }));
    headers.set("location", next === "/" ? "/auth" : `/auth?${new URLSearchParams({ [RETURN_PARAM]: next })}`);
    return new Response(null, { status: 303, headers });
  };
  const input = loginSchema.safeParse({ username, password: field("password") });
  if (!input.success) return backWith(input.error.issues[0]?.message ?? "Please check your username and password.");
  const ctx = await createContext({ headers: request.headers });
  try {
    await createCaller(ctx).auth.login(input.data);
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return backWith(error.code === "INTERNAL_SERVER_ERROR" ? "Sign-in failed. Please try again." : error.message);
  }
  for (const cookie of ctx.resHeaders.getSetCookie()) headers.append("set-cookie", cookie);
  headers.append("set-cookie", signInFlashCookie(null));
  headers.set("location", next);
  return new Response(null, { status: 303, headers });
}
