/**
 * Every setting the README lists, read from the environment and checked in one place.
 * Application code calls `settings()`; nothing else reads `process.env` (an ESLint rule
 * keeps it that way). Start-up calls `assertValidSettings()`, which reports every invalid
 * setting in one message instead of failing on the first one used.
 *
 * Values are re-parsed when the environment changes (tests set variables per case);
 * otherwise the parsed object is reused, so a hot path pays one string comparison.
 */
import { z } from "zod";
import { parseTrustedProxies, type TrustedProxies } from "./trusted-proxies.mjs";

const optionalText = z
  .string()
  .transform((value) => value.trim())
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const optionalUrl = (what: string) =>
  optionalText.refine(
    (value) => value === undefined || URL.canParse(value),
    `${what} must be an absolute URL (for example https://example.com)`,
  );

const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;

const schema = z.object({
  NODE_ENV: optionalText,
  PORT: optionalText.refine((v) => v === undefined || /^\d{1,5}$/.test(v), "PORT must be a port number"),
  HOSTNAME: optionalText,
  DATABASE_URL: optionalUrl("DATABASE_URL"),
  DATA_DIR: optionalText,
  MIGRATIONS_DIR: optionalText,
  APP_URL: optionalUrl("APP_URL"),
  AUTH_SECRET: optionalText,
  ALLOW_GENERATED_AUTH_SECRET: optionalText,
  ADMIN_USERNAME: optionalText,
  ADMIN_EMAIL: optionalText.refine((v) => v === undefined || z.email().safeParse(v).success, "ADMIN_EMAIL must be an email address"),
  ADMIN_PASSWORD: optionalText,
  RESEND_API_KEY: optionalText,
  RESEND_BASE_URL: optionalUrl("RESEND_BASE_URL"),
  MAIL_FROM: optionalText,
  ENCRYPTION_KEY: optionalText,
  GOOGLE_OAUTH_BASE_URL: optionalUrl("GOOGLE_OAUTH_BASE_URL"),
  GOOGLE_TOKEN_URL: optionalUrl("GOOGLE_TOKEN_URL"),
  GOOGLE_API_BASE_URL: optionalUrl("GOOGLE_API_BASE_URL"),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE_URL: optionalUrl("STRIPE_API_BASE_URL"),
  SELLER_NAME: optionalText,
  SELLER_ADDRESS: optionalText,
  SELLER_TAX_ID: optionalText,
  RATE_LIMIT_MULTIPLIER: optionalText.refine(
    (v) => v === undefined || (Number.isFinite(Number(v)) && Number(v) >= 1),
    "RATE_LIMIT_MULTIPLIER must be a number of at least 1",
  ),
  TRUSTED_PROXIES: optionalText.superRefine((value, ctx) => {
    try {
      parseTrustedProxies(value);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message.replace(/^TRUSTED_PROXIES: /, "") });
    }
  }),
  LOG_LEVEL: optionalText.refine(
    (v) => v === undefined || (LOG_LEVELS as readonly string[]).includes(v),
    `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`,
  ),
  REDIS_URL: optionalText.refine((v) => v === undefined || /^rediss?:\/\/./.test(v), "REDIS_URL must be a redis:// or rediss:// URL"),
  S3_ENDPOINT: optionalUrl("S3_ENDPOINT"),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText.refine(
    (v) => v === undefined || ["0", "1", "true", "false"].includes(v),
    "S3_FORCE_PATH_STYLE must be 1 or 0",
  ),
});

type Raw = z.infer<typeof schema>;
const KEYS = Object.keys(schema.shape) as (keyof Raw)[];

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Settings {
  nodeEnv: string;
  production: boolean;
  port: number;
  hostname: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string | undefined;
  migrationsDir: string | undefined;
  /** Public base URL without a trailing slash (APP_URL, or http://localhost:PORT). */
  appUrl: string;
  /** Whether APP_URL is configured explicitly (CSRF and cookies trust only a configured one). */
  appUrlConfigured: boolean;
  authSecret: string | undefined;
  allowGeneratedAuthSecret: boolean;
  admin: { username: string | undefined; email: string | undefined; password: string | undefined };
  resend: { apiKey: string | undefined; baseUrl: string | undefined };
  mailFrom: string | undefined;
  encryptionKey: string | undefined;
  google: { oauthBaseUrl: string | undefined; tokenUrl: string | undefined; apiBaseUrl: string | undefined };
  /** Stripe (decision 27): no secret key means paid offers are hidden; the base URL is only for the tests' loopback fake. */
  stripe: { secretKey: string | undefined; webhookSecret: string | undefined; apiBaseUrl: string | undefined };
  /** The seller's details printed on invoices (a European buyer needs the seller's name, address and VAT id). */
  seller: { name: string | undefined; address: string | undefined; taxId: string | undefined };
  rateLimitMultiplier: number;
  /** Reverse proxies allowed to name the client's address (see trusted-proxies.mjs and the README). */
  trustedProxies: TrustedProxies;
  /** Upcoming appointments one client may hold at once (the coach's admin accounts are not bound); 0: no limit. */
  logLevel: LogLevel;
  /** Shared page cache and change notices across instances; unset: each process keeps its own. */
  redisUrl: string | undefined;
  /** Uploaded images in S3-compatible storage; undefined: the local folder (DATA_DIR/uploads). */
  s3: S3Settings | undefined;
}

export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

type Env = Record<string, string | undefined>;

export class InvalidSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `- ${p}`).join("\n")}`);
    this.name = "InvalidSettingsError";
  }
}

/** Every problem with the given environment, one line each (empty when all is well). */
export function settingsProblems(env: Env = process.env): string[] {
  const parsed = schema.safeParse(pick(env));
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
  const nodeEnv = env.NODE_ENV ?? "development";
  if (parsed.success) problems.push(...s3Problems(parsed.data));
  if (nodeEnv === "production" && !env.AUTH_SECRET?.trim() && env.ALLOW_GENERATED_AUTH_SECRET !== "1") {
    problems.push("AUTH_SECRET: required in production (generate one with `openssl rand -base64 32`)");
  }
  return problems;
}

/** S3 settings that only make sense together. */
function s3Problems(raw: Raw): string[] {
  const problems: string[] = [];
  if (!raw.S3_BUCKET && (raw.S3_ENDPOINT || raw.S3_ACCESS_KEY_ID))
    problems.push("S3_BUCKET: required when S3_ENDPOINT or S3_ACCESS_KEY_ID is set");
  if (Boolean(raw.S3_ACCESS_KEY_ID) !== Boolean(raw.S3_SECRET_ACCESS_KEY)) {
    problems.push("S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together");
  }
  return problems;
}

/** Throws one error listing every invalid setting (start-up). */
export function assertValidSettings(env: Env = process.env): void {
  const problems = settingsProblems(env);
  if (problems.length > 0) throw new InvalidSettingsError(problems);
}

function pick(env: Env): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of KEYS) out[key] = env[key];
  return out;
}

function fromRaw(raw: Raw): Settings {
  const port = Number(raw.PORT ?? 3000);
  const nodeEnv = raw.NODE_ENV ?? "development";
  return {
    nodeEnv,
    production: nodeEnv === "production",
    port,
    hostname: raw.HOSTNAME,
    databaseUrl: raw.DATABASE_URL,
    dataDir: raw.DATA_DIR,
    migrationsDir: raw.MIGRATIONS_DIR,
    appUrl: (raw.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    appUrlConfigured: raw.APP_URL !== undefined,
    authSecret: raw.AUTH_SECRET,
    allowGeneratedAuthSecret: raw.ALLOW_GENERATED_AUTH_SECRET === "1",
    admin: { username: raw.ADMIN_USERNAME, email: raw.ADMIN_EMAIL, password: raw.ADMIN_PASSWORD },
    resend: { apiKey: raw.RESEND_API_KEY, baseUrl: raw.RESEND_BASE_URL },
    mailFrom: raw.MAIL_FROM,
    encryptionKey: raw.ENCRYPTION_KEY,
    google: { oauthBaseUrl: raw.GOOGLE_OAUTH_BASE_URL, tokenUrl: raw.GOOGLE_TOKEN_URL, apiBaseUrl: raw.GOOGLE_API_BASE_URL },
    stripe: { secretKey: raw.STRIPE_SECRET_KEY, webhookSecret: raw.STRIPE_WEBHOOK_SECRET, apiBaseUrl: raw.STRIPE_API_BASE_URL },
    seller: { name: raw.SELLER_NAME, address: raw.SELLER_ADDRESS, taxId: raw.SELLER_TAX_ID },
    rateLimitMultiplier: Number(raw.RATE_LIMIT_MULTIPLIER ?? 1),
    trustedProxies: parseTrustedProxies(raw.TRUSTED_PROXIES),
    logLevel: (raw.LOG_LEVEL as LogLevel | undefined) ?? "info",
    redisUrl: raw.REDIS_URL,
    s3: raw.S3_BUCKET
      ? {
          endpoint: raw.S3_ENDPOINT,
          bucket: raw.S3_BUCKET,
          region: raw.S3_REGION ?? "us-east-1",
          accessKeyId: raw.S3_ACCESS_KEY_ID,
          secretAccessKey: raw.S3_SECRET_ACCESS_KEY,
          forcePathStyle: raw.S3_FORCE_PATH_STYLE === "1" || raw.S3_FORCE_PATH_STYLE === "true",
        }
      : undefined,
  };
}

let cache: { key: string; value: Settings } | undefined;

/**
 * The current settings. An invalid value throws the same message as start-up would,
 * so a bad setting is never silently replaced by a default.
 */
export function settings(env: Env = process.env): Settings {
  const key = KEYS.map((k) => env[k] ?? "\u0000").join("\u0001");
  if (cache?.key === key) return cache.value;
  const parsed = schema.safeParse(pick(env));
  if (!parsed.success || s3Problems(parsed.data).length > 0) throw new InvalidSettingsError(settingsProblems(env));
  const value = fromRaw(parsed.data);
  if (env === process.env) cache = { key, value };
  return value;
}

/** The public base URL, without a trailing slash: links in emails, canonical URLs, the sitemap. */
export function appUrl(): string {
  return settings().appUrl;
}

/**
 * next-auth v4 reads its base URL from NEXTAUTH_URL itself; derive it from APP_URL unless the
 * operator set it, so the public URL is configured once.
 */
export function provideNextAuthUrl(basePath: string): void {
  process.env.NEXTAUTH_URL ??= `${appUrl()}${basePath}`;
}
