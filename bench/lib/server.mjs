// Shared by benchmarks: build the web app into its own dist dir and run it on a throwaway database.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const webDir = path.join(repoRoot, "apps/web");
/** Where the benchmarks build the current tree (under apps/web), unless BENCH_DIST_DIR says otherwise. */
export const benchDistDir = process.env.BENCH_DIST_DIR ?? ".next-bench";

const BENCH_SECRET = "bench-only-secret-not-for-production-0123456789";

/** Builds `web` (apps/web of this tree or of another checkout) into `distDir`. */
export function buildWeb(distDir, web = webDir) {
  console.log(`building ${web} into ${distDir} ...`);
  const result = spawnSync("npx", ["next", "build"], {
    cwd: web,
    stdio: ["ignore", "ignore", "inherit"],
    // Some route modules check AUTH_SECRET when loaded; the build only needs a placeholder.
    env: { AUTH_SECRET: BENCH_SECRET, ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error(`next build failed (${result.status ?? result.signal})`);
}

/**
 * Builds this tree into `distDir` once per `pnpm bench` run: run.mjs gives every bench it starts the
 * same BENCH_RUN_ID, and the build records it, so the second bench of a run reuses the first one's
 * build. BENCH_SKIP_BUILD=1 reuses whatever build is there (yours, or an earlier run's).
 */
export function ensureBuild(distDir = benchDistDir) {
  if (process.env.BENCH_SKIP_BUILD === "1") return;
  const marker = path.join(webDir, distDir, "bench-run-id");
  const runId = process.env.BENCH_RUN_ID;
  if (runId && existsSync(marker) && readFileSync(marker, "utf8") === runId) {
    console.log(`reusing this run's build in apps/web/${distDir}`);
    return;
  }
  buildWeb(distDir);
  if (runId) writeFileSync(marker, runId);
}

/**
 * Starts the production server as `pnpm start` does, on a fresh embedded database (or `env`'s
 * DATABASE_URL); resolves once /api/health answers. `web` is the apps/web folder to start it in.
 */
export async function startServer({ distDir = benchDistDir, port, web = webDir, env = {} }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "coach-bench-"));
  const baseUrl = `http://localhost:${port}`;
  const child = spawn("pnpm", ["start", "--port", String(port)], {
    cwd: web,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: distDir,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      APP_URL: baseUrl,
      PORT: String(port),
      AUTH_SECRET: process.env.AUTH_SECRET ?? BENCH_SECRET,
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  const stop = async () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    const gone = Date.now() + 10_000;
    while (child.exitCode === null && child.signalCode === null && Date.now() < gone) await sleep(100);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`pnpm start in ${web} exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  await stop();
  throw new Error("the server did not become healthy within 120 s");
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
