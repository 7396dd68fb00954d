import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, newAccount, outbox, signInAs, signInAsAdmin, signUp, test } from "./helpers";

async function openTab(page: Page, name: string) {
  await page.goto("/admin");
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

async function findUser(page: Page, username: string) {
  await page.getByRole("searchbox", { name: "Search users" }).fill(username);
  const row = page.getByRole("row", { name: username });
  await expect(row).toHaveCount(1);
  return row;
}

/** The open tab's panel has no accessibility violations. */
const noAxeViolations = (page: Page) => expectNoAxeViolations(page, { include: '[role="tabpanel"]' });

test("an admin promotes a user, sees it in the audit log, demotes them, and the user's next admin request is refused", async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const userContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const member = await userContext.newPage();

  const account = await signUp(member, { firstName: "Morgan", lastName: "Reyes" });
  expect((await member.request.get("/api/admin/test-attempts")).status()).toBe(403);

  await signInAsAdmin(admin);
  await openTab(admin, "Users");
  let row = await findUser(admin, account.username);
  await expect(row).toContainText("Morgan Reyes");
  await expect(row).toContainText(account.email);
  await expect(row.getByRole("cell", { name: "User", exact: true })).toBeVisible();
  await noAxeViolations(admin);

  await row.getByRole("button", { name: `Make admin ${account.username}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Make ${account.username} an admin?` });
  await dialog.getByRole("button", { name: "Make admin" }).click();
  await expect(admin.getByRole("status").filter({ hasText: `${account.username} is now an admin.` })).toBeVisible();
  row = admin.getByRole("row", { name: account.username });
  await expect(row.getByRole("cell", { name: "Admin", exact: true })).toBeVisible();

  await admin.getByRole("tab", { name: "Audit Log" }).click();
  const entry = admin.getByRole("row").filter({ hasText: `Changed ${account.username}'s role from regular user to admin` });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText("coach");
  await noAxeViolations(admin);

  // The promotion ended the member's old session; signed in again they reach the admin API.
  expect((await member.request.get("/api/admin/test-attempts")).status()).toBe(401);
  await signInAs(member, account.username, account.password);
  expect((await member.request.get("/api/admin/test-attempts")).status()).toBe(200);
  await member.goto("/admin");
  await expect(member.getByRole("heading", { name: "Admin", level: 1 })).toBeVisible();

  await admin.getByRole("tab", { name: "Users" }).click();
  row = await findUser(admin, account.username);
  await row.getByRole("button", { name: `Make regular user ${account.username}` }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Make regular user" }).click();
  await expect(admin.getByRole("status").filter({ hasText: `${account.username} is now a regular user.` })).toBeVisible();
  await expect(admin.getByRole("row", { name: account.username }).getByRole("cell", { name: "User", exact: true })).toBeVisible();

  // The demoted member's very next admin request is refused, and the console sends them away.
  expect((await member.request.get("/api/admin/test-attempts")).status()).toBe(401);
  await member.goto("/admin");
  await expect(member).toHaveURL(/\/auth/);
  await signInAs(member, account.username, account.password);
  expect((await member.request.get("/api/admin/test-attempts")).status()).toBe(403);

  await admin.getByRole("tab", { name: "Audit Log" }).click();
  await expect(admin.getByRole("row").nth(1)).toContainText(`Changed ${account.username}'s role from admin to regular user`);

  await adminContext.close();
  await userContext.close();
});

test("disabling signs a user out at once; deleting needs a confirmation; the last admin is protected", async ({ browser }) => {
  const adminContext = await browser.newContext();
  const userContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const member = await userContext.newPage();
  const account = await signUp(member);
  expect((await (await member.request.get("/api/auth/me")).json()).user.username).toBe(account.username);

  await signInAsAdmin(admin);
  await openTab(admin, "Users");
  let row = await findUser(admin, account.username);
  await row.getByRole("button", { name: `Disable ${account.username}` }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Disable account" }).click();
  await expect(admin.getByRole("row", { name: account.username })).toContainText("Disabled");
  expect((await (await member.request.get("/api/auth/me")).json()).user).toBeNull();
  expect((await member.request.post("/api/auth/login", { data: { username: account.username, password: account.password } })).ok()).toBe(
    false,
  );

  row = admin.getByRole("row", { name: account.username });
  await row.getByRole("button", { name: `Re-enable ${account.username}` }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Re-enable account" }).click();
  await expect(admin.getByRole("row", { name: account.username })).not.toContainText("Disabled");
  await signInAs(member, account.username, account.password);

  // Delete: cancel first (nothing happens), then confirm.
  row = admin.getByRole("row", { name: account.username });
  await row.getByRole("button", { name: `Delete ${account.username}` }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(admin.getByRole("row", { name: account.username })).toHaveCount(1);
  await row.getByRole("button", { name: `Delete ${account.username}` }).click();
  await admin
    .getByRole("dialog", { name: `Delete ${account.username}?` })
    .getByRole("button", { name: "Delete account" })
    .click();
  await expect(admin.getByText(`No users match “${account.username}”.`)).toBeVisible();
  expect((await (await member.request.get("/api/auth/me")).json()).user).toBeNull();

  // The coach is the only admin: stepping down is refused with a message that says what to do.
  row = await findUser(admin, "coach");
  await row.getByRole("button", { name: "Make regular user coach" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Make regular user" }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "This is the last active admin account" })).toBeVisible();
  await expect(admin.getByRole("row", { name: "coach" }).getByRole("cell", { name: "Admin", exact: true })).toBeVisible();

  await adminContext.close();
  await userContext.close();
});

test("contact messages can be read, marked and answered by e-mail", async ({ page }) => {
  const sender = newAccount();
  await page.goto("/contact");
  const form = page.getByRole("main");
  await form.getByLabel("First Name").fill("Avery");
  await form.getByLabel("Last Name").fill("Quinn");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(sender.email);
  await form.getByLabel("Subject").selectOption({ label: "Executive Coaching" });
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("We would like to discuss coaching for our leadership team.");
  await form.getByRole("button", { name: /send/i }).click();
  await expect(page.getByText("Message Sent!")).toBeVisible();

  await signInAsAdmin(page);
  await openTab(page, "Messages");
  const message = page.getByRole("article", { name: "Message from Avery Quinn" });
  await expect(message).toContainText("We would like to discuss coaching for our leadership team.");
  await expect(message.getByText("Unread", { exact: true })).toBeVisible();
  await expect(message.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
    "href",
    `mailto:${sender.email}?subject=Re%3A%20Executive%20Coaching`,
  );
  await noAxeViolations(page);

  // Found by a search, and answered from the console: the answer goes out by email and stays with the message.
  await page.getByLabel("Search messages").fill("leadership team");
  await expect(message).toBeVisible();
  await message.getByLabel("Answer Avery").fill("Thank you, Avery. Shall we talk on Monday at 10?");
  await message.getByRole("button", { name: "Send answer" }).click();
  await expect(page.getByText("Answer sent", { exact: true })).toBeVisible();
  await expect(message.getByRole("list", { name: "Your answers" })).toContainText("Shall we talk on Monday at 10?");
  await expect.poll(() => outbox().filter((m) => m.to === sender.email && m.text.includes("Shall we talk on Monday")).length).toBe(1);
  await page.getByLabel("Search messages").fill("");

  await message.getByRole("button", { name: "Mark as unread" }).click();
  await expect(message.getByText("Unread", { exact: true })).toBeVisible();
  await message.getByRole("button", { name: "Mark as read" }).click();
  await expect(message.getByRole("button", { name: "Mark as unread" })).toBeVisible();
  await expect(message.getByText("Unread", { exact: true })).toHaveCount(0);
  await page.getByLabel("Unread only").check();
  await expect(page.getByRole("article", { name: "Message from Avery Quinn" })).toHaveCount(0);
});

test("analytics shows charts with table alternatives, withholds alpha below 30 people and refuses to calibrate below 200", async ({
  page,
}) => {
  await signUp(page);
  await signInAsAdmin(page);
  await openTab(page, "Analytics");
  await expect(page.getByRole("term").filter({ hasText: "Accounts created" })).toBeVisible();
  const accounts = page.getByRole("figure", { name: "New accounts and newsletter subscribers per week" });
  await expect(accounts.getByRole("img", { name: /^New accounts and newsletter subscribers per week: Week of/ })).toHaveAttribute(
    "aria-label",
    /Accounts created [1-9]/,
  );
  await accounts.getByText("Show as table").click();
  await expect(accounts.getByRole("table")).toBeVisible();
  await expect(page.getByRole("figure", { name: "Assessments started and completed" })).toBeVisible();
  const reliability = page.getByRole("table", { name: "Scale reliability with 90% confidence intervals" });
  await expect(reliability.getByRole("row", { name: /Empathy/ })).toContainText(/Not enough people yet \(\d+ of 30\)/);
  await noAxeViolations(page);
  // Too few people to calibrate the IQ test: the button is not offered, and the coach is told how many more are needed.
  await expect(page.getByRole("region", { name: "IQ test calibration" }).getByRole("button", { name: "Calibrate" })).toBeDisabled();
  await expect(
    page.getByText(/Calibration needs at least 200 people; \d+ (has|have) taken this test, \d+ more (is|are) needed\./),
  ).toBeVisible();

  await page.getByLabel("From").fill("2026-05-10");
  await page.getByLabel("To").fill("2026-05-01");
  await expect(page.getByRole("alert").filter({ hasText: "The start date must be on or before the end date" })).toBeVisible();
});
