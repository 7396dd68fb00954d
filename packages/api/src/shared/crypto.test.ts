import { afterEach, expect, it, vi } from "vitest";
import { DecryptionError, decryptSecret, encryptSecret } from "./crypto";

afterEach(() => vi.unstubAllEnvs());

it("round-trips a secret, never stores it in the clear, and uses a fresh IV each time", () => {
  vi.stubEnv("ENCRYPTION_KEY", "a".repeat(64));
  const a = encryptSecret("GOCSPX-very-secret");
  const b = encryptSecret("GOCSPX-very-secret");
  expect(a).not.toContain("very-secret");
  expect(a).not.toBe(b);
  expect(decryptSecret(a)).toBe("GOCSPX-very-secret");
});

it("refuses a tampered value or another key", () => {
  vi.stubEnv("ENCRYPTION_KEY", "a".repeat(64));
  const value = encryptSecret("token");
  const parts = value.split(".");
  parts[3] = Buffer.from("tampered").toString("base64url");
  expect(() => decryptSecret(parts.join("."))).toThrow(DecryptionError);
  vi.stubEnv("ENCRYPTION_KEY", "b".repeat(64));
  expect(() => decryptSecret(value)).toThrow(DecryptionError);
});

it("derives a key from AUTH_SECRET when ENCRYPTION_KEY is unset", () => {
  vi.stubEnv("ENCRYPTION_KEY", "");
  vi.stubEnv("AUTH_SECRET", "one-secret-for-sessions-0123456789");
  const value = encryptSecret("refresh-token");
  expect(decryptSecret(value)).toBe("refresh-token");
  vi.stubEnv("AUTH_SECRET", "another-secret-for-sessions-0123456789");
  expect(() => decryptSecret(value)).toThrow(DecryptionError);
});
