import { expect, outbox, signUp, test } from "./helpers";

/**
 * The public forms work before and without the page's scripts (issue 32: a contact message sent
 * before the scripts ran came back as an empty page, nothing stored or emailed). The browser posts
 * the form itself; the server answers with the same confirmation, or the same messages beside what
 * was typed.
 */
test.use({ javaScriptEnabled: false });

test("without JavaScript, a contact message is refused with its messages, then sent, stored and emailed", async ({ page }) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  const form = main.getByRole("form", { name: "Send Us a Message" });
  await form.getByLabel("First Name").fill("Ada");
  await form.getByLabel("Last Name").fill("Byron");
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByLabel("Subject").selectOption("assessments");
  await form.getByLabel("Message").fill("Too short");
  await form.getByRole("button", { name: "Send Message" }).click();

  // Refused: the spec's messages, and nothing typed is lost.
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  await expect(form.getByText("Please enter a message (minimum 10 characters)")).toBeVisible();
  await expect(form.getByLabel("First Name")).toHaveValue("Ada");
  await expect(form.getByLabel("Subject")).toHaveValue("assessments");
  await expect(form.getByLabel("Message")).toHaveValue("Too short");

  const unique = `A question about the assessments, sent without scripts ${Date.now()}`;
  await form.getByLabel("Email").fill("ada@example.com");
  await form.getByLabel("Message").fill(unique);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(main.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
  await expect.poll(() => outbox().filter((mail) => mail.text.includes(unique)).length).toBe(1);
  expect(outbox().find((mail) => mail.text.includes(unique))?.to).toBe("coach@example.com");
});

test("without JavaScript, the footer box subscribes and the confirmation email goes out", async ({ page }) => {
  const address = `no-script-${Date.now()}@example.com`;
  await page.goto("/about");
  const footer = page.getByRole("form", { name: "Footer newsletter" });
  await footer.getByLabel("Email address").fill(address);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Please check your inbox to confirm your subscription.")).toBeVisible();
  await expect.poll(() => outbox().filter((mail) => [mail.to].flat().includes(address)).length).toBe(1);
});

test("without JavaScript, sign-in refuses a wrong password keeping the name, then signs in and returns to the page", async ({
  page,
  browser,
}) => {
  const setup = await browser.newPage();
  const account = await signUp(setup);
  await setup.close();
  await page.goto("/auth?next=%2Ftest-history");
  const form = page.getByRole("form", { name: "Sign In" });
  await form.getByLabel("Username").fill(account.email);
  await form.getByLabel("Password").fill("not-the-password");
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid username or password");
  await expect(form.getByLabel("Username")).toHaveValue(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/test-history");
  expect((await (await page.request.get("/api/auth/me")).json()).user.username).toBe(account.username);
});
