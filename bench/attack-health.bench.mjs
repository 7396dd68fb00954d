// Issue 17, finding 2: while oversized, deeply nested and batch requests hit the production server,
// GET /api/health keeps answering within 200 ms. Polls health every 20 ms during each attack and
// reports the slowest answer; exits 1 when one took longer than the budget.
//   pnpm bench attack-health                      (builds apps/web first: lib/server.mjs's ensureBuild)
//   BENCH_DIST_DIR=.next-harden BENCH_SKIP_BUILD=1 pnpm bench attack-health
import { performance } from "node:perf_hooks";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { ensureBuild, startServer } from "./lib/server.mjs";

const BUDGET_MS = 200;
const port = Number(process.env.BENCH_PORT ?? 4050);

// Attacks run in a worker thread, so pushing their bodies never delays this thread's health checks.
const baseUrl = isMainThread ? `http://localhost:${port}` : workerData.baseUrl;

/** A body of `megabytes` sent in 64 KB chunks, as a client on a fast line would. */
function streamedBody(megabytes, text) {
  const chunk = new TextEncoder().encode(text(64 * 1024));
  let left = Math.ceil((megabytes * 1024 * 1024) / chunk.byteLength);
  return new ReadableStream({
    pull(controller) {
      if (left-- <= 0) controller.close();
      else controller.enqueue(chunk);
    },
  });
}

const post = (path, body) =>
  fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body, duplex: "half" }).then(
    async (r) => `${r.status} ${(await r.text()).slice(0, 80)}`,
    (e) => `connection ended (${e.cause?.code ?? e.message})`,
  );

// 1,000 calls fill an 11 KB path; Node refuses request lines over 16 KB (431) before the app sees them.
const CALLS = 1000;
const batch = Array.from({ length: CALLS }, () => "tests.list").join(",");

const attacks = {
  "9 MB deeply nested body (tRPC)": () =>
    post(
      "/api/trpc/auth.login",
      streamedBody(9, (n) => "[".repeat(n)),
    ),
  "9 MB body (REST)": () =>
    post(
      "/api/auth/login",
      streamedBody(9, (n) => `{"a":"${"x".repeat(n - 8)}",`),
    ),
  "batch of 1,000 tests.list (tRPC GET)": () =>
    fetch(`${baseUrl}/api/trpc/${batch}?batch=1&input=%7B%7D`).then(
      async (r) => `${r.status} ${(await r.text()).slice(0, 80)}`,
      (e) => `failed (${e.message})`,
    ),
};

if (!isMainThread) {
  parentPort.postMessage(await Promise.all(Array.from({ length: 5 }, () => attacks[workerData.name]())));
  process.exit(0);
}

ensureBuild();
const { stop } = await startServer({ port });

function inWorker(name) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { baseUrl, name } });
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

async function healthDuring(name) {
  const samples = [];
  let running = true;
  const outcome = inWorker(name).finally(() => (running = false));
  while (running) {
    const t0 = performance.now();
    const response = await fetch(`${baseUrl}/api/health`);
    await response.text();
    samples.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { answers: [...new Set(await outcome)], samples };
}

// Load both API routes once, so the first attack does not pay for compiling them.
for (const path of ["/api/trpc/health.check", "/api/auth/me", "/api/health"]) await (await fetch(`${baseUrl}${path}`)).text();

let failed = false;
try {
  for (const name of Object.keys(attacks)) {
    const { answers, samples } = await healthDuring(name);
    const max = Math.max(...samples);
    if (max > BUDGET_MS) failed = true;
    console.log(
      `${name}: attack answered ${answers.join(" | ")}; health polled ${samples.length}×, slowest ${max.toFixed(1)} ms (budget ${BUDGET_MS} ms)`,
    );
  }
} finally {
  await stop();
}
process.exit(failed ? 1 : 0);
