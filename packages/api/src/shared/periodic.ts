import type { Database } from "@coach/db";
import { log } from "./logger";

/**
 * Runs `job` every `intervalMs` (first after `firstDelayMs`) until the returned function is called.
 * A run never overlaps the previous one; a failure is logged and retried at the next tick. The
 * timers are unref'd so they never keep a process alive by themselves.
 */
export function startPeriodicJob(
  name: string,
  getDb: () => Database | Promise<Database>,
  job: (db: Database) => Promise<unknown>,
  { intervalMs, firstDelayMs }: { intervalMs: number; firstDelayMs: number },
): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (stopped || running) return;
    running = (async () => {
      try {
        await job(await getDb());
      } catch (error) {
        log("warn", `${name} run failed; will retry`, { error });
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  setTimeout(tick, firstDelayMs).unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
