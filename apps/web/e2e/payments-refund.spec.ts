import { asCoach, expect, lastFreeSlot, paymentsSpec, signUp, test } from "./helpers";

/**
 * A refund whose answer was lost, in a real browser (issue 31): a client pays for a follow-up session
 * on the Stripe fake's checkout page and cancels it inside the policy while the network drops every
 * answer to a refund (Stripe makes it; the server never hears back). The coach finds the refund failed
 * in the payments console and presses "Try again": it is recorded as made, and Stripe holds one refund.
 */
const TITLE = "One paid follow-up";
const spec = paymentsSpec();

test("a refund Stripe made but whose answer was lost shows failed, and 'Try again' records it without refunding twice", async ({
  page,
  browser,
  baseURL,
}) => {
  const offerId = await asCoach(browser, baseURL!, (coach) =>
    spec.createOffer(coach, { kind: "session", title: TITLE, appointmentType: "followup", price: { amount: 25_000, currency: "usd" } }),
  );

  await signUp(page, { firstName: "Rita", lastName: "Refund" });
  const slot = await lastFreeSlot(page, "followup", 4);
  const held = await page.request.post("/api/appointments", {
    data: { title: TITLE, startTime: slot.start, endTime: slot.end, appointmentType: "followup", offerId },
  });
  expect(held.status()).toBe(201);
  const { checkoutUrl } = (await held.json()) as { checkoutUrl: string };
  await page.goto(checkoutUrl);
  await expect(page.getByText("Total: 250.00 USD")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByText("Payment received.")).toBeVisible();
  const intent = String(spec.fake.sessions.get(checkoutUrl.split("/").pop()!)!.payment_intent);
  const refundsAtStripe = () => [...spec.fake.refunds.values()].filter((r) => r.payment_intent === intent).map((r) => r.amount);

  spec.fake.loseAnswers("POST /v1/refunds");
  try {
    await page.goto("/appointments?tab=mine");
    await page.getByRole("listitem").filter({ hasText: TITLE }).getByRole("button", { name: "Cancel Appointment" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("cancel-terms")).toHaveText("You will get $250.00 back to your card.");
    await dialog.getByRole("button", { name: "Cancel Appointment" }).click();
    await expect(page.getByText("Appointment canceled", { exact: true })).toBeVisible();
  } finally {
    spec.fake.loseAnswers(null);
  }
  // Stripe did make it; the server, having heard nothing, holds it as failed.
  expect(refundsAtStripe()).toEqual([25_000]);

  await asCoach(browser, baseURL!, async (coach) => {
    await coach.goto("/admin?tab=payments");
    const refunds = coach.getByRole("table", { name: "Refunds" });
    const row = refunds.getByRole("row").filter({ hasText: "Canceled inside the cancellation policy" }).filter({ hasText: "$250.00" });
    await expect(row).toContainText("failed");
    await row.getByRole("button", { name: /^Try the refund of payment #\d+ again$/ }).click();
    await expect(coach.getByText("Refunded $250.00", { exact: true })).toBeVisible();
    await expect(row).toContainText("succeeded");
    await expect(row.getByRole("button")).toHaveCount(0);
  });
  expect(refundsAtStripe()).toEqual([25_000]);
});
