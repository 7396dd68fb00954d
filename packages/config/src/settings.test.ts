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
});
