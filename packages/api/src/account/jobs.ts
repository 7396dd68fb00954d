/**
 * The privacy housekeeping that runs on its own: deletion confirmations lose their address once
 * delivered, and expired rate-limit counters (which name addresses and accounts) are deleted, so
 * none outlives its window by more than an interval of this job.
 */
import type { Database } from "@coach/db";
import { startPeriodicJob } from "../shared/periodic";
import { deleteExpiredRateLimits } from "../shared/rate-limit-keys";
import { redactDeliveredDeletionEmails } from "./deletion";

export async function runPrivacyJobs(db: Database, now = new Date()) {
  const redacted = await redactDeliveredDeletionEmails(db);
  const expiredRateLimits = await deleteExpiredRateLimits(db, now);
  return { redacted, expiredRateLimits };
}

/** Runs the housekeeping every `intervalMs` (default 15 minutes) until the returned function is called. */
export function startPrivacyWorker(getDb: () => Database | Promise<Database>, { intervalMs = 15 * 60_000 } = {}): () => Promise<void> {
  return startPeriodicJob("privacy housekeeping", getDb, (db) => runPrivacyJobs(db), { intervalMs, firstDelayMs: 11_000 });
}
