/**
 * The coach's console with a realistic volume of data: hundreds of people with results of all four
 * assessments, written into the database by a seed script before a server of this spec's own starts
 * on it (the shared e2e server starts empty). Every tab opens without taking the console down, the
 * Analytics tab shows alpha with its interval and item statistics, and the IQ test is calibrated.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, ADMIN_USERNAME } from "./helpers";

const PEOPLE = 240;
const port = Number(process.env.E2E_PORT ?? 3100) + 1;
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const base = `http://localhost:${port}`;
const dataDir = path.join(os.tmpdir(), `coach-e2e-analytics-${port}`);
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsx = path.resolve(webRoot, "../../packages/db/node_modules/.bin/tsx");

let server: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: base });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  rmSync(dataDir, { recursive: true, force: true });
  execFileSync(tsx, [path.join(webRoot, "e2e/seed/respondents.ts")], {
    cwd: webRoot,
    env: { ...process.env, DATA_DIR: dataDir, SEED_PEOPLE: String(PEOPLE) },
    stdio: "inherit",
  });
  server = spawn("pnpm", ["exec", "next", "start", "--port", String(port)], {
    cwd: webRoot,
    stdio: "ignore",
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      APP_URL: base,
      AUTH_SECRET: "e2e-only-secret-not-for-production-use-0123456789",
      RATE_LIMIT_MULTIPLIER: "50",
      NEXT_DIST_DIR: distDir,
      ADMIN_USERNAME,
      ADMIN_EMAIL: "coach@example.com",
      ADMIN_PASSWORD,
    },
  });
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error("the analytics server did not start");
});

test.afterAll(async () => {
  if (server?.pid) {
    const stopped = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await stopped;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function signInAsCoach(page: Page) {
  const response = await page.request.post("/api/auth/login", { data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD } });
  expect(response.status()).toBe(200);
}

test("every console tab opens with hundreds of people's results, and the console survives each", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await signInAsCoach(page);
  await page.goto("/admin");
  for (const name of ["Test Attempts", "Analytics", "Users", "Leadership Blog", "Newsletter", "Messages", "Audit Log"]) {
    await page.getByRole("tab", { name }).click();
    await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toBeVisible();
    await expect(page.getByText("This page couldn't load")).toHaveCount(0);
    await expect(page.getByText(/tab could not be shown/)).toHaveCount(0);
  }
  // The analytics figures for hundreds of people, leadership chart included (it crashed the console before).
  await page.getByRole("tab", { name: "Analytics" }).click();
  await expect(page.getByRole("figure", { name: /Leadership: primary styles \(\d+ results\)/ })).toBeVisible();
  await expect(page.getByRole("figure", { name: /IQ bands/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test("analytics shows alpha and KR-20 with their 90% interval and N, and the item statistics", async ({ page }) => {
  await signInAsCoach(page);
  await page.goto("/admin?tab=analytics");
  const reliability = page.getByRole("table", { name: "Scale reliability with 90% confidence intervals" });
  const empathy = reliability.getByRole("row", { name: /Empathy/ });
  await expect(empathy).toContainText(new RegExp(`α = 0\\.\\d\\d \\(90% CI 0\\.\\d\\d–0\\.\\d\\d, n = ${PEOPLE}\\)`));
  const iq = reliability.getByRole("row", { name: /Total \(all items\)/ });
  await expect(iq).toContainText(new RegExp(`KR-20 = 0\\.\\d\\d \\(90% CI 0\\.\\d\\d–0\\.\\d\\d, n = ${PEOPLE}\\)`));
  await empathy.getByText(/Item statistics \(\d+ items/).click();
  const items = page.getByRole("table", { name: /Item statistics: .*Empathy/ });
  await expect(items.getByRole("columnheader", { name: "Item–rest r" })).toBeVisible();
  await expect(items.getByRole("row")).toHaveCount(7); // header + six items
  await iq.getByText(/^Item statistics \(\d+ items/).click();
  await expect(
    page.getByRole("table", { name: /Item statistics: .*Total/ }).getByRole("columnheader", { name: "Proportion correct" }),
  ).toBeVisible();
});

test("the coach calibrates the IQ test and sees N, the item parameters and the information curve", async ({ page }) => {
  await signInAsCoach(page);
  await page.goto("/admin?tab=analytics");
  const panel = page.getByRole("region", { name: "IQ test calibration" });
  await expect(panel.getByText("Not calibrated yet")).toBeVisible();
  await panel.getByRole("button", { name: "Calibrate" }).click();
  await expect(panel.getByTestId("calibration-n")).toHaveText(`N = ${PEOPLE}`);
  await expect(panel.getByTestId("information-curve").locator("svg path.recharts-curve")).toBeVisible();
  const parameters = panel.getByRole("table", { name: "Item parameters" });
  await expect(parameters.getByRole("row")).not.toHaveCount(1);
  await expect(parameters.getByRole("columnheader", { name: "a (discrimination)" })).toBeVisible();
  // It stays after a reload: the calibration is stored.
  await page.reload();
  await expect(page.getByRole("region", { name: "IQ test calibration" }).getByTestId("calibration-n")).toHaveText(`N = ${PEOPLE}`);
});
