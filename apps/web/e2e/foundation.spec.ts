import { expect, test } from "@playwright/test";

test("home page shows the hero and its calls to action", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scientific Executive Coaching & Leadership Development");
  await expect(page.getByRole("link", { name: "Discover Our Services" })).toHaveAttribute("href", "/services");
  await expect(page.getByRole("main").getByRole("link", { name: "Book a Consultation" })).toHaveAttribute("href", "/contact");
});

test("an unknown path shows the not-found page with a 404 status", async ({ page }) => {
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Homepage" }).click();
  await expect(page).toHaveURL("/");
});

test("health answers ok and the API serves the seeded assessments", async ({ request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });
  const tests = await request.get("/api/tests");
  expect(tests.status()).toBe(200);
  const list = (await tests.json()) as Array<{ type: string }>;
  expect(list.map((t) => t.type).sort()).toEqual(["eq", "iq", "leadership", "personality"]);
});
