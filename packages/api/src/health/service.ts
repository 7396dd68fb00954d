/**
 * Whether the database answers, probed at most once per PROBE_TTL_MS per database: concurrent and
 * repeated health checks share one probe, so a load balancer polling /api/health costs no query per
 * call. The answer is at most that old: an outage shows within about a second, and so does recovery.
 */
import { getDb, pingDb, type Database } from "@coach/db";

export const PROBE_TTL_MS = 1_000;

interface Probe {
  healthy: Promise<boolean>;
  /** when the probe started (Date.now()); it is reused until PROBE_TTL_MS after that */
  at: number;
}

const probes = new WeakMap<Database, Probe>();

/** True when the database answers a query (or answered one less than PROBE_TTL_MS ago). */
export async function databaseHealthy(database?: () => Promise<Database>): Promise<boolean> {
  let db: Database;
  try {
    db = await (database ?? getDb)();
  } catch {
    return false;
  }
  const now = Date.now();
  const last = probes.get(db);
  if (last && now - last.at < PROBE_TTL_MS && now >= last.at) return last.healthy;
  const probe: Probe = { healthy: pingDb(db).catch(() => false), at: now };
  probes.set(db, probe);
  return probe.healthy;
}
