#!/usr/bin/env node
// `pnpm bench [name...]`: runs the benchmark scripts in this folder, one after another.
//
// Every `bench/<name>.mjs` (other than this dispatcher) is a benchmark; shared helpers live in
// `bench/lib/`. With no names, all of them run in alphabetical order; with names, only those
// (`pnpm bench lighthouse`). Arguments after `--` are passed through to each script. The benches of
// one run share one build of this tree: each gets the same BENCH_RUN_ID (lib/server.mjs's ensureBuild).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const split = argv.indexOf("--");
const names = split === -1 ? argv : argv.slice(0, split);
const passThrough = split === -1 ? [] : argv.slice(split + 1);

const available = readdirSync(here)
  .filter((file) => file.endsWith(".mjs") && file !== "run.mjs")
  .map((file) => file.replace(/(\.bench)?\.mjs$/, ""))
  .sort();

const selected = names.length ? names : available;
const unknown = selected.filter((name) => !available.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(", ")}. Available: ${available.join(", ")}`);
  process.exit(2);
}

const env = { ...process.env, BENCH_RUN_ID: process.env.BENCH_RUN_ID ?? `${process.pid}-${Date.now()}` };
let failed = 0;
for (const name of selected) {
  const file = [`${name}.bench.mjs`, `${name}.mjs`].map((f) => path.join(here, f)).find((f) => existsSync(f));
  console.log(`\n=== bench: ${name} ===`);
  const result = spawnSync(process.execPath, [file, ...passThrough], { stdio: "inherit", cwd: path.dirname(here), env });
  if (result.status !== 0) {
    failed += 1;
    console.error(`bench ${name} exited with ${result.status ?? result.signal}`);
  }
}
process.exit(failed ? 1 : 0);
