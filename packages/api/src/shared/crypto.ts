/**
 * Encryption at rest for what must never be readable from the database, a dump or a backup: the
 * Google client secret and OAuth tokens, and the coach's private session notes (coaching/notes/service.ts).
 * AES-256-GCM with a random 96-bit IV per value. The key comes from ENCRYPTION_KEY (32 bytes as base64 or hex, or any long
 * passphrase) or, failing that, is derived from AUTH_SECRET with HKDF, so a fresh install needs no
 * extra setting. Values are written as "v1.<iv>.<tag>.<ciphertext>" (base64url).
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { getAuthSecret } from "@coach/auth";
import { settings } from "@coach/config";

const VERSION = "v1";
// The label predates the notes; it stays, or every value already stored would stop decrypting.
const INFO = "coach/app-settings-encryption/v1";

function keyFromEnv(): Buffer {
  const raw = settings().encryptionKey;
  if (raw) {
    if (/^[0-9a-f]{64}$/i.test(raw)) return Buffer.from(raw, "hex");
    const b64 = Buffer.from(raw, "base64");
    if (b64.length === 32 && /^[A-Za-z0-9+/_-]+=*$/.test(raw)) return b64;
    // A passphrase: stretch it to 32 bytes (HKDF, not a password hash: it is a server-side secret).
    return Buffer.from(hkdfSync("sha256", raw, "coach-encryption-key", INFO, 32));
  }
  return Buffer.from(hkdfSync("sha256", getAuthSecret(), "coach-auth-secret", INFO, 32));
}

let cache: { source: string; key: Buffer } | undefined;

function encryptionKey(): Buffer {
  // Re-derive when the environment changes (tests switch keys); cheap either way.
  const source = createHash("sha256")
    .update(settings().encryptionKey ?? "")
    .update("\0")
    .update(settings().encryptionKey ? "" : getAuthSecret())
    .digest("hex");
  if (cache?.source !== source) cache = { source, key: keyFromEnv() };
  return cache.key;
}

export function encryptSecret(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString("base64url"), tag.toString("base64url"), ciphertext.toString("base64url")].join(".");
}

export class DecryptionError extends Error {
  constructor() {
    super("A stored secret could not be decrypted (was ENCRYPTION_KEY or AUTH_SECRET changed?).");
    this.name = "DecryptionError";
  }
}

export function decryptSecret(value: string): string {
  const [version, iv, tag, ciphertext, ...rest] = value.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length) throw new DecryptionError();
  try {
    const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new DecryptionError();
  }
}
