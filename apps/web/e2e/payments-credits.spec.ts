import type { Browser, Page } from "@playwright/test";
import { E2E_STRIPE } from "../playwright.config";
import { asCoach, axeViolations as axeViolationsIn, expect, lastFreeSlot, paymentsSpec, signUp, test } from "./helpers";

/**
 * Issue 31 in a real browser: a client buys a package on the Stripe fake's hosted page, sees the
 * credits once the webhook arrived, books with one and gets it back by cancelling inside the policy.
 * The fake runs here, on the port the server's STRIPE_API_BASE_URL names, and delivers to the server.
 */
const spec = paymentsSpec();

const axeViolations = (page: Page) => axeViolationsIn(page, { exclude: 'section[aria-label="Notifications"]' });

/** Puts "N coaching sessions", valid 120 days, on sale as the coach. */
function sellCoachingPackage(browser: Browser, baseURL: string, sessions: number, price: { amount: number; currency: string }) {
  const title = `${sessions === 2 ? "Two" : "Three"} coaching sessions`;
  return asCoach(browser, baseURL, (coach) =>
    spec.createOffer(coach, { kind: "package", title, appointmentType: "coaching", sessions, validDays: 120, price }),
  );
}

test("a client buys a package on Checkout, sees the credits, books with one and gets it back by cancelling in time", async ({
  page,
  browser,
  baseURL,
}) => {
  await sellCoachingPackage(browser, baseURL!, 2, { amount: 90_000, currency: "usd" });

  await signUp(page, { firstName: "Paula", lastName: "Payer" });
  const response = await page.goto("/my-coaching");
  // Checkout is a redirect: no Stripe (or any third-party) script is allowed on our pages.
  const scriptSrc = /script-src ([^;]*)/.exec(response?.headers()["content-security-policy"] ?? "")?.[1] ?? "";
  expect(scriptSrc).not.toMatch(/stripe|https?:/);
  await expect(page.getByRole("heading", { name: "Sessions and packages" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your session credits" })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Buy Two coaching sessions" }).click();
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${E2E_STRIPE.port}/c/pay/`));
  await expect(page.getByText("Total: 900.00 USD")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/payments\/return\?session_id=cs_test_/);
  await expect(page.getByText("Payment received.")).toBeVisible();
  await expect(page.getByTestId("credits")).toContainText("2 coaching sessions left");
  expect(await axeViolations(page)).toEqual([]);

  // Book with a credit through the spec's POST /api/appointments (the booking form sends the same).
  const slot = await lastFreeSlot(page, "coaching", 3);
  const booked = await page.request.post("/api/appointments", {
    data: { title: "Paid with a credit", startTime: slot.start, endTime: slot.end, appointmentType: "coaching" },
  });
  expect(booked.status()).toBe(200);

  await page.goto("/appointments?tab=mine");
  await expect(page.getByTestId("credits")).toContainText("1 coaching session left");
  const item = page.getByRole("listitem").filter({ hasText: "Paid with a credit" });
  await item.getByRole("button", { name: "Cancel Appointment" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("cancel-terms")).toHaveText("The session credit this booking used comes back to you.");
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Cancel Appointment" }).click();
  await expect(page.getByText("Appointment canceled", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("credits")).toContainText("2 coaching sessions left");
});

test("a package paid by bank debit: the return page says the money is days away, and the credits come when it arrives", async ({
  page,
  browser,
  baseURL,
}) => {
  const offerId = await sellCoachingPackage(browser, baseURL!, 3, { amount: 120_000, currency: "eur" });
  await signUp(page, { firstName: "Debora", lastName: "Debit" });
  const checkout = await page.request.post("/api/checkout", { data: { offerId } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const sessionId = ((await checkout.json()) as { url: string }).url.split("/").at(-1)!;

  // Stripe's own page completes with a bank debit, and sends the payer back before the money moves.
  await spec.fake.payDelayed(sessionId);
  await page.goto(`/payments/return?session_id=${sessionId}`);
  await expect(page.getByRole("status")).toContainText("Your bank payment is on its way");
  await expect(page.getByTestId("credits")).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await spec.fake.settleDelayed(sessionId, "succeeded");
  await page.reload();
  await expect(page.getByText("Payment received.")).toBeVisible();
  await expect(page.getByTestId("credits")).toContainText("3 coaching sessions left");
});
