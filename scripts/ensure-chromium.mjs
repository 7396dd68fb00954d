// Makes sure a Chromium exists for the browser tests, installing one when none is found, and says what it does.
import { execSync } from "node:child_process";
import { findChromium } from "./chromium.mjs";

function run(command) {
  console.log(`[chromium] $ ${command}`);
  execSync(command, { stdio: "inherit" });
}

let found = findChromium();
if (found) {
  console.log(`[chromium] using ${found}`);
  process.exit(0);
}
console.log("[chromium] no Chromium found (CHROMIUM_PATH, /usr/bin/chromium, Playwright's cache); installing one");
try {
  run("pnpm --filter @coach/web exec playwright install chromium");
} catch {
  console.log("[chromium] Playwright's download is not available here; trying the OS package");
  const sudo = process.getuid && process.getuid() === 0 ? "" : "sudo ";
  try {
    run(`${sudo}apt-get update -qq`);
    run(`${sudo}DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`);
  } catch {
    console.error("[chromium] could not install Chromium. Install it yourself and set CHROMIUM_PATH.");
    process.exit(1);
  }
}
found = findChromium();
if (!found) {
  console.error("[chromium] installation finished but no Chromium was found. Set CHROMIUM_PATH.");
  process.exit(1);
}
console.log(`[chromium] using ${found}`);
