// Every public page in Chromium with the network and the CPU really throttled (slow 4G: 562.5 ms
// latency, 1.4 Mbit/s; 4x CPU; lib/throttled-browser.mjs), this tree's build side by side with the
// baseline build (BENCH_BASELINE_REF, default 5ae18f1: "today's build" of issue 28, built by the
// bench in a worktree of its own, lib/baseline.mjs) and with the same HTML served without any script.
// Each build runs as its own tree documents deploying it: `pnpm start` behind that tree's
// deploy/nginx.conf (lib/deployment.mjs), so each sends what a visitor would get (compression
// included). Loads are interleaved (each round loads every variant of a page, in a rotating order)
// and each figure is the median of BENCH_LOADS (default 5) first visits. Measured per page:
//   - LCP, left alone until the load event and a second more;
//   - the menu: the header's menu button is tapped as soon as it is visible, and every 100 ms after,
//     until the menu shows; the time from navigation start to that frame is when the page is usable.
// Goals (issue 28), per page: this build's LCP and menu no later than the baseline's, and its LCP
// within 1.2x of the script-free page's.
//
// BENCH_PORT (first of five ports, default 4020), BENCH_ROUTES, BENCH_LOADS, BENCH_SKIP_BUILD /
// BENCH_DIST_DIR (this tree's build, lib/server.mjs), BENCH_REBUILD_BASELINE=1, BENCH_NO_RECORD=1;
// BENCH_UNTIL (an ISO time): no page is started after it, and the table says which were left out.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { prepareBaseline } from "./lib/baseline.mjs";
import { startDeployment } from "./lib/deployment.mjs";
import { machine } from "./lib/load.mjs";
import { startNoScriptServer } from "./lib/noscript-server.mjs";
import { updateReadmeBlock } from "./lib/readme.mjs";
import { PUBLIC_ROUTES, median } from "./lib/routes.mjs";
import { benchDistDir, ensureBuild, repoRoot, webDir } from "./lib/server.mjs";
import { SLOW_4G, launchBrowser, measureLcp, measureMenu, withoutScripts } from "./lib/throttled-browser.mjs";

const LOADS = Math.max(1, Number(process.env.BENCH_LOADS ?? 5));
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4020);
const NOSCRIPT_LCP_FACTOR = 1.2;
const UNTIL = process.env.BENCH_UNTIL ? Date.parse(process.env.BENCH_UNTIL) : Infinity;

ensureBuild();
const baseline = prepareBaseline();
const before = machine();
const work = mkdtempSync(path.join(os.tmpdir(), "coach-bench-slow4g-"));
const servers = [];
let browser;
const rows = [];
try {
  const current = await startDeployment({
    tree: repoRoot,
    web: webDir,
    distDir: benchDistDir,
    appPort: BASE_PORT,
    nginxPort: BASE_PORT + 1,
    work: path.join(work, "current"),
  });
  servers.push(current);
  const old = await startDeployment({
    tree: baseline.dir,
    web: baseline.web,
    distDir: baseline.distDir,
    appPort: BASE_PORT + 2,
    nginxPort: BASE_PORT + 3,
    work: path.join(work, "baseline"),
  });
  servers.push(old);
  browser = await launchBrowser();
  const pages = new Map();
  for (const route of PUBLIC_ROUTES) {
    // Unthrottled first requests, so no measured load pays for a server's first render of a page.
    await fetch(`${old.url}${route}`).then((r) => r.arrayBuffer());
    const response = await fetch(`${current.url}${route}`);
    if (!response.ok) throw new Error(`${route} answered ${response.status}`);
    pages.set(route, await withoutScripts(browser, await response.text()));
  }
  const noScript = await startNoScriptServer({ port: BASE_PORT + 4, pages, upstream: current.url });
  servers.push(noScript);
  const origins = { baseline: old.url, current: current.url, noScript: noScript.url };

  /** A failed load (a timeout on a loaded machine) is tried again, twice at most. */
  const attempt = async (measure, url) => {
    for (let tries = 1; ; tries++) {
      try {
        return await measure(browser, url);
      } catch (error) {
        if (tries === 3) throw error;
        console.warn(`${url}: ${error.message}; loading again`);
      }
    }
  };
  const rotate = (list, by) => list.map((_, i) => list[(i + by) % list.length]);

  for (const route of PUBLIC_ROUTES) {
    if (Date.now() > UNTIL) break;
    const lcp = { baseline: [], current: [], noScript: [] };
    const fcp = { baseline: [], current: [], noScript: [] };
    const menu = { baseline: [], current: [] };
    const lcpElements = new Set();
    for (let round = 0; round < LOADS; round++) {
      for (const variant of rotate(["baseline", "current", "noScript"], round)) {
        const load = await attempt(measureLcp, `${origins[variant]}${route}`);
        lcp[variant].push(load.lcp);
        fcp[variant].push(load.fcp);
        lcpElements.add(`${variant}: ${load.lcpElement}`);
      }
      for (const variant of rotate(["baseline", "current"], round)) {
        menu[variant].push((await attempt(measureMenu, `${origins[variant]}${route}`)).menu);
      }
    }
    const medians = (samples) => Object.fromEntries(Object.entries(samples).map(([key, values]) => [key, median(values)]));
    const row = {
      route,
      lcp: medians(lcp),
      fcp: medians(fcp),
      menu: medians(menu),
      samples: { lcp, fcp, menu },
      lcpElements: [...lcpElements],
    };
    row.met = {
      lcp: row.lcp.current <= row.lcp.baseline,
      menu: row.menu.current <= row.menu.baseline,
      noScript: row.lcp.current <= NOSCRIPT_LCP_FACTOR * row.lcp.noScript,
    };
    rows.push(row);
    console.log(
      `${route}: LCP ${row.lcp.current} ms (baseline ${row.lcp.baseline}, no script ${row.lcp.noScript}), menu ${row.menu.current} ms (baseline ${row.menu.baseline})`,
    );
  }
} finally {
  await browser?.close();
  for (const server of servers.reverse()) await server.stop();
  rmSync(work, { recursive: true, force: true });
}

const after = machine();
const date = new Date().toISOString().replace(/\.\d+Z$/, "Z");
const seconds = (ms) => (ms / 1000).toFixed(2);
const mark = (met) => (met ? "yes" : "**no**");
const markdown = [
  `**Chromium, really throttled** — slow 4G (${SLOW_4G.latency} ms latency, ${((SLOW_4G.downloadThroughput * 8) / 1024 / 1024).toFixed(2)} Mbit/s down) and ${SLOW_4G.cpuSlowdown}× CPU through the DevTools protocol, first visits on a 412×823 touch screen, median of ${LOADS} interleaved loads per figure, in seconds. Baseline: \`${baseline.ref}\` (${baseline.commit.slice(0, 9)}), built and started by the bench beside this tree's build, each behind its own tree's deploy/nginx.conf. Menu: from navigation start to the frame showing the header menu, tapping its button from the moment it is visible. ${date}, ${after.cpus} cores, load average ${before.load} → ${after.load}.`,
  "",
  "| page | LCP baseline | LCP this build | LCP without scripts | this / without | menu baseline | menu this build | LCP ≤ baseline | menu ≤ baseline | LCP ≤ 1.2× without scripts |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |",
  ...rows.map(
    (r) =>
      `| \`${r.route}\` | ${seconds(r.lcp.baseline)} | ${seconds(r.lcp.current)} | ${seconds(r.lcp.noScript)} | ${(r.lcp.current / r.lcp.noScript).toFixed(2)} | ${seconds(r.menu.baseline)} | ${seconds(r.menu.current)} | ${mark(r.met.lcp)} | ${mark(r.met.menu)} | ${mark(r.met.noScript)} |`,
  ),
  ...(rows.length < PUBLIC_ROUTES.length
    ? [
        "",
        `Not measured in this run (BENCH_UNTIL): ${PUBLIC_ROUTES.slice(rows.length)
          .map((route) => `\`${route}\``)
          .join(", ")}.`,
      ]
    : []),
].join("\n");
console.log(`\n${markdown}\n`);
if (!process.env.BENCH_NO_RECORD) {
  mkdirSync(path.join(repoRoot, "bench/results"), { recursive: true });
  writeFileSync(
    path.join(repoRoot, "bench/results", `slow4g-${date.replace(/:/g, "-")}.json`),
    JSON.stringify({ date, baseline, throttling: SLOW_4G, loads: LOADS, before, after, rows }, null, 2),
  );
  await updateReadmeBlock("slow4g", markdown, "## Performance\n\nMeasured by `pnpm bench slow4g` (bench/slow4g.bench.mjs).");
}
if (rows.some((r) => !r.met.lcp || !r.met.menu || !r.met.noScript)) process.exitCode = 1;
