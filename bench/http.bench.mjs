// HTTP benchmark: the production server against plain-Node references measured in the same run.
// Pages are compared with a node:http server answering the same bytes; API reads with a plain SQL
// query behind node:http on the same kind of database. Runs on the embedded database, then again
// on PostgreSQL when DATABASE_URL is set. Results: bench/results/, and the latest table in the README,
// with issue 18's goals per target. BENCH_DURATION (s), BENCH_CONNECTIONS, BENCH_PORT, BENCH_SKIP_BUILD
// and NEXT_DIST_DIR (a build of your own) adjust a run; BENCH_NO_RECORD=1 leaves results/ and the README alone (smoke runs).
import { spawn, execSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { updateReadmeBlock } from "./lib/readme.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 3301);

function sh(command) {
  console.log(`$ ${command}`);
  execSync(command, { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
}

async function waitFor(url, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function startApp(env) {
  // The production server as `pnpm start` runs it (apps/web/server.mjs).
  const child = spawn("pnpm", ["start", "--port", String(PORT)], {
    cwd: path.join(root, "apps/web"),
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  return () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  };
}

function measure(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (error, result) => {
      if (error) return reject(error);
      resolve({
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

/** A reference server in its own process (like Next.js), so it has its own event loop. */
function startReference(spec) {
  // The spec (a whole page for static references) goes through a file: too large for an environment variable.
  const specFile = path.join(os.tmpdir(), `coach-bench-reference-${process.pid}.json`);
  writeFileSync(specFile, JSON.stringify(spec));
  const child = spawn(process.execPath, [path.join(root, "bench/reference-server.mjs")], {
    env: { ...process.env, REFERENCE_SPEC_FILE: specFile },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout.once("data", (chunk) => resolve({ port: Number(String(chunk).trim()), stop: () => child.kill("SIGTERM") }));
    child.once("exit", (code) => reject(new Error(`reference server exited (${code})`)));
  });
}

async function runSuite(label, appEnv) {
  const stop = startApp(appEnv);
  const base = `http://localhost:${PORT}`;
  try {
    await waitFor(`${base}/api/health`);
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
    // Issue 18's goals: pages at least 0.3x a node:http server sending the same bytes with p99 <= 100 ms;
    // cached API reads at least 0.5x the bare query with p99 <= 50 ms.
    const PAGE_GOAL = { ratio: 0.3, p99: 100 };
    const READ_GOAL = { ratio: 0.5, p99: 50 };
    const targets = [
      { name: "home page", path: "/", kind: "page", goal: PAGE_GOAL },
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
      const met = target.goal ? sample.status === 200 && ratio >= target.goal.ratio && app.p99 <= target.goal.p99 : undefined;
      rows.push({ name: target.name, status: sample.status, app, reference: ref, ratio, goal: target.goal, met });
      console.log(`${label} ${target.name}: ${app.rps} req/s (reference ${ref.rps})`);
    }
    return rows;
  } finally {
    stop();
    await new Promise((r) => setTimeout(r, 1000));
  }
}

function table(label, rows) {
  const lines = [
    `**${label}** — ${CONNECTIONS} connections, ${DURATION} s each, ${os.cpus().length} cores`,
    "",
    "| target | status | req/s | p50 ms | p99 ms | reference req/s | ref p50 ms | ref p99 ms | app / reference | goal | met |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.status} | ${r.app.rps} | ${r.app.p50} | ${r.app.p99} | ${r.reference.rps} | ${r.reference.p50} | ${r.reference.p99} | ${r.ratio.toFixed(2)} | ${
          r.goal ? `≥ ${r.goal.ratio}×, p99 ≤ ${r.goal.p99} ms` : "–"
        } | ${r.met === undefined ? "–" : r.met ? "yes" : "**no**"} |`,
    ),
  ];
  return lines.join("\n");
}

if (!process.env.BENCH_SKIP_BUILD) sh("pnpm build");
const results = [];
const embeddedDir = path.join(os.tmpdir(), `coach-bench-${process.pid}`);
rmSync(embeddedDir, { recursive: true, force: true });
const common = {
  AUTH_SECRET: "bench-secret-not-for-production-0123456789",
  RATE_LIMIT_MULTIPLIER: "100000",
  APP_URL: `http://localhost:${PORT}`,
};
results.push({
  label: "Embedded database (PGlite)",
  rows: await runSuite("pglite", { ...common, DATABASE_URL: "", DATA_DIR: embeddedDir }),
});
rmSync(embeddedDir, { recursive: true, force: true });
if (process.env.DATABASE_URL) {
  results.push({
    label: "PostgreSQL",
    rows: await runSuite("postgres", { ...common, DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: embeddedDir }),
  });
  rmSync(embeddedDir, { recursive: true, force: true });
}

const markdown = results.map((r) => table(r.label, r.rows)).join("\n\n");
console.log(`\n${markdown}\n`);
if (!process.env.BENCH_NO_RECORD) {
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  writeFileSync(path.join(root, `bench/results/http-${stamp}.json`), JSON.stringify(results, null, 2));
  writeFileSync(path.join(root, "bench/results/http-latest.md"), `${markdown}\n`);
}

if (!process.env.BENCH_NO_RECORD)
  await updateReadmeBlock("http", markdown, "## HTTP benchmark\n\nMeasured by `pnpm bench` (bench/http.bench.mjs).");
