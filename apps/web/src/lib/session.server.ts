import "server-only";

import { serverCaller } from "~/trpc/server";

/** The visitor's account as `auth.me` answers it, read once per request for the header and the app areas. */
export async function getSessionUser() {
  try {
    return (await (await serverCaller()).auth.me()).user;
  } catch {
    // An unreachable database must not take the page down: the visitor is shown as signed out.
    return null;
  }
}
