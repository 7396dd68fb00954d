#!/usr/bin/env node
// Lighthouse (mobile preset) on the public website's main routes, against a production build.
// Information since issue 28 (decision 24): the page-speed goals are bench/slow4g.bench.mjs's.
//
//   pnpm bench lighthouse            build (lib/server.mjs's ensureBuild), start, measure, stop
//   BENCH_SKIP_BUILD=1 ...           reuse an existing build in BENCH_DIST_DIR
//   BENCH_RUNS=3 ...                 runs per route; the median performance run is reported
//   BENCH_URL=http://host:port ...   measure a server that is already running (no build, no start)
//   BENCH_CPU_MULTIPLIER=6 ...       report with another CPU slowdown than the preset's 4x
//
// Prints performance / accessibility / best-practices / SEO scores with LCP, CLS, TBT and the
// JavaScript each route loads (transfer size, as measured by Lighthouse), reports issue 18's targets
// (performance >= 98 at the preset and >= 95 at the calibrated slowdown, the other three 100)
// without failing on them, and writes bench/results/lighthouse.{json,md}.
//
// Issue 18 checked its targets against the mobile preset as it is (simulated slow 4G, 4x CPU slowdown), the
// instrument the issue names and the number Lighthouse itself reports. The preset's 4x stands for a
// mid-tier phone only on a host near Lighthouse's reference desktop (benchmarkIndex about 1,500,
// "Calibrating the CPU slowdown", docs/throttling.md), so each run's trace is audited a second time
// with the slowdown that brings that run's benchmarkIndex to the same phone (4 x benchmarkIndex /
// 1533, at least 1) and that score is printed alongside: it tells how far the host flatters or
// penalises the preset. It is not the target: benchmarkIndex moves by half from one run to the next
// on a shared VM, and the calibration multiplies that noise into the score.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import lighthouse from "lighthouse";
import { updateReadmeBlock } from "./lib/readme.mjs";
import { PUBLIC_ROUTES, median } from "./lib/routes.mjs";
import { ensureBuild, repoRoot, startServer } from "./lib/server.mjs";
import { CHROMIUM_ARGS, findChromium } from "../scripts/chromium.mjs";

const ROUTES = PUBLIC_ROUTES;
/** Issue 18: at the preset, performance >= 98 and the other three 100; at the calibrated slowdown, performance >= 95. */
const TARGETS = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 };
const CALIBRATED_PERFORMANCE_TARGET = 95;
const CATEGORIES = Object.keys(TARGETS);

const port = Number(process.env.BENCH_PORT ?? 4030);
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
/** The mobile preset's CPU slowdown, meant for a host with REFERENCE_BENCHMARK_INDEX. */
const DEFAULT_MULTIPLIER = 4;
const REFERENCE_BENCHMARK_INDEX = 1533;
const judgedMultiplier = process.env.BENCH_CPU_MULTIPLIER ? Number(process.env.BENCH_CPU_MULTIPLIER) : DEFAULT_MULTIPLIER;
const calibratedMultiplier = (benchmarkIndex) => Math.max(1, (DEFAULT_MULTIPLIER * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX);

// chrome-launcher comes with lighthouse; resolve it from there rather than adding a dependency.
const requireFromLighthouse = createRequire(createRequire(import.meta.url).resolve("lighthouse"));
const chromeLauncher = await import(pathToFileURL(requireFromLighthouse.resolve("chrome-launcher")).href);

function summarize(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === "Script");
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
    cls: Number(lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3)),
    tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
    jsKb: Number((scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024).toFixed(1)),
    jsFiles: scripts.length,
    failing: CATEGORIES.flatMap((id) =>
      Object.values(lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative")
        .map((audit) => `${id}: ${audit.id}`),
    ),
  };
}

/**
 * One Lighthouse run: gather the page once (unthrottled, as simulated throttling always does), then
 * audit the same artifacts with the judged multiplier and with the calibrated one.
 */
async function measure(url, port) {
  const flags = { port, output: "json", logLevel: "error", onlyCategories: CATEGORIES };
  const dir = mkdtempSync(path.join(os.tmpdir(), "coach-lighthouse-"));
  try {
    await lighthouse(url, { ...flags, gatherMode: dir });
    const artifactsFile = path.join(dir, "artifacts.json");
    const artifacts = JSON.parse(readFileSync(artifactsFile, "utf8"));
    const benchmarkIndex = artifacts.BenchmarkIndex;
    const audit = async (multiplier) => {
      // Lighthouse refuses to audit with settings other than those it gathered with, though in
      // simulated mode the multiplier is only applied while auditing: record the one we audit with.
      artifacts.settings.throttling.cpuSlowdownMultiplier = multiplier;
      writeFileSync(artifactsFile, JSON.stringify(artifacts));
      return lighthouse(url, { ...flags, auditMode: dir, throttling: { cpuSlowdownMultiplier: multiplier } });
    };
    const judged = await audit(judgedMultiplier);
    const problem = !judged?.lhr ? "no result" : judged.lhr.runtimeError?.message;
    if (problem) return { problem };
    const multiplier = calibratedMultiplier(benchmarkIndex);
    const calibrated = await audit(multiplier);
    return {
      summary: {
        ...summarize(judged.lhr),
        benchmarkIndex: Math.round(benchmarkIndex),
        calibratedMultiplier: Number(multiplier.toFixed(2)),
        calibratedPerformance: Math.round((calibrated.lhr.categories.performance?.score ?? 0) * 100),
        calibratedTbtMs: Math.round(calibrated.lhr.audits["total-blocking-time"].numericValue),
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let server;
let chrome;
try {
  let baseUrl = process.env.BENCH_URL?.replace(/\/$/, "");
  if (!baseUrl) {
    ensureBuild();
    server = await startServer({ port });
    baseUrl = server.baseUrl;
  }
  chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });

  const rows = [];
  for (const route of ROUTES) {
    const url = `${baseUrl}${route}`;
    // One warm-up load so the first measured run does not pay for server start-up work.
    await fetch(url).then((r) => r.arrayBuffer());
    const results = [];
    for (let i = 0, attempts = 0; i < runs; i += 1) {
      const run = await measure(url, chrome.port);
      const problem = run.problem;
      if (problem) {
        // A lost trace (NO_NAVSTART and friends) happens on a busy machine: measure that run again.
        attempts += 1;
        if (attempts > 3) throw new Error(`${url}: ${problem}`);
        console.warn(`${url}: ${problem}; retrying`);
        i -= 1;
        continue;
      }
      results.push(run.summary);
    }
    const perf = median(results.map((r) => r.performance));
    // The calibrated score is judged on its own median: one run's figure swings with that run's
    // benchmarkIndex, and the run with the median preset score need not be the median calibrated one.
    const calibratedScores = results.map((r) => r.calibratedPerformance);
    const multipliers = results.map((r) => r.calibratedMultiplier);
    const row = {
      route,
      ...results.find((r) => r.performance === perf),
      calibratedPerformance: median(calibratedScores),
      calibratedRange: [Math.min(...calibratedScores), Math.max(...calibratedScores)],
      calibratedMultiplierRange: [Math.min(...multipliers), Math.max(...multipliers)],
    };
    rows.push(row);
    console.log(
      `${route}: perf ${row.performance} (benchmarkIndex ${row.benchmarkIndex}; ${row.calibratedPerformance} (runs ${row.calibratedRange.join("–")}) at the calibrated ${row.calibratedMultiplierRange.join("–")}x), a11y ${row.accessibility}, bp ${row["best-practices"]}, seo ${row.seo}, LCP ${row.lcpMs} ms, CLS ${row.cls}, TBT ${row.tbtMs} ms, JS ${row.jsKb} KB${row.failing.length ? ` (failing: ${row.failing.join(", ")})` : ""}`,
    );
  }

  const header =
    "| Route | Performance | Accessibility | Best practices | SEO | LCP | CLS | TBT | First-load JS (transfer) | benchmarkIndex | Calibrated CPU: slowdowns, median performance (range) |";
  const rule = "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |";
  const lines = rows.map(
    (r) =>
      `| \`${r.route}\` | ${r.performance} | ${r.accessibility} | ${r["best-practices"]} | ${r.seo} | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.cls} | ${r.tbtMs} ms | ${r.jsKb} KB (${r.jsFiles} files) | ${r.benchmarkIndex} | ${r.calibratedMultiplierRange.join("–")}x: ${r.calibratedPerformance} (${r.calibratedRange.join("–")}) |`,
  );
  const table = [header, rule, ...lines].join("\n");
  const misses = rows.flatMap((r) => [
    ...CATEGORIES.filter((id) => r[id] < TARGETS[id]).map((id) => `${r.route} ${id} ${r[id]} < ${TARGETS[id]}`),
    ...(r.calibratedPerformance < CALIBRATED_PERFORMANCE_TARGET
      ? [
          `${r.route} performance at the calibrated ${r.calibratedMultiplierRange.join("–")}x ${r.calibratedPerformance} (median of ${runs}) < ${CALIBRATED_PERFORMANCE_TARGET}`,
        ]
      : []),
  ]);
  const stamp = new Date().toISOString();
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" / ");
  const cpu = `CPU slowdown ${judgedMultiplier}x${judgedMultiplier === DEFAULT_MULTIPLIER ? " as in the preset" : ""}; last column re-audits each trace with the slowdown calibrated to the run's benchmarkIndex (4x at ${REFERENCE_BENCHMARK_INDEX}), median and range over the runs`;
  const note = `Lighthouse 12, mobile preset (simulated slow 4G and CPU throttling; ${cpu}), Chromium headless, production build, ${runs} run(s) per route (median performance), ${stamp}; machine load average ${load} on ${os.cpus().length} CPUs at the end of the run.`;

  console.log(`\n${table}\n\n${note}`);
  const outDir = path.join(repoRoot, "bench/results");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, "lighthouse.json"),
    `${JSON.stringify({ measuredAt: stamp, runs, targets: { ...TARGETS, calibratedPerformance: CALIBRATED_PERFORMANCE_TARGET }, rows }, null, 2)}\n`,
  );
  writeFileSync(path.join(outDir, "lighthouse.md"), `${table}\n\n${note}\n`);
  if (!process.env.BENCH_ROUTES) await updateReadmeBlock("lighthouse", `${table}\n\n${note}`, "## Performance");

  if (misses.length) {
    // Information since issue 28 (decision 24): the goal is bench/slow4g.bench.mjs's real-throttled loads.
    console.error(`\nIssue 18's Lighthouse targets missed (information, not a goal):\n  ${misses.join("\n  ")}`);
    for (const r of rows) if (r.failing.length) console.error(`  ${r.route} failing audits: ${r.failing.join(", ")}`);
  } else {
    console.log(
      `\nAll of issue 18's Lighthouse targets met (information, not a goal): performance >= ${TARGETS.performance} (>= ${CALIBRATED_PERFORMANCE_TARGET} calibrated); accessibility, best practices and SEO 100.`,
    );
  }
} finally {
  await chrome?.kill();
  await server?.stop();
}
