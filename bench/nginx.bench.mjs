// Public pages through the documented nginx (deploy/nginx.conf, started by deploy/nginx-local.mjs as
// the multi-instance suite starts it) in front of ONE app instance (`pnpm start`, embedded database),
// against nginx serving the same bytes from a file, measured in the same run by the same load
// generator. Goal (issue 28): at least 0.8x the file's requests per second, p99 <= 50 ms, at 50
// connections. Each page is measured as a browser-less client asks for it (no Accept-Encoding) and as
// Chromium does (Accept-Encoding: gzip, deflate, br, zstd); BENCH_ENCODINGS may add "gzip". The file
// reference holds the page nginx sent, and its compressed copy as a static site keeps one (served by
// gzip_static and brotli_static, lib/static-nginx.mjs), so it sends the same bytes without compressing
// per request; that is checked before each measurement.
//
// BENCH_DURATION (s per measurement, default 5), BENCH_CONNECTIONS (50), BENCH_PORT (first of three
// ports, default 4010), BENCH_ROUTES (comma-separated paths), BENCH_ENCODINGS (identity,chromium),
// BENCH_SKIP_BUILD / BENCH_DIST_DIR (see lib/server.mjs); BENCH_NO_RECORD=1 leaves results/ and the
// README alone (smoke runs).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startNginx } from "../deploy/nginx-local.mjs";
import { CONNECTIONS, getRaw, machine, measure, waitFor } from "./lib/load.mjs";
import { updateReadmeBlock } from "./lib/readme.mjs";
import { PUBLIC_ROUTES } from "./lib/routes.mjs";
import { ensureBuild, repoRoot, sleep, startServer } from "./lib/server.mjs";
import { brotliStatic, compressionOf, startStaticNginx } from "./lib/static-nginx.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4010);
const PORTS = { app: BASE_PORT, proxy: BASE_PORT + 1, file: BASE_PORT + 2 };
const ENCODINGS = (process.env.BENCH_ENCODINGS ?? "identity,chromium").split(",");
const GOAL = { ratio: 0.8, p99: 50 };
const REQUEST_HEADERS = {
  identity: {},
  gzip: { "accept-encoding": "gzip" },
  chromium: { "accept-encoding": "gzip, deflate, br, zstd" },
};

ensureBuild();
const work = mkdtempSync(path.join(os.tmpdir(), "coach-bench-nginx-"));
const before = machine();
// TRUSTED_PROXIES=1 as in docker-compose.yml: nginx is the one proxy in front of the app.
const app = await startServer({ port: PORTS.app, env: { TRUSTED_PROXIES: "1", APP_URL: `http://127.0.0.1:${PORTS.proxy}` } });
const stopProxy = startNginx({ dir: path.join(work, "proxy"), port: PORTS.proxy, upstreams: [PORTS.app] });
const file = startStaticNginx({
  dir: path.join(work, "file"),
  port: PORTS.file,
  compression: compressionOf(path.join(work, "proxy", "nginx.conf")),
});
const proxyUrl = `http://127.0.0.1:${PORTS.proxy}`;
const rows = [];
try {
  await waitFor(`${proxyUrl}/nginx-health`);
  file.put("health.html", "ok\n");
  await waitFor(`${file.url}/health.html`, 10_000);
  for (const [index, route] of PUBLIC_ROUTES.entries()) {
    for (const encoding of ENCODINGS) {
      const headers = REQUEST_HEADERS[encoding];
      // Twice: the first answer may come from the app and fill nginx's cache.
      await getRaw(`${proxyUrl}${route}`, headers);
      const sample = await getRaw(`${proxyUrl}${route}`, headers);
      const name = `page-${index}.html`;
      file.put(name, encoding === "identity" ? sample.body : (await getRaw(`${proxyUrl}${route}`)).body);
      // The compressed copy nginx sent, stored as a static site would keep it.
      const sent = sample.headers["content-encoding"];
      if (sent === "gzip" || (sent === "br" && brotliStatic)) file.put(`${name}.${sent === "gzip" ? "gz" : "br"}`, sample.body);
      const check = await getRaw(`${file.url}/${name}`, headers);
      if (!check.body.equals(sample.body)) throw new Error(`the file reference for ${route} (${encoding}) does not send nginx's bytes`);
      const proxied = await measure(`${proxyUrl}${route}`, { duration: DURATION, headers });
      const reference = await measure(`${file.url}/${name}`, { duration: DURATION, headers });
      const ratio = reference.rps ? proxied.rps / reference.rps : 0;
      const row = {
        route,
        encoding,
        status: sample.status,
        bytes: sample.body.length,
        sentEncoding: sample.headers["content-encoding"] ?? "identity",
        proxied,
        reference,
        ratio,
        met: sample.status === 200 && proxied.non2xx === 0 && ratio >= GOAL.ratio && proxied.p99 <= GOAL.p99,
      };
      rows.push(row);
      console.log(
        `${route} (${encoding}): ${proxied.rps} req/s p99 ${proxied.p99} ms, file ${reference.rps} req/s p99 ${reference.p99} ms, ${ratio.toFixed(2)}x${row.met ? "" : " (goal missed)"}`,
      );
    }
  }
} finally {
  file.stop();
  stopProxy();
  await app.stop();
  await sleep(300);
  rmSync(work, { recursive: true, force: true });
}

const after = machine();
const date = new Date().toISOString().replace(/\.\d+Z$/, "Z");
const markdown = [
  `**Through nginx, one instance** — deploy/nginx.conf (as deploy/nginx-local.mjs runs it, one worker) in front of one \`pnpm start\` on the embedded database, against nginx sending the same bytes from a file (its compressed copies stored beside it${brotliStatic ? "" : ", Brotli compressed per request: no brotli_static module here"}); ${CONNECTIONS} connections, ${DURATION} s per measurement, autocannon on the same ${after.cpus} cores; ${date}, load average ${before.load} → ${after.load}. Goal: ≥ ${GOAL.ratio}× the file's req/s and p99 ≤ ${GOAL.p99} ms.`,
  "",
  "| page | asked | sent | bytes | status | req/s | p50 ms | p99 ms | file req/s | file p99 ms | nginx+app / file | met |",
  "| --- | --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ...rows.map(
    (r) =>
      `| \`${r.route}\` | ${r.encoding} | ${r.sentEncoding} | ${r.bytes} | ${r.status} | ${r.proxied.rps} | ${r.proxied.p50} | ${r.proxied.p99} | ${r.reference.rps} | ${r.reference.p99} | ${r.ratio.toFixed(2)} | ${r.met ? "yes" : "**no**"} |`,
  ),
].join("\n");
console.log(`\n${markdown}\n`);
if (!process.env.BENCH_NO_RECORD) {
  mkdirSync(path.join(repoRoot, "bench/results"), { recursive: true });
  writeFileSync(
    path.join(repoRoot, "bench/results", `nginx-${date.replace(/:/g, "-")}.json`),
    JSON.stringify({ date, connections: CONNECTIONS, duration: DURATION, goal: GOAL, before, after, rows }, null, 2),
  );
  await updateReadmeBlock("nginx", markdown, "## HTTP benchmark\n\nMeasured by `pnpm bench nginx` (bench/nginx.bench.mjs).");
}
if (rows.some((r) => !r.met)) process.exitCode = 1;
