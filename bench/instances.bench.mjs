// One instance versus two behind nginx (deploy/nginx.conf), both sharing PostgreSQL and Redis as in
// docker-compose.yml. Needs DATABASE_URL (PostgreSQL: two servers cannot share the embedded one),
// nginx and redis-server. Results: bench/results/, and the latest table in the README.
// BENCH_SKIP_BUILD=1 reuses the last `pnpm build` (NEXT_DIST_DIR as for the build).
import { execSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { startNginx } from "../deploy/nginx-local.mjs";
import { startRedis } from "../apps/web/server/redis-test-server.mjs";
import { updateReadmeBlock } from "./lib/readme.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const PORTS = { balancer: 3320, a: 3321, b: 3322, redis: 6395 };
const TARGETS = [
  { name: "home page", path: "/" },
  { name: "blog list", path: "/continuous-leadership-education" },
  { name: "GET /api/blog", path: "/api/blog" },
  { name: "GET /api/health", path: "/api/health" },
];

if (!process.env.DATABASE_URL) {
  console.log("instances bench skipped: set DATABASE_URL to a PostgreSQL database (two instances cannot share the embedded one)");
  process.exit(0);
}
if (!process.env.BENCH_SKIP_BUILD) execSync("pnpm build", { cwd: root, stdio: "inherit" });

async function waitFor(url) {
  for (let until = Date.now() + 120_000; Date.now() < until;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer`);
}

function startApp(port, env) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "coach-bench-instances-"));
  const child = spawn(process.execPath, ["server.mjs", "--port", String(port)], {
    cwd: path.join(root, "apps/web"),
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return {
    ready: waitFor(`http://127.0.0.1:${port}/api/health`),
    stop: () => {
      child.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function measure(url) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: DURATION }, (error, result) =>
      error
        ? reject(error)
        : resolve({
            rps: Math.round(result.requests.average),
            p50: result.latency.p50,
            p99: result.latency.p99,
            non2xx: result.non2xx,
            errors: result.errors,
          }),
    ),
  );
}

const work = mkdtempSync(path.join(os.tmpdir(), "coach-bench-nginx-"));
const redis = await startRedis(PORTS.redis);
const env = {
  REDIS_URL: redis.url,
  APP_URL: `http://127.0.0.1:${PORTS.balancer}`,
  AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-only-secret-not-for-production-0123456789",
  TRUSTED_PROXIES: "1",
};
const rows = [];
const stops = [() => redis.stop(), () => rmSync(work, { recursive: true, force: true })];
try {
  for (const count of [1, 2]) {
    const apps = [startApp(PORTS.a, env), ...(count === 2 ? [startApp(PORTS.b, env)] : [])];
    await Promise.all(apps.map((app) => app.ready));
    mkdirSync(path.join(work, String(count)), { recursive: true });
    const stopNginx = startNginx({
      dir: path.join(work, String(count)),
      port: PORTS.balancer,
      upstreams: count === 2 ? [PORTS.a, PORTS.b] : [PORTS.a],
    });
    try {
      await waitFor(`http://127.0.0.1:${PORTS.balancer}/nginx-health`);
      for (const target of TARGETS) {
        const url = `http://127.0.0.1:${PORTS.balancer}${target.path}`;
        await measure(url); // warm-up: fills the shared cache
        const result = await measure(url);
        console.log(
          `${count} instance(s) ${target.name}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`,
        );
        rows.push({ instances: count, ...target, ...result });
      }
    } finally {
      stopNginx();
      for (const app of apps) app.stop();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
} finally {
  for (const stop of stops) await stop();
}

const cpus = os.cpus().length;
const table = [
  `Through nginx, ${CONNECTIONS} connections, ${DURATION} s per target, ${cpus} cores shared by the apps, nginx, Redis, PostgreSQL and the load generator (${new Date().toISOString().slice(0, 10)}).`,
  "",
  "| target | 1 instance req/s | p99 ms | 2 instances req/s | p99 ms | ratio |",
  "| --- | ---: | ---: | ---: | ---: | ---: |",
  ...TARGETS.map((target) => {
    const one = rows.find((row) => row.instances === 1 && row.path === target.path);
    const two = rows.find((row) => row.instances === 2 && row.path === target.path);
    return `| ${target.name} | ${one.rps} | ${one.p99} | ${two.rps} | ${two.p99} | ${(two.rps / Math.max(1, one.rps)).toFixed(2)} |`;
  }),
].join("\n");
mkdirSync(path.join(root, "bench/results"), { recursive: true });
writeFileSync(path.join(root, "bench/results", `instances-${Date.now()}.json`), JSON.stringify(rows, null, 2));
updateReadmeBlock("instances", table, "## One instance versus two\n\nMeasured by `pnpm bench instances` (bench/instances.bench.mjs).");
console.log(table);
