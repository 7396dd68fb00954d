// Shared by benchmarks: build the web app into its own dist dir and run it on a throwaway database.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const webDir = path.join(repoRoot, "apps/web");

const BENCH_SECRET = "bench-only-secret-not-for-production-0123456789";

export function buildWeb(distDir) {
  console.log(`building apps/web into ${distDir} ...`);
  const result = spawnSync("npx", ["next", "build"], {
    cwd: webDir,
    stdio: ["ignore", "ignore", "inherit"],
    // Some route modules check AUTH_SECRET when loaded; the build only needs a placeholder.
    env: { AUTH_SECRET: BENCH_SECRET, ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error(`next build failed (${result.status ?? result.signal})`);
}

/** Starts the production server as `pnpm start` does (apps/web/server.mjs) on a fresh embedded database; resolves once /api/health answers. */
export async function startServer({ distDir, port }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "coach-bench-"));
  const baseUrl = `http://localhost:${port}`;
  const child = spawn("pnpm", ["start", "--port", String(port)], {
    cwd: webDir,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: distDir,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      APP_URL: baseUrl,
      AUTH_SECRET: process.env.AUTH_SECRET ?? BENCH_SECRET,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`pnpm start exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error("the server did not become healthy within 120 s");
}
