/**
 * Test helpers: callers bound to a test database, as a visitor or as a signed-in user.
 * They go through the real context (session cookie, database checks), not around it.
 */
import { encodeSessionToken, hashPassword, sessionCookieName } from "@coach/auth";
import { schema, type Database } from "@coach/db";
import { createContext } from "../trpc/context";
import { createCaller } from "../root";

export async function callerFor(db: Database, headers: HeadersInit = {}) {
  return createCaller(await createContext({ headers: new Headers(headers), db }));
}

/** A caller together with its context (e.g. to read the cookies a procedure set on ctx.resHeaders). */
export async function callerWithContext(db: Database, headers: HeadersInit = {}) {
  const ctx = await createContext({ headers: new Headers(headers), db });
  return { caller: createCaller(ctx), ctx };
}

let counter = 0;

/** Creates a user (role user unless asked) and returns it with its session cookie header. */
export async function createUser(db: Database, overrides: Partial<typeof schema.users.$inferInsert> & { plainPassword?: string } = {}) {
  counter += 1;
  const { plainPassword = "correct-horse-battery", ...rest } = overrides;
  const username = rest.username ?? `user${counter}_${Math.random().toString(36).slice(2, 7)}`;
  const [user] = await db
    .insert(schema.users)
    .values({ username, email: `${username}@example.com`, password: await hashPassword(plainPassword), ...rest })
    .returning();
  if (!user) throw new Error("could not create user");
  const token = await encodeSessionToken(user);
  return { user, password: plainPassword, cookie: `${sessionCookieName(false)}=${token}` };
}

export async function callerAs(db: Database, cookie: string) {
  return callerFor(db, { cookie });
}
export { seedRespondents, type SeedRespondentsOptions } from "./respondents";
export { seedBookings, type SeedBookingsOptions, type SeededBookings } from "./bookings";
export { withQueryLog } from "./query-log";
