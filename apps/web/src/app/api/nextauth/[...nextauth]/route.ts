import NextAuth from "next-auth";
import { createCaller, createContext, CROSS_SITE_MESSAGE, isCrossSiteRequest, log } from "@coach/api";
import { findUserByUsername } from "@coach/auth";
import { provideNextAuthUrl } from "@coach/config";
import { createAuthOptions } from "@coach/auth/next-auth";
import { getDb } from "@coach/db";

/**
 * next-auth's own endpoints (session, csrf, credentials sign-in, sign-out) under /api/nextauth, so they
 * never shadow the spec's REST paths under /api/auth. Sign-in goes through the same `auth.login`
 * procedure as REST and tRPC (rate limits, identical answers for unknown users and wrong passwords).
 */
export const dynamic = "force-dynamic";

type Handler = (request: Request, context: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;
let handler: Handler | undefined;

/** Built on the first request, not at import: the build has no AUTH_SECRET and needs none. */
function nextAuthHandler(): Handler {
  provideNextAuthUrl("/api/nextauth");
  return (handler ??= (
    NextAuth(
      createAuthOptions({
        getDb,
        async authorize(credentials, headers) {
          const caller = createCaller(await createContext({ headers }));
          try {
            await caller.auth.login(credentials);
          } catch {
            return null;
          }
          const user = await findUserByUsername(await getDb(), credentials.username);
          return user ? { id: user.id, username: user.username, email: user.email, sessionVersion: user.sessionVersion } : null;
        },
        logger: (level, code, metadata) => {
          if (level !== "debug") log(level, `next-auth ${code}`, metadata instanceof Error ? { error: metadata.message } : {});
        },
      }),
    ) as Handler)
  );
}

/** State-changing requests from another site are refused here too (Origin / Sec-Fetch-Site). */
async function guarded(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  if (isCrossSiteRequest(request)) {
    return Response.json({ message: CROSS_SITE_MESSAGE }, { status: 403 });
  }
  return nextAuthHandler()(request, context);
}

export { guarded as GET, guarded as POST };
