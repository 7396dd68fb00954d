// The README keeps each benchmark's latest results between `<!-- bench:<name>:start/end -->` markers.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as prettier from "prettier";
import { repoRoot } from "./server.mjs";

/**
 * Replaces the block between the markers; appends `fallbackSection` + the block when they are missing.
 * The README is written as prettier formats it (tables aligned), so `pnpm lint` passes after a bench.
 */
export async function updateReadmeBlock(name, markdown, fallbackSection) {
  const readmePath = path.join(repoRoot, "README.md");
  const readme = readFileSync(readmePath, "utf8");
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${start}\n${markdown}\n${end}`;
  const at = readme.indexOf(start);
  const until = readme.indexOf(end);
  const updated =
    at !== -1 && until > at
      ? readme.slice(0, at) + block + readme.slice(until + end.length)
      : `${readme.trimEnd()}\n\n${fallbackSection}\n\n${block}\n`;
  const options = (await prettier.resolveConfig(readmePath)) ?? {};
  writeFileSync(readmePath, await prettier.format(updated, { ...options, filepath: readmePath }));
}
