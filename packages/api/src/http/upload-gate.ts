import { getDb, type Database } from "@coach/db";
import { resolveSessionUser } from "@coach/auth";
import { ADMIN_ONLY_MESSAGE, SIGN_IN_MESSAGE } from "../trpc/init";

export interface Refusal {
  status: 401 | 403;
  code: "UNAUTHORIZED" | "FORBIDDEN";
  message: string;
}

/**
 * The image upload is the one call whose body may be megabytes (5 MB, 6.7 MB as base64 over tRPC).
 * Its procedure checks the session and the role, but only after the adapter has read the body, so a
 * visitor could make the server buffer megabytes per request. The session is checked here first,
 * from the headers alone; the procedure checks again. A failed lookup (database away) refuses
 * nothing here: the procedure answers it as it answers any call.
 */
export async function refuseUploadBeforeBody(headers: Headers, db?: Database): Promise<Refusal | null> {
  let user;
  try {
    user = await resolveSessionUser(db ?? (await getDb()), headers);
  } catch {
    return null;
  }
  if (!user) return { status: 401, code: "UNAUTHORIZED", message: SIGN_IN_MESSAGE };
  if (user.role !== "admin") return { status: 403, code: "FORBIDDEN", message: ADMIN_ONLY_MESSAGE };
  return null;
}
