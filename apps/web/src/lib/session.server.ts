import "server-only";

import { unstable_rethrow } from "next/navigation";
import { log } from "@coach/api";
import { serverCaller } from "~/trpc/caller";

/** The visitor's account as `auth.me` answers it, read once per request for the header and the app areas. */
export async function getSessionUser() {
  try {
    return (await (await serverCaller()).auth.me()).user;
  } catch (error) {
    // Next.js's own signals (dynamic rendering, redirects) must pass through.
    unstable_rethrow(error);
    // An unreachable database must not take the page down: the visitor is shown as signed out.
    log("warn", "session unavailable while rendering", { error });
    return null;
  }
}
