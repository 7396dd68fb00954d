// One instance versus two behind nginx (deploy/nginx.conf), on PostgreSQL and sharing a Redis, as in
// docker-compose.yml, under one mixed load that looks like the site's traffic: public pages (home,
// the blog list, a post, about), public API reads (/api/tests, /api/blog) and signed-in reads (the
// session, a client's test history and appointments). Same servers, nginx and load generator for
// both rows, in one run. Results: bench/results/instances-*.json, and the latest table in the README.
//
// Needs DATABASE_URL (PostgreSQL: two servers cannot share the embedded one), nginx and redis-server
// (as `pnpm test:multi`). The build is lib/server.mjs's (BENCH_SKIP_BUILD, BENCH_DIST_DIR); BENCH_PORT
// (first of three, default 4040), BENCH_DURATION (s, default 20) and BENCH_CONNECTIONS (default 50)
// size the load; BENCH_NO_RECORD=1 leaves results/ and the README alone.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startNginx } from "../deploy/nginx-local.mjs";
import { productionServer, waitFor } from "../apps/web/multi/instance.mjs";
import { startRedis } from "../apps/web/server/redis-test-server.mjs";
import { CONNECTIONS, measure as measureLoad } from "./lib/load.mjs";
import { updateReadmeBlock } from "./lib/readme.mjs";
import { benchDistDir, ensureBuild, repoRoot } from "./lib/server.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const WARM_UP = 5;
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4040);
const PORTS = { balancer: BASE_PORT, a: BASE_PORT + 1, b: BASE_PORT + 2, redis: Number(process.env.BENCH_REDIS_PORT ?? 6395) };
const BALANCER = `http://127.0.0.1:${PORTS.balancer}`;
const measure = (requests, duration) => measureLoad(BALANCER, { duration, requests });

if (!process.env.DATABASE_URL) {
  console.log("instances bench skipped: set DATABASE_URL to a PostgreSQL database (two instances cannot share the embedded one)");
  process.exit(0);
}
ensureBuild();

/** The load: each connection goes round this list, so the mix is the same for one and two instances. */
function mixedRequests(slug, cookies) {
  const signedIn = (p, i) => ({ method: "GET", path: p, headers: { cookie: cookies[i % cookies.length] } });
  return [
    { method: "GET", path: "/" },
    { method: "GET", path: `/continuous-leadership-education/${slug}` },
    { method: "GET", path: "/api/tests" },
    { method: "GET", path: "/continuous-leadership-education" },
    signedIn("/api/auth/me", 0),
    { method: "GET", path: "/" },
    { method: "GET", path: "/api/blog" },
    signedIn("/api/user/test-history", 1),
    { method: "GET", path: "/about" },
    signedIn("/api/appointments/user", 2),
  ];
}

/** A client account with its session cookie, registered through the balancer. */
async function signedInVisitor(i) {
  const username = `bench_instances_${Date.now()}_${i}`;
  const password = "bench-instances-password-1";
  const response = await fetch(`${BALANCER}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BALANCER },
    body: JSON.stringify({ username, email: `${username}@example.com`, password, confirmPassword: password }),
  });
  if (!response.ok) throw new Error(`register: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

const work = mkdtempSync(path.join(os.tmpdir(), "coach-bench-instances-"));
const redis = await startRedis(PORTS.redis);
const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_DIST_DIR: benchDistDir,
  NEXT_TELEMETRY_DISABLED: "1",
  LOG_LEVEL: "warn",
  DATA_DIR: work,
  REDIS_URL: redis.url,
  APP_URL: BALANCER,
  AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-only-secret-not-for-production-0123456789",
  TRUSTED_PROXIES: "1",
  // The accounts below are registered from one address; the load itself meets no abuse limit.
  RATE_LIMIT_MULTIPLIER: "100",
  RESEND_API_KEY: "",
};
const servers = [productionServer({ name: "a", port: PORTS.a, env }), productionServer({ name: "b", port: PORTS.b, env })];
const rows = [];
try {
  await servers[0].start();
  for (const count of [1, 2]) {
    if (count === 2) await servers[1].start();
    const dir = path.join(work, `nginx-${count}`);
    mkdirSync(dir, { recursive: true });
    const upstreams = count === 2 ? [PORTS.a, PORTS.b] : [PORTS.a];
    const stopNginx = startNginx({ dir, port: PORTS.balancer, upstreams });
    try {
      await waitFor(`${BALANCER}/nginx-health`, "nginx");
      const posts = await (await fetch(`${BALANCER}/api/blog`)).json();
      if (!Array.isArray(posts) || !posts[0]?.slug) throw new Error("no published post to read (is the database seeded?)");
      const cookies = [];
      for (let i = 0; i < 3; i++) cookies.push(await signedInVisitor(i));
      const requests = mixedRequests(posts[0].slug, cookies);
      await measure(requests, WARM_UP); // fills the shared cache and warms both processes
      const loadBefore = os.loadavg()[0];
      const result = await measure(requests, DURATION);
      const loadAfter = os.loadavg()[0];
      console.log(
        `${count} instance(s): ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}, load ${loadBefore.toFixed(1)} -> ${loadAfter.toFixed(1)}`,
      );
      rows.push({ instances: count, ...result, loadBefore, loadAfter });
    } finally {
      stopNginx();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await redis.stop();
  rmSync(work, { recursive: true, force: true });
}

const [one, two] = rows;
const cpus = os.cpus().length;
const date = new Date().toISOString().slice(0, 10);
const table = [
  `Mixed load through nginx (per connection, in turn: home page twice, a blog post, the blog list, /about, GET /api/tests, GET /api/blog, and three signed-in reads: /api/auth/me, /api/user/test-history, /api/appointments/user), ${CONNECTIONS} connections, ${DURATION} s after a ${WARM_UP} s warm-up, on PostgreSQL with Redis. Both servers, nginx, Redis, PostgreSQL and the load generator share ${cpus} cores (${date}).`,
  "",
  "| instances | req/s | p50 ms | p99 ms | non-2xx | errors | load average (1 min) before → after |",
  "| --------: | ----: | -----: | -----: | ------: | -----: | ----------------------------------- |",
  ...rows.map(
    (row) =>
      `| ${row.instances} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.non2xx} | ${row.errors} | ${row.loadBefore.toFixed(1)} → ${row.loadAfter.toFixed(1)} |`,
  ),
  "",
  `Two instances serve ${(two.rps / Math.max(1, one.rps)).toFixed(2)}× the requests of one.`,
].join("\n");
console.log(table);
if (!process.env.BENCH_NO_RECORD) {
  mkdirSync(path.join(repoRoot, "bench/results"), { recursive: true });
  writeFileSync(
    path.join(repoRoot, "bench/results", `instances-${new Date().toISOString().replace(/[:.]/g, "-")}.json`),
    JSON.stringify({ date: new Date().toISOString(), cpus, connections: CONNECTIONS, duration: DURATION, rows }, null, 2),
  );
  await updateReadmeBlock(
    "instances",
    table,
    "## One instance versus two\n\nMeasured by `pnpm bench instances` (bench/instances.bench.mjs).",
  );
}
