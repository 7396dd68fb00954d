// HTTP benchmark: the app alone (`pnpm start`, no proxy in front) against plain-Node references
// measured in the same run. Prerendered pages are compared with a node:http server answering the
// same bytes; API reads with a plain SQL query behind node:http on the same kind of database. Runs
// on the embedded database, then again on PostgreSQL when DATABASE_URL is set. Results:
// bench/results/, and the latest table in the README, with issue 28's goals per target (pages at
// least 0.5x the reference; /api/tests and /api/blog at least 0.5x the bare query with p99 <= 50 ms).
// BENCH_DURATION (s), BENCH_CONNECTIONS, BENCH_PORT, BENCH_SKIP_BUILD / BENCH_DIST_DIR (see
// lib/server.mjs) adjust a run; BENCH_NO_RECORD=1 leaves results/ and the README alone (smoke runs).
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CONNECTIONS, machine, measure as measureLoad } from "./lib/load.mjs";
import { updateReadmeBlock } from "./lib/readme.mjs";
import { ensureBuild, sleep, startServer } from "./lib/server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 4000);
const measure = (url, headers = {}) => measureLoad(url, { duration: DURATION, headers });

/** A reference server in its own process (like Next.js), so it has its own event loop. */
function startReference(spec) {
  // The spec (a whole page for static references) goes through a file: too large for an environment variable.
  const specFile = path.join(os.tmpdir(), `coach-bench-reference-${process.pid}.json`);
  writeFileSync(specFile, JSON.stringify(spec));
  const child = spawn(process.execPath, [path.join(root, "bench/lib/reference-server.mjs")], {
    env: { ...process.env, REFERENCE_SPEC_FILE: specFile },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout.once("data", (chunk) => resolve({ port: Number(String(chunk).trim()), stop: () => child.kill("SIGTERM") }));
    child.once("exit", (code) => reject(new Error(`reference server exited (${code})`)));
  });
}

async function runSuite(label, appEnv) {
  const app = await startServer({ port: PORT, env: appEnv });
  const base = app.baseUrl;
  try {
    // A signed-in visitor for the slot lookup.
    const username = `bench${Date.now()}`;
    const register = await fetch(`${base}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({
        username,
        email: `${username}@example.com`,
        password: "bench-password-1",
        confirmPassword: "bench-password-1",
      }),
    });
    const cookie = (register.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
    const posts = await (await fetch(`${base}/api/blog`)).json().catch(() => []);
    const slug = Array.isArray(posts) && posts[0]?.slug;
    const start = new Date(Date.now() + 2 * 86_400_000);
    const end = new Date(start.getTime() + 7 * 86_400_000);
    // Issue 28's goals: prerendered pages at least 0.5x a node:http server sending the same bytes;
    // the public API reads at least 0.5x the bare query with p99 <= 50 ms (as issue 18's).
    const PAGE_GOAL = { ratio: 0.5 };
    const READ_GOAL = { ratio: 0.5, p99: 50 };
    const targets = [
      { name: "home page", path: "/", kind: "page", goal: PAGE_GOAL },
      { name: "/about", path: "/about", kind: "page", goal: PAGE_GOAL },
      { name: "/tests", path: "/tests", kind: "page", goal: PAGE_GOAL },
      ...(slug ? [{ name: "blog post", path: `/continuous-leadership-education/${slug}`, kind: "page", goal: PAGE_GOAL }] : []),
      { name: "GET /api/tests", path: "/api/tests", kind: "api", query: "tests", goal: READ_GOAL },
      { name: "GET /api/blog", path: "/api/blog", kind: "api", query: "blog", goal: READ_GOAL },
      {
        name: "available-slots (7 days)",
        path: `/api/appointments/available-slots?startDate=${start.toISOString()}&endDate=${end.toISOString()}`,
        kind: "api",
        query: "slots",
        headers: { cookie },
      },
    ];
    const rows = [];
    for (const target of targets) {
      const url = `${base}${target.path}`;
      const sample = await fetch(url, { headers: target.headers });
      const body = await sample.text();
      const app = await measure(url, target.headers);
      const reference = await startReference(
        target.kind === "page"
          ? { kind: "static", body, contentType: sample.headers.get("content-type") ?? "text/html" }
          : { kind: "query", query: target.query, databaseUrl: appEnv.DATABASE_URL || undefined },
      );
      const ref = await measure(`http://127.0.0.1:${reference.port}/`);
      reference.stop();
      const ratio = ref.rps ? app.rps / ref.rps : 0;
      const met = target.goal
        ? sample.status === 200 && app.non2xx === 0 && ratio >= target.goal.ratio && app.p99 <= (target.goal.p99 ?? Infinity)
        : undefined;
      rows.push({ name: target.name, status: sample.status, app, reference: ref, ratio, goal: target.goal, met });
      console.log(`${label} ${target.name}: ${app.rps} req/s (reference ${ref.rps})`);
    }
    return rows;
  } finally {
    await app.stop();
    await sleep(500);
  }
}

function table(label, rows, load) {
  const lines = [
    `**${label}** — the app alone (\`pnpm start\`), ${CONNECTIONS} connections, ${DURATION} s each, ${os.cpus().length} cores shared with the load generator; ${new Date().toISOString().slice(0, 16)}Z, load average ${load.before} → ${load.after}`,
    "",
    "| target | status | req/s | p50 ms | p99 ms | reference req/s | ref p50 ms | ref p99 ms | app / reference | goal | met |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.status} | ${r.app.rps} | ${r.app.p50} | ${r.app.p99} | ${r.reference.rps} | ${r.reference.p50} | ${r.reference.p99} | ${r.ratio.toFixed(2)} | ${
          r.goal ? `≥ ${r.goal.ratio}×${r.goal.p99 ? `, p99 ≤ ${r.goal.p99} ms` : ""}` : "–"
        } | ${r.met === undefined ? "–" : r.met ? "yes" : "**no**"} |`,
    ),
  ];
  return lines.join("\n");
}

ensureBuild();
const results = [];
const suites = [{ label: "Embedded database (PGlite)", name: "pglite", env: { DATABASE_URL: "" } }];
if (process.env.DATABASE_URL) suites.push({ label: "PostgreSQL", name: "postgres", env: { DATABASE_URL: process.env.DATABASE_URL } });
for (const suite of suites) {
  const before = machine().load;
  const rows = await runSuite(suite.name, { ...suite.env, RATE_LIMIT_MULTIPLIER: "100000" });
  results.push({ label: suite.label, rows, load: { before, after: machine().load } });
}

const markdown = results.map((r) => table(r.label, r.rows, r.load)).join("\n\n");
console.log(`\n${markdown}\n`);
if (!process.env.BENCH_NO_RECORD) {
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  writeFileSync(path.join(root, `bench/results/http-${stamp}.json`), JSON.stringify(results, null, 2));
  writeFileSync(path.join(root, "bench/results/http-latest.md"), `${markdown}\n`);
}

if (!process.env.BENCH_NO_RECORD)
  await updateReadmeBlock("http", markdown, "## HTTP benchmark\n\nMeasured by `pnpm bench` (bench/http.bench.mjs).");
