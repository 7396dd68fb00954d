// The multi-instance suite (apps/web/multi): two production servers on the last `pnpm build`, behind
// nginx, sharing PostgreSQL (TEST_DATABASE_URL), a redis-server, an S3 server and a Stripe fake of their own.
// Installs nginx and redis-server from the OS packages when missing, and says what it does.
import { execSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { BROTLI_MODULE } from "../deploy/nginx-local.mjs";

function has(command, args) {
  return spawnSync(command, args, { stdio: "ignore" }).status === 0;
}
function run(command) {
  console.log(`[multi] $ ${command}`);
  execSync(command, { stdio: "inherit" });
}

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    "[multi] skipped: the multi-instance suite runs on PostgreSQL; set TEST_DATABASE_URL (for example postgres://postgres@127.0.0.1:5432/test)",
  );
  process.exit(0);
}

const missing = [
  ["nginx", ["-v"], "nginx-light"],
  ["redis-server", ["--version"], "redis-server"],
].filter(([command, args]) => !has(command, args));
if (missing.length > 0) {
  const packages = missing.map(([, , pkg]) => pkg).join(" ");
  console.log(`[multi] installing ${packages} from the OS packages`);
  const sudo = process.getuid && process.getuid() === 0 ? "" : "sudo ";
  try {
    run(`${sudo}apt-get update -qq`);
    run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`);
  } catch {
    console.error(`[multi] could not install ${packages}. Install them yourself (Debian: apt-get install ${packages}).`);
    process.exit(1);
  }
}
// Brotli is optional (nginx gzips without it): installed when the OS has the package, else skipped.
if (!existsSync(BROTLI_MODULE)) {
  const sudo = process.getuid && process.getuid() === 0 ? "" : "sudo ";
  try {
    run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libnginx-mod-http-brotli-filter`);
  } catch {
    console.log("[multi] nginx's Brotli module is not available here: nginx compresses with gzip only");
  }
}
// nginx is started by the suite itself, with deploy/nginx.conf rewritten for loopback; the
// package's own service is not needed.
const result = spawnSync("pnpm", ["--filter", "@coach/web", "test:multi"], { stdio: "inherit" });
process.exit(result.status ?? 1);
