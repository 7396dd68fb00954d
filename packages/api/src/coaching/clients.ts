/**
 * What every part of the engagement shares: the coach's calendar day and the check that a client
 * exists. Every read and write is scoped to one client: a client reaches only their own rows, and
 * anyone else's id answers as "not found" (404), never "forbidden", so ids cannot be probed.
 */
import { eq, schema, type Database } from "@coach/db";
import { localDateKey } from "@coach/scheduling";
import { loadAvailability } from "../appointments/availability";
import { DomainError } from "../shared/domain-error";
import { CLIENT_NOT_FOUND } from "./shapes";

const { users } = schema;

/** A date column's calendar day (dates are stored at midnight UTC). */
export const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/** The coach's calendar day now: an item is overdue once its due day has passed there. */
export async function coachToday(db: Database, now = new Date()): Promise<string> {
  const { timeZone } = await loadAvailability(db);
  return localDateKey(now.getTime(), timeZone);
}

/** The client exists and is not the anonymous stand-in of a deleted account. */
export async function assertClient(db: Database, userId: number) {
  const [client] = await db.select({ id: users.id, anonymizedAt: users.anonymizedAt }).from(users).where(eq(users.id, userId));
  if (!client || client.anonymizedAt) throw new DomainError("NOT_FOUND", CLIENT_NOT_FOUND);
}
