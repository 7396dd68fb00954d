/**
 * The multi-instance rig on loopback: a fresh PostgreSQL database, our own redis-server, s3rver,
 * the Stripe fake, two production servers (server.mjs on the same build, each running its workers)
 * and nginx in front with deploy/nginx.conf (only the addresses rewritten).
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types; a loopback S3 server for tests.
import S3rver from "s3rver";
import { startStripeFake, stripeEnv } from "@coach/payments/testing/stripe-fake";
import { startNginx } from "../../../deploy/nginx-local.mjs";
import { startRedis } from "../server/redis-test-server.mjs";
import { productionServer, waitFor } from "./instance.mjs";

const base = Number(process.env.MULTI_BASE_PORT ?? 3300);
export const PORTS = { balancer: base, a: base + 1, b: base + 2, s3: base + 10, redis: Number(process.env.MULTI_REDIS_PORT ?? 6390) };
export const APP_URL = `http://127.0.0.1:${PORTS.balancer}`;
export const URLS = { balancer: APP_URL, a: `http://127.0.0.1:${PORTS.a}`, b: `http://127.0.0.1:${PORTS.b}` };
export const ADMIN = { username: "coach", password: "coach-multi-password" };
/** Where Stripe sends its events: the public address, as a real webhook endpoint is configured. */
export const STRIPE_WEBHOOK_URL = `${APP_URL}/api/stripe/webhook`;

export interface Server {
  name: "a" | "b";
  url: string;
  dataDir: string;
  output: string[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startCluster({ beforeServers }: { beforeServers?: (databaseUrl: string) => Promise<void> } = {}) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error("The multi-instance suite runs on PostgreSQL: set TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test)");
  const dbName = `coach_multi_${process.pid}_${randomBytes(3).toString("hex")}`;
  execFileSync("psql", [adminUrl, "-qc", `create database "${dbName}"`]);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();

  const work = mkdtempSync(path.join(tmpdir(), "coach-multi-"));
  /** Undone in reverse order by stop(), or at once when start-up fails half-way. */
  const cleanups: (() => unknown)[] = [
    () => {
      try {
        execFileSync("psql", [adminUrl, "-qc", `drop database if exists "${dbName}" with (force)`]);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  ];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error("multi-instance clean-up:", error);
      }
    }
  };
  try {
    return await start();
  } catch (error) {
    await stop();
    throw error;
  }

  async function start() {
    const redis = await startRedis(PORTS.redis);
    cleanups.push(() => redis.stop());
    const s3 = new S3rver({ address: "127.0.0.1", port: PORTS.s3, silent: true, directory: path.join(work, "s3") });
    await s3.run();
    cleanups.push(() => s3.close());
    // Payments on for both servers, as in production: nothing is paid until a test puts an offer on
    // sale. Any free port: the servers learn it from STRIPE_API_BASE_URL.
    const stripe = await startStripeFake({ deliverTo: STRIPE_WEBHOOK_URL });
    cleanups.push(() => stripe.close());

    const env = {
      ...process.env,
      NODE_ENV: "production" as const,
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      S3_ENDPOINT: `http://127.0.0.1:${PORTS.s3}`,
      S3_BUCKET: "coach-uploads",
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "1",
      TRUSTED_PROXIES: "1",
      APP_URL,
      AUTH_SECRET: "multi-only-secret-not-for-production-use-0123456789",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_EMAIL: "coach@example.com",
      ADMIN_PASSWORD: ADMIN.password,
      // Small enough that the abuse-limit test reaches a limit quickly, large enough for the rest.
      RATE_LIMIT_MULTIPLIER: "5",
      RESEND_API_KEY: "",
      ...stripeEnv(stripe),
    };

    const servers = (["a", "b"] as const).map((name): Server => {
      const dataDir = path.join(work, `data-${name}`);
      mkdirSync(dataDir, { recursive: true });
      const output: string[] = [];
      const server = productionServer({ name, port: PORTS[name], env: { ...env, DATA_DIR: dataDir }, output });
      return { name, url: URLS[name], dataDir, output, start: server.start, stop: server.stop };
    });
    const [a, b] = servers as [Server, Server];

    // nginx with the committed configuration: only where it listens and where the apps are changes.
    // It also names, in X-Upstream, the server that answered (so a test sees A back in the rotation).
    const stopNginx = startNginx({
      dir: path.join(work, "nginx"),
      port: PORTS.balancer,
      upstreams: [PORTS.a, PORTS.b],
      upstreamHeader: true,
    });
    cleanups.push(stopNginx);
    cleanups.push(() => Promise.all([a.stop(), b.stop()]));

    await beforeServers?.(databaseUrl);
    // Both at once: they race for the migration lock and for every worker claim, as replicas do.
    await Promise.all([a.start(), b.start()]);
    await waitFor(`${APP_URL}/nginx-health`, "nginx");

    return {
      a,
      b,
      redis,
      stripe,
      databaseUrl,
      stop,
    };
  }
}
export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** A visitor with a cookie jar, talking to one address (a server or the balancer). */
export class Visitor {
  cookies = new Map<string, string>();
  constructor(public url: string) {}

  at(url: string): Visitor {
    const other = new Visitor(url);
    other.cookies = this.cookies;
    return other;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(pathname: string, init: { method?: string; json?: unknown; cookie?: string } = {}): Promise<Response> {
    const headers: Record<string, string> = { cookie: init.cookie ?? this.cookieHeader() };
    if (init.json !== undefined) headers["content-type"] = "application/json";
    // Same-site, as a browser behind the balancer sends it (the CSRF check reads it).
    if (init.method && init.method !== "GET") headers.origin = APP_URL;
    const response = await fetch(this.url + pathname, {
      method: init.method ?? "GET",
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, checked by each test
  async json<T = any>(pathname: string, init: { method?: string; json?: unknown } = {}): Promise<{ status: number; body: T }> {
    const response = await this.request(pathname, init);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, body: body as T };
  }

  /** A tRPC mutation (superjson body), answering the procedure's result or throwing its error. */
  async mutate<T = unknown>(procedure: string, input: unknown): Promise<T> {
    const { status, body } = await this.json(`/api/trpc/${procedure}`, { method: "POST", json: { json: input } });
    if (status !== 200) throw new Error(`${procedure}: ${status} ${JSON.stringify(body)}`);
    return body.result.data.json as T;
  }

  async signIn(username: string, password: string): Promise<void> {
    const { status, body } = await this.json("/api/auth/login", { method: "POST", json: { username, password } });
    if (status !== 200) throw new Error(`login ${username}: ${status} ${JSON.stringify(body)}`);
  }

  async register(): Promise<{ id: number; username: string; email: string; password: string }> {
    const suffix = randomBytes(5).toString("hex");
    const account = {
      username: `multi_${suffix}`,
      email: `multi_${suffix}@example.com`,
      password: `pw-${suffix}-Long-enough`,
      firstName: "Multi",
      lastName: "Tester",
    };
    const { status, body } = await this.json("/api/auth/register", {
      method: "POST",
      json: { ...account, confirmPassword: account.password },
    });
    if (status !== 200) throw new Error(`register: ${status} ${JSON.stringify(body)}`);
    return { ...account, id: body.user.id };
  }
}

/** Polls `check` until it holds or `timeoutMs` passes; answers whether it held. */
export async function within(timeoutMs: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  do {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  } while (Date.now() < deadline);
  return check();
}
