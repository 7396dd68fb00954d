import http from "node:http";
import net from "node:net";
import { afterEach, expect, it } from "vitest";
import { stopGracefully } from "./graceful-stop.mjs";

/** @type {(() => void)[]} */
const cleanups = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

/** A server on a free loopback port, stopped by stopGracefully with a recorded exit instead of process.exit. */
async function serve(drainMs, finishMs = 5_000) {
  const exits = [];
  // GET /stuck never answers: a request that would hold the process forever.
  const server = http.createServer((request, response) => (request.url === "/stuck" ? undefined : response.end("ok")));
  const stop = stopGracefully(server, { drainMs, finishMs, exit: (code) => exits.push(code), signals: [] });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => server.closeAllConnections());
  const { port } = /** @type {net.AddressInfo} */ (server.address());
  return { port, stop, exits, server };
}

/** One keep-alive connection that sends raw requests and reads whole answers. */
async function connection(port) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  cleanups.push(() => socket.destroy());
  let buffer = "";
  socket.on("data", (chunk) => (buffer += chunk));
  return {
    socket,
    /** Sends a POST and resolves with the raw answer, or with "" when the connection is closed first. */
    post: () =>
      new Promise((resolve) => {
        buffer = "";
        const done = () => resolve(buffer);
        socket.once("close", done);
        socket.write("POST /subscribe HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}");
        const poll = setInterval(() => {
          if (buffer.endsWith("ok")) {
            clearInterval(poll);
            socket.off("close", done);
            resolve(buffer);
          }
        }, 5);
        socket.once("close", () => clearInterval(poll));
      }),
  };
}

it("answers a request sent on an open keep-alive connection after the stop began, and says to close it", async () => {
  const { port, stop } = await serve(1_000);
  const open = await connection(port);
  expect(await open.post()).toMatch(/^HTTP\/1\.1 200/);
  stop();
  // The idle connection is still there: the request a proxy writes now is answered, not reset.
  const answer = await open.post();
  expect(answer).toMatch(/^HTTP\/1\.1 200/);
  expect(answer.toLowerCase()).toContain("connection: close");
});

it("refuses new connections at once, closes idle ones after the drain and then exits", async () => {
  const { port, stop, exits } = await serve(200);
  const idle = await connection(port);
  expect(await idle.post()).toMatch(/^HTTP\/1\.1 200/);
  const closed = new Promise((resolve) => idle.socket.once("close", resolve));
  stop();
  await expect(connection(port)).rejects.toThrow(/ECONNREFUSED/);
  await closed;
  await expect.poll(() => exits).toEqual([0]);
});

it("exits after the drain and the time to finish even while a request is stuck, so a deploy is never held", async () => {
  const { port, stop, exits } = await serve(100, 300);
  const busy = await connection(port);
  busy.socket.write("GET /stuck HTTP/1.1\r\nHost: x\r\n\r\n");
  await new Promise((resolve) => setTimeout(resolve, 50));
  const stopped = Date.now();
  stop();
  await new Promise((resolve) => setTimeout(resolve, 250));
  expect(exits).toEqual([]);
  await expect.poll(() => exits, { timeout: 2_000 }).toEqual([0]);
  expect(Date.now() - stopped).toBeGreaterThanOrEqual(400);
});
