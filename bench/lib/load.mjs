// The load generator every HTTP bench uses (autocannon, in this process), and how its result is kept.
import http from "node:http";
import os from "node:os";
import autocannon from "autocannon";

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** `duration` seconds of `connections` connections against `url`; `options` go to autocannon (headers, requests). */
export function measure(url, { duration, connections = CONNECTIONS, ...options }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      });
    });
  });
}

/** The machine's 1-minute load average and core count, for the tables' notes. */
export function machine() {
  return { load: Number(os.loadavg()[0].toFixed(1)), cpus: os.cpus().length };
}

/** One GET with `headers`, answered as sent (no decompression): `{ status, headers, body }`. */
export function getRaw(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Resolves once `url` answers 2xx; rejects after `timeoutMs`. */
export async function waitFor(url, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
