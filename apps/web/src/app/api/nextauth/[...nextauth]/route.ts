import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { createCaller, createContext, guardNextAuthRequest, log } from "@coach/api";
import { findUserBySignInName } from "@coach/auth";
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
  return (handler ??= NextAuth(
    createAuthOptions({
      getDb,
      async authorize(credentials, headers) {
        const caller = createCaller(await createContext({ headers }));
        try {
          await caller.auth.login(credentials);
        } catch {
          return null;
        }
        const user = await findUserBySignInName(await getDb(), credentials.username);
        return user ? { id: user.id, username: user.username, email: user.email, sessionVersion: user.sessionVersion } : null;
      },
      logger: (level, code, metadata) => {
        if (level !== "debug") log(level, `next-auth ${code}`, metadata instanceof Error ? { error: metadata.message } : {});
      },
    }),
  ) as Handler);
}

/**
 * Another site's POSTs are refused here too (Origin / Sec-Fetch-Site), and bodies are read under a
 * small cap and checked before next-auth parses them (a broken one is a 400, not a 500).
 */
async function guarded(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  const checked = await guardNextAuthRequest(request);
  if (checked instanceof Response) return checked;
  // next-auth reads `nextUrl`, which only a NextRequest has.
  return nextAuthHandler()(new NextRequest(checked), context);
}

export { guarded as GET, guarded as POST };
