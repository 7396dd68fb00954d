// @ts-check
import { spawn } from "node:child_process";
import net from "node:net";
import { terminate } from "./terminate.mjs";

/** A free TCP port on loopback (asked of the kernel, then released). */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = server.address();
  await new Promise((resolve) => server.close(() => resolve(undefined)));
  return typeof address === "object" && address ? address.port : 0;
}

/**
 * A throw-away redis-server on loopback for tests (never the machine's shared one): no persistence,
 * resolved once it accepts connections. `stop()` ends it; `start()` brings it back on the same port.
 * @param {number} [port]
 */
export async function startRedis(port) {
  const chosen = port ?? (await freePort());
  /** @type {import("node:child_process").ChildProcess | undefined} */
  let child;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(chosen), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    for (let i = 0; i < 100; i++) {
      const open = await new Promise((resolve) => {
        const socket = net.connect(chosen, "127.0.0.1", () => (socket.end(), resolve(true)));
        socket.on("error", () => resolve(false));
      });
      if (open) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not start on port ${chosen}`);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    await terminate(running);
  };
  await start();
  return { url: `redis://127.0.0.1:${chosen}`, port: chosen, start, stop };
}
