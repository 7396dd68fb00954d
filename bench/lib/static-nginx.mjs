// The nginx bench's reference: nginx serving fixed bytes from files, with nothing else to do. It
// sends what the nginx under test sends: a page's compressed copies are put next to it (page.html.gz,
// page.html.br) and served as they are (gzip_static, and brotli_static where Debian's
// libnginx-mod-http-brotli-static is installed), as a static site with precompressed files would; the
// gzip (and Brotli) settings of the configuration under test are copied for anything else.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const BROTLI_STATIC_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";
/** Whether the reference can send a stored .br copy; without the module it compresses Brotli on the fly. */
export const brotliStatic = existsSync(BROTLI_STATIC_MODULE);

/** The compression directives (and the module they need) of an nginx configuration file. */
export function compressionOf(confFile) {
  const conf = readFileSync(confFile, "utf8");
  const lines = (pattern) => conf.split("\n").filter((line) => pattern.test(line.trim()));
  return { modules: lines(/^load_module\s.*brotli/), directives: lines(/^(gzip|brotli)\w*\s[^;]*;$/).map((line) => line.trim()) };
}

/**
 * Starts nginx in the foreground on `port`, serving `dir/files` with `compression`'s settings;
 * resolves to `{ url, put, stop }`; `put(name, bytes)` writes a file. One worker process, as
 * deploy/nginx-local.mjs runs the documented nginx on loopback.
 */
export function startStaticNginx({ dir, port, compression }) {
  const files = path.join(dir, "files");
  mkdirSync(path.join(dir, "logs"), { recursive: true });
  mkdirSync(files, { recursive: true });
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `  ${name}_temp_path ${dir}/${name};`).join("\n");
  const modules = [...compression.modules, ...(brotliStatic ? [`load_module ${BROTLI_STATIC_MODULE};`] : [])];
  const precompressed = ["gzip_static on;", ...(brotliStatic ? ["brotli_static on;"] : [])];
  const conf = `${modules.join("\n")}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log;${process.getuid?.() === 0 ? "\nuser root;" : ""}
events {
  worker_connections 1024;
}
http {
${temp}
  access_log off;
  server_tokens off;
  types {
    text/html html;
  }
  ${[...compression.directives, ...precompressed].join("\n  ")}
  server {
    listen 127.0.0.1:${port};
    root ${files};
  }
}
`;
  const file = path.join(dir, "nginx.conf");
  writeFileSync(file, conf);
  const child = spawn("nginx", ["-p", dir, "-c", file, "-g", "daemon off;"], { stdio: "inherit" });
  return {
    url: `http://127.0.0.1:${port}`,
    put: (name, bytes) => writeFileSync(path.join(files, name), bytes),
    stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
    },
  };
}
