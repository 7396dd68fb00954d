// @ts-check
// One production server (server.mjs, as `pnpm start` runs it, on the last build) that can be stopped
// and started again on the same port: the multi-instance suite's servers and bench/instances.bench.mjs's.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { terminate } from "../server/terminate.mjs";

const webDir = fileURLToPath(new URL("..", import.meta.url));

/**
 * Resolves once `url` answers 2xx; rejects after `timeoutMs`.
 * @param {string} url @param {string} what @param {number} [timeoutMs]
 */
export async function waitFor(url, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer at ${url}`);
}

/**
 * @param {{ name: string; port: number; env: NodeJS.ProcessEnv; output?: string[] }} options
 *   `env` is the whole environment (NODE_ENV, NEXT_DIST_DIR, DATABASE_URL...); with `output`, the
 *   server's stdout and stderr are kept there, else they are dropped.
 */
export function productionServer({ name, port, env, output }) {
  const url = `http://127.0.0.1:${port}`;
  /** @type {import("node:child_process").ChildProcess | undefined} */
  let child;
  return {
    name,
    url,
    /** Starts the server; resolves once its /api/health answers 200. */
    async start() {
      const started = spawn(process.execPath, ["server.mjs", "--port", String(port)], {
        cwd: webDir,
        env,
        stdio: ["ignore", output ? "pipe" : "ignore", output ? "pipe" : "inherit"],
      });
      started.stdout?.on("data", (chunk) => output?.push(String(chunk)));
      started.stderr?.on("data", (chunk) => output?.push(String(chunk)));
      child = started;
      let answered = false;
      /** @type {Promise<void>} */
      const exited = new Promise((_, reject) =>
        started.once("exit", (code) => answered || reject(new Error(`server ${name} exited (${code}) before answering`))),
      );
      exited.catch(() => undefined);
      await Promise.race([waitFor(`${url}/api/health`, `server ${name}`), exited]);
      answered = true;
    },
    /** Stops it (SIGTERM: the server finishes what it is doing); resolves once the process is gone. */
    async stop() {
      const running = child;
      child = undefined;
      await terminate(running);
    },
  };
}
