// @ts-check
// deploy/nginx.conf for a run on loopback (the multi-instance suite, the bench): the same file with
// only where nginx listens, where the apps are, and its own files (cache included, and the inner
// server's address, a socket there) in `dir` changed;
// Brotli added where Debian's module (libnginx-mod-http-brotli-filter) is installed; and, when asked,
// X-Upstream and X-Cache response headers naming the app that answered and what the cache did
// (tests only: a public site should not tell visitors its internal addresses).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const CONF = fileURLToPath(new URL("./nginx.conf", import.meta.url));
export const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so";

/**
 * Starts nginx in the foreground; resolves to a function that stops it.
 * @param {{ dir: string; port: number; upstreams: number[]; upstreamHeader?: boolean }} options
 */
export function startNginx({ dir, port, upstreams, upstreamHeader = false }) {
  mkdirSync(path.join(dir, "logs"), { recursive: true });
  let conf = readFileSync(CONF, "utf8");
  /** @param {string | RegExp} from @param {string} to */
  const replace = (from, to) => {
    const next = conf.replace(from, to);
    if (next === conf) throw new Error(`deploy/nginx.conf no longer contains ${String(from)}`);
    conf = next;
  };
  replace(/( *)server app1:3000([^;]*);\n *server app2:3000[^;]*;/, upstreams.map((p) => `$1server 127.0.0.1:${p}$2;`).join("\n"));
  replace("listen 80;", `listen 127.0.0.1:${port};`);
  // Every app address the inner server tried, the one that answered last ("127.0.0.1:3301, 127.0.0.1:3302"
  // after a retry), passed to the front as X-App; the front names it only when this request went to an app
  // (not for a copy from its cache, fresh or stale, which an app that has since stopped may have made),
  // and says what its cache did.
  if (upstreamHeader) {
    replace("proxy_connect_timeout 2s;", "proxy_connect_timeout 2s;\n    add_header X-App $upstream_addr always;");
    replace(
      "proxy_cache_lock_timeout 2s;",
      "proxy_cache_lock_timeout 2s;\n    proxy_hide_header X-App;\n    add_header X-Upstream $app_asked always;\n    add_header X-Cache $upstream_cache_status always;",
    );
    replace(
      "  map $http_cookie",
      '  map $upstream_cache_status $app_asked {\n    default "";\n    "" $upstream_http_x_app;\n    MISS $upstream_http_x_app;\n    EXPIRED $upstream_http_x_app;\n    BYPASS $upstream_http_x_app;\n  }\n  map $http_cookie',
    );
  }
  replace("/var/cache/nginx/coach", path.join(dir, "cache"));
  // The inner server on a socket in `dir`: several of these nginx may run at once (the slow-4G bench runs two).
  replace("server 127.0.0.1:8081;", `server unix:${path.join(dir, "compress.sock")};`);
  replace("listen 127.0.0.1:8081;", `listen unix:${path.join(dir, "compress.sock")};`);
  if (existsSync(BROTLI_MODULE)) {
    replace("worker_processes auto;", `load_module ${BROTLI_MODULE};\nworker_processes auto;`);
    replace('    "~1$" gzip;', '    "~^1" br;\n    "~1$" gzip;');
    replace(
      "gzip on;",
      "brotli on;\n  brotli_comp_level 5;\n  brotli_types text/css text/plain text/xml application/javascript application/json application/xml application/rss+xml image/svg+xml text/x-component;\n  gzip on;",
    );
  }
  const root = process.getuid?.() === 0 ? "\nuser root;" : "";
  replace("worker_processes auto;", `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log;${root}`);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `  ${name}_temp_path ${dir}/${name};`).join("\n");
  replace("http {", `http {\n${temp}`);
  const file = path.join(dir, "nginx.conf");
  writeFileSync(file, conf);
  const child = spawn("nginx", ["-p", dir, "-c", file, "-g", "daemon off;"], { stdio: "inherit" });
  return () => {
    if (child.exitCode === null) child.kill("SIGTERM");
  };
}
