import "server-only";

import type { ReactElement } from "react";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { TRPCError, type inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@coach/api";
import { DatabaseIssue } from "~/components/database-issue";
import { serverCaller } from "~/trpc/caller";
import { signInHref } from "~/lib/return-path";
import { REQUEST_PATH_HEADER } from "~/lib/request-path";

export type PageUser = NonNullable<inferRouterOutputs<AppRouter>["auth"]["me"]["user"]>;

/**
 * What a guarded page renders: the signed-in user, or (instead of the page) the database-outage
 * panel or the page's own signed-out view.
 */
export type PageAccess = { user: PageUser; blocked?: undefined } | { user?: undefined; blocked: ReactElement };

interface GuardOptions {
  /** What a signed-out visitor sees instead of the page; without it they are sent to /auth. */
  signedOut?: () => ReactElement;
  /** An extra line under the outage message (the admin page suggests technical support, spec section 8). */
  outageHint?: string;
}

/**
 * The one page guard of the signed-in areas. Its behaviour on a database outage is the same on every
 * page: the spec's "Database Connection Issue" panel is rendered in place of the page (never a
 * redirect, never "signed out"), so a visitor is not sent to sign in while the database is the problem.
 */
export async function requireUser(options: GuardOptions = {}): Promise<PageAccess> {
  let user: PageUser | null;
  try {
    user = (await (await serverCaller()).auth.me()).user;
  } catch (error) {
    if (error instanceof TRPCError && error.code === "SERVICE_UNAVAILABLE") {
      return {
        blocked: (
          <div className="px-6 py-16">
            <DatabaseIssue extra={options.outageHint} />
          </div>
        ),
      };
    }
    throw error;
  }
  if (user) return { user };
  if (options.signedOut) return { blocked: options.signedOut() };
  // Back to this page after signing in (the path is the one src/proxy.ts wrote, never the client's).
  redirect(signInHref((await headers()).get(REQUEST_PATH_HEADER) ?? "/"));
}

/** requireUser, and everyone but the coach (admin) goes home. */
export async function requireAdmin(options: Omit<GuardOptions, "signedOut"> = {}): Promise<PageAccess> {
  const access = await requireUser(options);
  if (access.user && access.user.role !== "admin") redirect("/");
  return access;
}
