// The slow-4G bench's reference for LCP: each page's HTML without any script, sent by a node:http
// server compressed as deploy/nginx.conf compresses (Brotli or gzip, level 5); every other request
// (stylesheets, fonts, images) is passed to `upstream` (the build under test, behind its nginx), so
// the page paints with the same resources, only without JavaScript.
import http from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** `pages` maps a path to its HTML; `upstream` is the base URL of the build. Resolves to `{ url, stop }`. */
export function startNoScriptServer({ port, pages, upstream }) {
  const encoded = new Map(
    [...pages].map(([route, html]) => [
      route,
      {
        br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
        gzip: gzipSync(html, { level: 5 }),
      },
    ]),
  );
  const target = new URL(upstream);
  const server = http.createServer((request, response) => {
    const page = encoded.get(request.url);
    if (page) {
      const encoding = /\bbr\b/.test(request.headers["accept-encoding"] ?? "") ? "br" : "gzip";
      const body = page[encoding];
      response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": encoding, "content-length": body.length });
      response.end(body);
      return;
    }
    const forward = http.request(
      { host: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on("error", () => response.destroy());
    request.pipe(forward);
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${port}`, stop: () => new Promise((done) => server.close(done)) }),
    ),
  );
}
