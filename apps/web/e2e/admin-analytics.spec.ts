import { INSTRUMENTS } from "@coach/assessments";
/**
 * The coach's console with a realistic volume of data: hundreds of people with results of all four
 * assessments and hundreds of past sessions, written into the database by a seed script before a
 * server of this spec's own starts on it (the shared e2e server starts empty). Every tab opens
 * without taking the console down, the Analytics tab shows alpha with its interval and item
 * statistics and the attendance with its N, and the IQ test is calibrated.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import type { SeededBookings } from "@coach/api/testing";
import { ADMIN_PASSWORD, ADMIN_USERNAME, expectNoAxeViolations } from "./helpers";

const PEOPLE = 240;
const SESSIONS = 360;
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
    env: { ...process.env, DATA_DIR: dataDir, SEED_PEOPLE: String(PEOPLE), SEED_SESSIONS: String(SESSIONS) },
    stdio: "inherit",
  });
  // Its own process group: pnpm starts next-server as a child, and stopping pnpm alone leaves it on the port.
  server = spawn("pnpm", ["exec", "next", "start", "--port", String(port)], {
    cwd: webRoot,
    detached: true,
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
    process.kill(-server.pid, "SIGTERM");
    await stopped;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function signInAsCoach(page: Page) {
  const response = await page.request.post("/api/auth/login", { data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD } });
  expect(response.status()).toBe(200);
}

// First: the server's calibration worker makes its first check 60 s after start; run before it, this
// test sees the IQ test uncalibrated (later, the worker may have calibrated it, or be busy doing so).
test("the coach calibrates the IQ test and sees N, the item parameters and the information curve", async ({ page }) => {
  await signInAsCoach(page);
  await page.goto("/admin?tab=analytics");
  const panel = page.getByRole("region", { name: "IQ test calibration" });
  // Uncalibrated, unless the worker's first check (60 s after start) came first: calibrating again is the same fit.
  // The first analytics of the run is computed cold (hundreds of people's answers to every item): allow for it.
  await expect(panel.getByText("Not calibrated yet").or(panel.getByTestId("calibration-n"))).toBeVisible({ timeout: 60_000 });
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

test("the EQ and leadership tests wait for 2,000 people before they can be calibrated; personality has no calibration", async ({
  page,
}) => {
  await signInAsCoach(page);
  await page.goto("/admin?tab=analytics");
  for (const name of ["EQ test calibration", "Leadership test calibration"]) {
    const panel = page.getByRole("region", { name });
    await expect(panel.getByText("Not calibrated yet")).toBeVisible({ timeout: 60_000 });
    // Fewer than the 240 seeded people when some answered carelessly: those attempts are no measurement.
    await expect(
      panel.getByText(/^Calibration needs at least 2000 people; \d+ have taken this test, \d+ more are needed\.$/),
    ).toBeVisible();
    await expect(panel.getByRole("button", { name: "Calibrate" })).toBeDisabled();
  }
  await expect(page.getByRole("region", { name: /Personality.* calibration/ })).toHaveCount(0);
});

test("every console tab opens with hundreds of people's results, and the console survives each", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await signInAsCoach(page);
  await page.goto("/admin");
  for (const name of ["Test Attempts", "Analytics", "Appointments", "Users", "Leadership Blog", "Newsletter", "Messages", "Audit Log"]) {
    await page.getByRole("tab", { name }).click();
    await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toBeVisible();
    await expect(page.getByText("This page couldn't load")).toHaveCount(0);
    await expect(page.getByText(/tab could not be shown/)).toHaveCount(0);
  }
  // The analytics figures for hundreds of people, leadership chart included (it crashed the console before).
  await page.getByRole("tab", { name: "Analytics" }).click();
  await expect(
    page.getByRole("figure", { name: /Leadership: primary styles \(\d+ results(; \d+ not a measurement, left out)?\)/ }),
  ).toBeVisible();
  await expect(page.getByRole("figure", { name: /IQ bands/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test("analytics shows alpha and KR-20 with their 90% interval and N, and the item statistics", async ({ page }) => {
  await signInAsCoach(page);
  await page.goto("/admin?tab=analytics");
  const reliability = page.getByRole("table", { name: "Scale reliability with 90% confidence intervals" });
  const empathy = reliability.getByRole("row", { name: /Empathy/ });
  // n counts each person's latest measured attempt: the seeded careless respondents are left out.
  const measuredN = async (row: typeof empathy, statistic: string) => {
    const pattern = new RegExp(`${statistic} = 0\\.\\d\\d \\(90% CI 0\\.\\d\\d–0\\.\\d\\d, n = (\\d+)\\)`);
    await expect(row).toContainText(pattern);
    return Number(pattern.exec((await row.textContent()) ?? "")![1]);
  };
  const empathyN = await measuredN(empathy, "α");
  expect(empathyN).toBeGreaterThanOrEqual(PEOPLE * 0.9);
  expect(empathyN).toBeLessThanOrEqual(PEOPLE);
  const iq = reliability.getByRole("row", { name: /Total \(all items\)/ });
  const iqN = await measuredN(iq, "KR-20");
  expect(iqN).toBeGreaterThanOrEqual(PEOPLE * 0.9);
  expect(iqN).toBeLessThanOrEqual(PEOPLE);
  await empathy.getByText(/Item statistics \(\d+ items/).click();
  const items = page.getByRole("table", { name: /Item statistics: .*Empathy/ });
  await expect(items.getByRole("columnheader", { name: "Item–rest r" })).toBeVisible();
  const empathyItems = INSTRUMENTS.find((i) => i.type === "eq")!.questions.filter((q) => q.scoring?.scale === "empathy").length;
  await expect(items.getByRole("row")).toHaveCount(empathyItems + 1); // header + one row per item
  await iq.getByText(/^Item statistics \(\d+ items/).click();
  await expect(
    page.getByRole("table", { name: /Item statistics: .*Total/ }).getByRole("columnheader", { name: "Proportion correct" }),
  ).toBeVisible();
});

test("analytics shows the attendance of hundreds of sessions with its N, per type, and no rate where a type has too few", async ({
  page,
}) => {
  const seeded = JSON.parse(readFileSync(path.join(dataDir, "seeded-bookings.json"), "utf8")) as SeededBookings;
  const rate = (attended: number, recorded: number) => `${Math.round((attended / recorded) * 1000) / 10}%`;
  await signInAsCoach(page);
  await page.goto("/admin?tab=analytics");
  const table = page.getByRole("table", { name: "Attendance by appointment type" });

  const recorded = seeded.attended + seeded.noShows;
  expect(recorded).toBeGreaterThan(200);
  const all = table.getByRole("row", { name: /All types/ });
  await expect(all.getByRole("cell")).toHaveText([
    String(seeded.held),
    String(recorded),
    String(seeded.attended),
    String(seeded.noShows),
    new RegExp(`^${rate(seeded.attended, recorded).replace(".", "\\.")} \\(90% CI [\\d.]+–[\\d.]+%, N = ${recorded}\\)$`),
  ]);

  const coaching = seeded.byType.coaching;
  const coachingRecorded = coaching.attended + coaching.noShows;
  await expect(table.getByRole("row", { name: /Coaching Session/ })).toContainText(`${rate(coaching.attended, coachingRecorded)} (90% CI`);
  await expect(table.getByRole("row", { name: /Coaching Session/ })).toContainText(`N = ${coachingRecorded})`);

  // Follow-ups are rare: their counts are shown, a percentage is not.
  const followup = seeded.byType.followup;
  const followupRecorded = followup.attended + followup.noShows;
  expect(followupRecorded).toBeGreaterThan(0);
  expect(followupRecorded).toBeLessThan(10);
  const rare = table.getByRole("row", { name: /Follow-up Session/ });
  await expect(rare).toContainText(`${followup.attended} of ${followupRecorded} attended`);
  await expect(rare).toContainText(`too few for a rate (${followupRecorded} of 10 recorded)`);
  await expect(rare).not.toContainText("%");

  // Who missed sessions, linked to their record.
  await expect(page.getByRole("heading", { name: "Clients with no-shows" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^seeded_\d+$/ }).first()).toHaveAttribute("href", /\/admin\/clients\/\d+$/);
});

test("the analytics charts' axis labels never overlap, on a desk and on a phone, and the tab passes axe", async ({ page }) => {
  await signInAsCoach(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin?tab=analytics");
    await expect(
      page.getByRole("figure", { name: /Leadership: primary styles \(\d+ results(; \d+ not a measurement, left out)?\)/ }),
    ).toBeVisible({ timeout: 60_000 });
    // The figures that draw a chart (the others say there is no data for the period).
    const figures = page.locator("figure:has(div[role=img])");
    const charts = await figures.count();
    expect(charts).toBeGreaterThan(3);
    await page.screenshot({ path: test.info().outputPath(`analytics-${width}.png`), fullPage: true });
    let checked = 0;
    for (let f = 0; f < charts; f++) {
      const ticks = figures.nth(f).locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value");
      // A chart is drawn once its container has been measured (recharts draws tick labels in a layer of their own).
      await figures.nth(f).scrollIntoViewIfNeeded();
      await expect(ticks.first()).toBeAttached();
      const boxes = await ticks.evaluateAll((labels) =>
        labels.map((l) => ({ text: l.textContent ?? "", ...l.getBoundingClientRect().toJSON() }) as DOMRect & { text: string }),
      );
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i]!, boxes[j]!];
          const overlap =
            Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0;
          expect(overlap, `"${a.text}" and "${b.text}" at ${width}px`).toBe(false);
        }
      checked += boxes.length;
    }
    expect(checked).toBeGreaterThan(10);
    await expectNoAxeViolations(page, { include: "main" });
  }
});
