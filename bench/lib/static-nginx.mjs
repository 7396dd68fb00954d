// The nginx bench's reference: nginx serving fixed bytes from files, with nothing else to do. It
// compresses as the nginx under test does: its gzip (and Brotli) settings are copied from the
// configuration deploy/nginx-local.mjs wrote, so both sides pay the same compression per request
// and send the same bytes.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

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
  const conf = `${compression.modules.join("\n")}
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
  ${compression.directives.join("\n  ")}
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
