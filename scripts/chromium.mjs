// Finds a Chromium for the end-to-end tests and benchmarks: CHROMIUM_PATH, then the system's, then Playwright's cache.
import { existsSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export function findChromium() {
  const candidates = [];
  if (process.env.CHROMIUM_PATH) candidates.push(process.env.CHROMIUM_PATH);
  candidates.push("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable");
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH ?? path.join(os.homedir(), ".cache/ms-playwright");
  if (existsSync(cache)) {
    for (const dir of readdirSync(cache)
      .filter((d) => d.startsWith("chromium"))
      .sort()
      .reverse()) {
      candidates.push(path.join(cache, dir, "chrome-linux64/chrome"), path.join(cache, dir, "chrome-linux/chrome"));
    }
  }
  return candidates.find((file) => existsSync(file));
}

/** The flags this machine needs: no sandbox as root, no GPU, and no calls home on a closed network. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
