import { defineConfig, devices } from "@playwright/test";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_ARGS, findChromium } from "../../scripts/chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `coach-e2e-${port}`);
/** Where e2e/appointments.spec.ts runs its loopback fake of Google's OAuth and Calendar APIs. */
export const E2E_GOOGLE_PORT = Number(process.env.E2E_GOOGLE_PORT ?? port + 10_000);
/** Where e2e/payments-credits.spec.ts runs its loopback Stripe fake, with the key and webhook secret the server is given. */
export const E2E_STRIPE = {
  port: Number(process.env.E2E_STRIPE_PORT ?? port + 11_000),
  secretKey: "sk_test_e2e_only",
  webhookSecret: "whsec_e2e_only",
};
export const E2E_STRIPE_PORT = E2E_STRIPE.port;
export const E2E_STRIPE_SECRET_KEY = E2E_STRIPE.secretKey;
export const E2E_STRIPE_WEBHOOK_SECRET = E2E_STRIPE.webhookSecret;

/**
 * End-to-end tests run against the production build (`pnpm build` first) on a throwaway embedded
 * database, in the system's Chromium.
 */
export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: "chromium",
      testIgnore: /soak\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS } },
    },
    // Load last: it fills the calendar and the database.
    { name: "soak", testMatch: /soak\.spec\.ts/, dependencies: ["chromium"] },
  ],
  webServer: {
    // The production server as `pnpm start` runs it (server.mjs: Next.js behind the request-target
    // and client-address guard). Every run starts from an empty embedded database, removed here just before the server starts
    // (a globalSetup would run after the server is up and pull the database from under it).
    command: `node -e "require('node:fs').rmSync(process.env.DATA_DIR, { recursive: true, force: true })" && pnpm start --port ${port}`,
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      DATA_DIR: E2E_DATA_DIR,
      APP_URL: `http://localhost:${port}`,
      AUTH_SECRET: "e2e-only-secret-not-for-production-use-0123456789",
      RATE_LIMIT_MULTIPLIER: "50",
      DATABASE_URL: "",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
      ADMIN_USERNAME: "coach",
      ADMIN_EMAIL: "coach@example.com",
      ADMIN_PASSWORD: "coach-e2e-password",
      GOOGLE_OAUTH_BASE_URL: `http://127.0.0.1:${E2E_GOOGLE_PORT}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `http://127.0.0.1:${E2E_GOOGLE_PORT}/token`,
      GOOGLE_API_BASE_URL: `http://127.0.0.1:${E2E_GOOGLE_PORT}`,
      // Payments are on for the whole suite, but nothing is paid until a spec creates an offer (and it deactivates it after).
      STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
      STRIPE_API_BASE_URL: `http://127.0.0.1:${E2E_STRIPE.port}`,
    },
  },
});
