/**
 * The formats of rate-limit keys, and the two jobs that depend on them: erasing every counter that
 * names a deleted person, and deleting expired counters. Every key is `<rule>:<scope>:<parts>`:
 *
 *   <rule>:user:<user id>                  per signed-in account (exports, bookings, goals)
 *   <rule>:account:<username or address>   per account a request names (sign-in, registration, reset mail)
 *   <rule>:ip:<address>:<username>         per client address and account (sign-in failures)
 *   <rule>:source:<address>:<address>      per client address and account (reset mail)
 *   <rule>:ip:<address>                    per client address only: names no one
 *   <rule>:device:<device id>              per known device (a random id, not stored with the account)
 *   newsletter-email:<hash of the address>   per address (newsletter/account-data.ts erases it)
 *
 * Usernames hold no ":" (the registration form allows letters, digits, ".", "-" and "_") and keys
 * are written in lower case, so the part after the last ":" is the username or address.
 */
import { eq, like, lt, or, schema, sql, type Database } from "@coach/db";
import type { Transaction } from "./db";
import type { AccountEraser } from "./account-data";
import { escapeLike } from "./db";
import { log } from "./logger";

const { rateLimits } = schema;

export const rateLimitKey = {
  perUser: (rule: string, userId: number) => `${rule}:user:${userId}`,
  perAccount: (rule: string, usernameOrAddress: string) => `${rule}:account:${usernameOrAddress.toLowerCase()}`,
  perAddress: (rule: string, ip: string) => `${rule}:ip:${ip}`,
};

/** Every counter about the person: by their id, their username or their address, from any client address. */
export const rateLimitEraser: AccountEraser = {
  name: "rate-limit counters",
  async erase({ tx, person }) {
    const key = sql`lower(${rateLimits.key})`;
    const about = (name: string) => {
      const tail = `:${escapeLike(name.toLowerCase())}`;
      return [like(key, `%:account${tail}`), like(key, `%:ip:%${tail}`), like(key, `%:source:%${tail}`)];
    };
    await tx.delete(rateLimits).where(or(like(rateLimits.key, `%:user:${person.id}`), ...about(person.username), ...about(person.email)));
  },
};

/** Deletes the counters whose window has ended: they count nothing any more (a new hit starts afresh). */
export async function deleteExpiredRateLimits(db: Database, now = new Date()): Promise<number> {
  const gone = await db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key });
  if (gone.length > 0) log("info", "expired rate-limit counters deleted", { count: gone.length });
  return gone.length;
}

/** Deletes one counter inside a transaction (a domain erasing a key only it can build). */
export async function forgetRateLimit(tx: Transaction, key: string): Promise<void> {
  await tx.delete(rateLimits).where(eq(rateLimits.key, key));
}
