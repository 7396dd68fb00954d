import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { settings } from "@coach/config";
import { dataDir } from "@coach/db";

let cached: string | undefined;

/**
 * The key that signs and encrypts session tokens.
 * Production requires AUTH_SECRET (a clear start-up error otherwise); development generates one
 * and keeps it in DATA_DIR so sessions survive restarts.
 */
export function getAuthSecret(): string {
  const { authSecret, production, allowGeneratedAuthSecret } = settings();
  if (authSecret) return authSecret;
  if (cached) return cached;
  if (production && !allowGeneratedAuthSecret) {
    throw new Error(
      "AUTH_SECRET is not set. Set it to a long random value (for example: openssl rand -base64 32) before starting in production.",
    );
  }
  const file = path.join(dataDir(), "auth-secret");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  cached = readFileSync(file, "utf8").trim();
  return cached;
}
