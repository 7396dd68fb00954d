// The baseline a bench compares this tree with: another commit of the project, checked out in a
// git worktree of its own, installed from the pnpm store and built into its own dist dir, then run
// with its own `pnpm start` (see startServer's `web`).
//
// BENCH_BASELINE_REF (default below: main before issue 28's serving changes, with the paint-first
// loader and the custom server) names the commit; a later round moves it. The worktree lives in the
// system's temporary folder, named by the commit, and is kept after the run: a commit's build never
// changes, so the next run reuses it. BENCH_REBUILD_BASELINE=1 builds it afresh.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildWeb, repoRoot } from "./server.mjs";

// 5ae18f1 is the commit the earlier history called f9fdf67 (the history was rewritten when it was recovered).
export const DEFAULT_BASELINE_REF = "5ae18f1";
const DIST_DIR = ".next-bench-baseline";

function git(...args) {
  return execFileSync("git", args, { cwd: repoRoot, encoding: "utf8" }).trim();
}

/** Checks out, installs and builds the baseline; resolves to `{ ref, commit, dir, web, distDir }` (dir: the worktree). */
export function prepareBaseline(ref = process.env.BENCH_BASELINE_REF ?? DEFAULT_BASELINE_REF) {
  const commit = git("rev-parse", "--verify", `${ref}^{commit}`);
  const dir = path.join(os.tmpdir(), `coach-bench-baseline-${commit.slice(0, 12)}`);
  const web = path.join(dir, "apps/web");
  const built = path.join(dir, ".bench-built");
  const result = { ref, commit, dir, web, distDir: DIST_DIR };
  if (existsSync(built) && process.env.BENCH_REBUILD_BASELINE !== "1") {
    console.log(`baseline ${ref} (${commit.slice(0, 9)}): reusing the build in ${dir}`);
    return result;
  }
  if (existsSync(dir)) {
    rmSync(dir, { recursive: true, force: true });
    git("worktree", "prune");
  }
  console.log(`baseline ${ref} (${commit.slice(0, 9)}): checking out into ${dir}`);
  git("worktree", "add", "--detach", dir, commit);
  // From the store this checkout was installed from where it can, the registry for what the older lockfile adds.
  const install = spawnSync("pnpm", ["install", "--frozen-lockfile", "--prefer-offline"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CI: "1" },
  });
  if (install.status !== 0) throw new Error(`pnpm install in the baseline worktree failed (${install.status ?? install.signal})`);
  buildWeb(DIST_DIR, web);
  writeFileSync(built, `${commit}\n`);
  return result;
}
