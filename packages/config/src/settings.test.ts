import { describe, expect, it } from "vitest";
import { assertValidSettings, settings, settingsProblems } from "./settings";

describe("settings", () => {
  it("defaults the public URL to localhost on the configured port, without a trailing slash", () => {
    expect(settings({ PORT: "4123" }).appUrl).toBe("http://localhost:4123");
    expect(settings({ APP_URL: "https://coach.example/" }).appUrl).toBe("https://coach.example");
  });

  it("lists every invalid setting in one message", () => {
    const env = { APP_URL: "not a url", LOG_LEVEL: "loud", RATE_LIMIT_MULTIPLIER: "0", NODE_ENV: "production" };
    const problems = settingsProblems(env);
    expect(problems).toHaveLength(4);
    expect(() => assertValidSettings(env)).toThrow(/APP_URL[\s\S]*RATE_LIMIT_MULTIPLIER[\s\S]*LOG_LEVEL[\s\S]*AUTH_SECRET/);
  });

  it("never replaces a bad value with a default", () => {
    expect(() => settings({ LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL must be one of/);
  });

  it("treats blank values as unset", () => {
    expect(settings({ RESEND_API_KEY: "  " }).resend.apiKey).toBeUndefined();
  });

  it("reads the shared-cache and object-storage settings, and refuses an incomplete S3 setup", () => {
    expect(settings({}).redisUrl).toBeUndefined();
    expect(settings({}).s3).toBeUndefined();
    expect(settings({ REDIS_URL: "redis://cache:6379/2" }).redisUrl).toBe("redis://cache:6379/2");
    expect(() => settings({ REDIS_URL: "cache:6379" })).toThrow(/REDIS_URL must be a redis/);
    const s3 = settings({
      S3_ENDPOINT: "http://minio:9000",
      S3_BUCKET: "uploads",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "1",
    }).s3;
    expect(s3).toEqual({
      endpoint: "http://minio:9000",
      bucket: "uploads",
      region: "us-east-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
    expect(settingsProblems({ S3_ENDPOINT: "http://minio:9000" })).toEqual([
      "S3_BUCKET: required when S3_ENDPOINT or S3_ACCESS_KEY_ID is set",
    ]);
    expect(() => settings({ S3_BUCKET: "uploads", S3_ACCESS_KEY_ID: "id" })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });
});
