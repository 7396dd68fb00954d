/**
 * Company billing and the retreat in a real browser (issue 31), against the loopback Stripe fake: the
 * coach invoices a company with a PO number and sees it paid once the fake pays it; an applicant is
 * accepted and pays the deposit on the fake's checkout page; axe on the new pages; the CSP names no
 * third party.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations, expect, outbox, paymentsSpec, signInAsAdmin, signUp, test } from "./helpers";

const spec = paymentsSpec();

async function expectStrictCsp(page: Page, path: string) {
  const response = await page.goto(path);
  const csp = response?.headers()["content-security-policy"] ?? "";
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
  expect(scriptSrc).not.toMatch(/stripe|https?:|127\.0\.0\.1/);
  expect(csp).not.toContain("stripe");
}

test("the coach invoices a company with a PO number, and it shows paid once the fake pays it", async ({ browser, page }) => {
  const client = await browser.newPage();
  const account = await signUp(client);
  await client.close();
  await signInAsAdmin(page);
  await spec.createOffer(page, {
    kind: "package",
    title: "Six coaching sessions",
    appointmentType: "coaching",
    sessions: 6,
    validDays: 120,
    price: { amount: 540_000, currency: "eur" },
  });

  const found = await page.request.get(`/api/admin/clients?q=${account.username}`);
  const clientId = ((await found.json()) as { items: { id: number }[] }).items[0]!.id;
  await page.goto(`/admin/clients/${clientId}`);
  await expect(page.getByRole("heading", { name: "Billing" })).toBeVisible();
  await page.getByRole("button", { name: "Add billing details" }).click();
  const form = page.getByRole("form", { name: "Billing details" });
  await form.getByLabel("Company legal name").fill("Acme GmbH");
  await form.getByLabel("Street address").fill("Hauptstraße 1");
  await form.getByLabel("Postal code").fill("10115");
  await form.getByLabel("City").fill("Berlin");
  await form.getByLabel("Country (two letters)").fill("DE");
  await form.getByLabel("VAT or tax ID").fill("DE123456789");
  await form.getByLabel("Billing email").fill("ap@acme.example");
  await form.getByRole("button", { name: "Save billing details" }).click();
  await expect(page.getByText("Tax ID DE123456789")).toBeVisible();

  await page.getByRole("button", { name: "Issue an invoice" }).click();
  const issue = page.getByRole("form", { name: "Issue an invoice" });
  await issue.getByLabel("PO number").fill("PO-E2E-77");
  await issue.getByRole("button", { name: "Send the invoice" }).click();
  const invoices = page.getByRole("list", { name: "Invoices" });
  await expect(invoices).toContainText("PO PO-E2E-77");
  await expect(invoices).toContainText("open");
  await expectNoAxeViolations(page);

  const sent = [...spec.fake.invoices.values()].find((i) => (i.custom_fields as { value: string }[] | null)?.[0]?.value === "PO-E2E-77");
  expect(sent?.customer_tax_ids).toEqual([{ type: "eu_vat", value: "DE123456789" }]);
  const delivery = await spec.fake.payInvoice(sent!.id);
  expect(delivery?.status).toBe(200);
  await page.reload();
  await expect(page.getByRole("list", { name: "Invoices" })).toContainText("paid");

  // The company column of the Clients view reads the billing profile.
  await page.goto("/admin/clients");
  await page.getByLabel("Search clients").fill(account.username);
  await expect(page.getByRole("cell", { name: "Acme GmbH" })).toBeVisible();
});

test("an applicant is accepted and pays the retreat deposit on the fake's checkout page", async ({ browser, page }) => {
  await signInAsAdmin(page);
  await spec.createOffer(page, {
    kind: "retreat",
    title: "Leadership retreat",
    price: { amount: 850_000, currency: "usd" },
    deposit: { amount: 150_000, currency: "usd" },
    places: 12,
    balanceDueDays: 45,
    startsAt: new Date(Date.now() + 200 * 86_400_000).toISOString(),
    refundSchedule: [
      { daysBefore: 60, percent: 100 },
      { daysBefore: 30, percent: 50 },
    ],
  });

  // Its own context: axe runs only in pages of a context the test made (not browser.newPage()).
  const applicant = await (await browser.newContext()).newPage();
  const account = await signUp(applicant);
  await expectStrictCsp(applicant, "/retreat-program");
  const form = applicant.getByRole("form", { name: "Apply for the retreat" });
  await form.getByLabel("Company").fill("Acme");
  await form.getByLabel("Role").fill("Chief Executive");
  await form.getByLabel("What would you like to work on?").fill("Leading a leadership team through a merger this year.");
  await form.getByRole("button", { name: "Apply for a place" }).click();
  await expect(applicant.getByRole("status").filter({ hasText: "Your application is with the coach" })).toBeVisible();
  await expectNoAxeViolations(applicant);

  await page.goto("/admin?tab=payments");
  await expect(page.getByRole("heading", { name: "Retreat applications" })).toBeVisible();
  await page
    .getByRole("button", { name: `Accept ${account.firstName}` })
    .first()
    .click();
  await expect(page.getByText("Accepted: the deposit link is on its way")).toBeVisible();
  await expectNoAxeViolations(page);

  const offerMail = () => outbox().find((m) => String(m.to).includes(account.email) && m.subject.includes("Leadership retreat"));
  await expect.poll(() => offerMail() !== undefined, { timeout: 15_000 }).toBe(true);
  const checkoutUrl = /http:\/\/127\.0\.0\.1:\d+\/c\/pay\/\w+/.exec(offerMail()!.text ?? "")![0];
  await applicant.goto(checkoutUrl);
  await expect(applicant.getByText("Total: 1500.00 USD")).toBeVisible();
  await applicant.getByRole("button", { name: "Pay" }).click();
  await applicant.waitForURL(/\/retreat-program\?deposit=paid/);
  await expect
    .poll(
      async () => {
        await applicant.reload();
        return applicant.getByText("Your place is confirmed").isVisible();
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await expectStrictCsp(page, "/admin?tab=payments");
});
