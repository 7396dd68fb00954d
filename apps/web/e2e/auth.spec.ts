import { ADMIN_USERNAME, axeViolations, expect, newAccount, outbox, signUp, test } from "./helpers";

/** The newest reset link mailed to an address (written to DATA_DIR/mail without a Resend key). */
async function resetLinkFor(email: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      () => {
        const mail = outbox()
          .filter((m) => [m.to].flat().includes(email))
          .at(-1);
        link = /https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail?.text ?? "")?.[0] ?? "";
        return link;
      },
      { message: `a reset e-mail to ${email}` },
    )
    .not.toBe("");
  return link;
}

test.describe("accounts in the browser", () => {
  test("create an account, sign out, sign in, reset the password from the e-mailed link; the old password and cookie stop working", async ({
    page,
    browser,
    baseURL,
  }) => {
    const account = newAccount({ firstName: "Morgan" });

    // Create Account
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Create Account" }).click();
    const register = page.getByRole("form", { name: "Create Account" });
    await register.getByLabel("First name").fill(account.firstName!);
    await register.getByLabel("Last name").fill(account.lastName!);
    await register.getByLabel("Username").fill(account.username);
    await register.getByLabel("Email").fill(account.email);
    await register.getByLabel("Password", { exact: true }).fill(account.password);
    await register.getByLabel("Confirm password").fill(account.password);
    await register.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Registration successful" })).toContainText("Your account has been created.");
    await expect(page).toHaveURL("/");
    const header = page.getByRole("banner");
    await expect(header.getByText(`Hello, ${account.firstName}`).filter({ visible: true })).toBeVisible();
    await expect(header.getByRole("link", { name: "Admin Dashboard" }).filter({ visible: true })).toHaveCount(0);

    // Sign Out
    await header.getByRole("button", { name: "Sign Out" }).filter({ visible: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Logged out" })).toContainText("You have been successfully logged out.");
    await expect(header.getByRole("link", { name: "Sign In" }).filter({ visible: true })).toBeVisible();

    // Sign In
    await header.getByRole("link", { name: "Sign In" }).filter({ visible: true }).click();
    await expect(page).toHaveURL("/auth");
    const signIn = page.getByRole("form", { name: "Sign In" });
    await signIn.getByLabel("Username").fill(account.username);
    await signIn.getByLabel("Password").fill(account.password);
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Login successful" })).toContainText(`Welcome back, ${account.username}`);
    await expect(page).toHaveURL("/");
    await expect(header.getByText(`Hello, ${account.firstName}`).filter({ visible: true })).toBeVisible();
    const oldCookies = await page.context().cookies();
    expect(oldCookies.find((c) => c.name === "next-auth.session-token")).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    // Request a reset: 'Check your email', and 'Try again' returns to the form.
    await page.goto("/request-password-reset");
    await page.getByRole("main").getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    const link = await resetLinkFor(account.email);
    expect(link.startsWith(`${baseURL}/reset-password/`)).toBe(true);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("main").getByLabel("Email", { exact: true })).toHaveValue("");

    // Open the link, choose a new password, then 'Go to Login'.
    const newPassword = `${account.password}-renewed`;
    await page.goto(link);
    await page.getByRole("main").getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByRole("main").getByLabel("Confirm new password").fill("something-else");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByRole("main").getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Your password has been reset.")).toBeVisible();

    // The old session cookie no longer works, in this browser or anywhere it was copied.
    const elsewhere = await browser.newContext();
    await elsewhere.addCookies(oldCookies);
    expect(await (await elsewhere.request.get(`${baseURL}/api/auth/me`)).json()).toEqual({ user: null });
    await elsewhere.close();

    await page.getByRole("link", { name: "Go to Login" }).click();
    await expect(page).toHaveURL("/auth");
    await expect(header.getByRole("link", { name: "Sign In" }).filter({ visible: true })).toBeVisible();

    // The old password fails with the same message as an unknown user; the new one works.
    await signIn.getByLabel("Username").fill(account.username);
    await signIn.getByLabel("Password").fill(account.password);
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Login failed" })).toContainText("Invalid username or password");
    await expect(page).toHaveURL("/auth");
    await signIn.getByLabel("Password").fill(newPassword);
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/");
    await expect(header.getByText(`Hello, ${account.firstName}`).filter({ visible: true })).toBeVisible();

    // The reset link works only once.
    await page.goto(link);
    await page.getByRole("main").getByLabel("New password", { exact: true }).fill("yet-another-passphrase");
    await page.getByRole("main").getByLabel("Confirm new password").fill("yet-another-passphrase");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "This reset link is invalid or has expired" })).toBeVisible();
  });

  test("the forms show the spec's validation messages next to the fields", async ({ page }) => {
    await page.goto("/auth");
    const signIn = page.getByRole("form", { name: "Sign In" });
    await signIn.getByLabel("Username").fill("ab");
    await signIn.getByLabel("Password").fill("12345");
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await expect(signIn.getByText("Username must be at least 3 characters")).toBeVisible();
    await expect(signIn.getByText("Password must be at least 6 characters")).toBeVisible();
    await expect(signIn.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");

    await page.getByRole("tab", { name: "Create Account" }).click();
    const register = page.getByRole("form", { name: "Create Account" });
    await register.getByLabel("Username").fill("someone_new");
    await register.getByLabel("Email").fill("not-an-email");
    await register.getByLabel("Password", { exact: true }).fill("password123");
    await register.getByLabel("Confirm password").fill("password124");
    await register.getByRole("button", { name: "Create Account" }).click();
    await expect(register.getByText("Invalid email address")).toBeVisible();
    await expect(register.getByText("This password is too common. Please choose a less guessable one.")).toBeVisible();
    await expect(register.getByText("Passwords do not match")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/request-password-reset");
    await page.getByRole("main").getByLabel("Email", { exact: true }).fill("nope");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a taken username is refused with a toast, and the reset page without a token says the link is invalid", async ({ page }) => {
    const existing = await signUp(page);
    await page.context().clearCookies();
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Create Account" }).click();
    const register = page.getByRole("form", { name: "Create Account" });
    await register.getByLabel("Username").fill(existing.username.toUpperCase());
    await register.getByLabel("Email").fill(`other-${existing.email}`);
    await register.getByLabel("Password", { exact: true }).fill("a-fresh-passphrase");
    await register.getByLabel("Confirm password").fill("a-fresh-passphrase");
    await register.getByRole("button", { name: "Create Account" }).click();
    const failure = page.getByRole("alert").filter({ hasText: "Registration failed" });
    await expect(failure).toContainText("That username is already taken.");
    // Toasts can be closed.
    await failure.getByRole("button", { name: "Close notification" }).click();
    await expect(failure).toHaveCount(0);

    await page.goto("/reset-password");
    await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
    await page.getByRole("link", { name: "Request a new link" }).click();
    await expect(page).toHaveURL("/request-password-reset");
  });

  test("the admin sees the Admin Dashboard link", async ({ page, signInAsAdmin }) => {
    await signInAsAdmin(page);
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Admin Dashboard" }).filter({ visible: true })).toHaveAttribute(
      "href",
      "/admin",
    );
    expect((await (await page.request.get("/api/auth/me")).json()).user).toMatchObject({ username: ADMIN_USERNAME, role: "admin" });
  });

  test("sign in with the account's email address from the booking page or a guarded page, and land back there", async ({ page }) => {
    const account = await signUp(page);
    await page.context().clearCookies();

    await page.goto("/appointments");
    await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/auth?next=%2Fappointments");
    const signIn = page.getByRole("form", { name: "Sign In" });
    await signIn.getByLabel("Username").fill(account.email.toUpperCase());
    await signIn.getByLabel("Password").fill(account.password);
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Login successful" })).toContainText(`Welcome back, ${account.username}`);
    await expect(page).toHaveURL("/appointments");
    await expect(page.getByRole("heading", { name: "Sign in to book" })).toHaveCount(0);

    await page.context().clearCookies();
    await page.goto("/test-history");
    await expect(page).toHaveURL("/auth?next=%2Ftest-history");
    await signIn.getByLabel("Username").fill(account.username);
    await signIn.getByLabel("Password").fill(account.password);
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/test-history");

    // A crafted link cannot send anyone off the site after signing in.
    await page.context().clearCookies();
    await page.goto("/auth?next=//evil.example/");
    await signIn.getByLabel("Username").fill(account.username);
    await signIn.getByLabel("Password").fill(account.password);
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/");
  });

  test("signing out in the header of a public page also signs the app areas out, without a reload", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUp(page);
    await page.goto("/tests");
    await expect(page.getByRole("link", { name: "Start Assessment" }).first()).toBeVisible();

    // Client-side navigations only: the browser keeps the app areas' cached session meanwhile.
    const header = page.getByRole("banner");
    await header.getByRole("link", { name: "Continuous Leadership Education" }).click();
    await expect(page).toHaveURL("/continuous-leadership-education");
    await header.getByRole("button", { name: "Sign Out" }).filter({ visible: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Logged out" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign In" }).filter({ visible: true })).toBeVisible();

    await header.getByRole("button", { name: "Assessments" }).click();
    await header.getByRole("navigation", { name: "Main" }).locator('a[href="/tests"]').click();
    await expect(page).toHaveURL("/tests");
    await expect(page.getByRole("link", { name: "Sign in to take assessment" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Assessment" })).toHaveCount(0);
  });

  test("toasts sit at the top on small screens and bottom-right from md up", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/auth");
    const account = await signUp(page);
    await page.context().clearCookies();
    await page.reload();
    await page.getByRole("form", { name: "Sign In" }).getByLabel("Username").fill(account.username);
    await page.getByRole("form", { name: "Sign In" }).getByLabel("Password").fill("definitely-wrong");
    await page.getByRole("form", { name: "Sign In" }).getByRole("button", { name: "Sign In" }).click();
    const toast = page.getByRole("alert").filter({ hasText: "Login failed" });
    const small = await toast.boundingBox();
    expect(small!.y).toBeLessThan(100);

    await page.setViewportSize({ width: 1280, height: 800 });
    const large = await toast.boundingBox();
    expect(large!.width).toBeLessThanOrEqual(420);
    expect(large!.x + large!.width).toBeGreaterThan(1280 - 40);
    expect(large!.y + large!.height).toBeGreaterThan(800 - 40);
  });
});

test.describe("next-auth endpoints", () => {
  test("sign in through next-auth's credentials callback shares the session with /api/auth/me; a cross-site POST is refused", async ({
    page,
    browser,
    baseURL,
  }) => {
    const account = await signUp(page);
    await page.context().clearCookies();
    const { csrfToken } = (await (await page.request.get("/api/nextauth/csrf")).json()) as { csrfToken: string };
    const crossSite = await page.request.post("/api/nextauth/callback/credentials", {
      form: { csrfToken, username: account.username, password: account.password, json: "true" },
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status()).toBe(403);
    expect((await (await page.request.get("/api/auth/me")).json()).user).toBeNull();

    const signIn = await page.request.post("/api/nextauth/callback/credentials", {
      form: { csrfToken, username: account.username, password: account.password, json: "true" },
      headers: { origin: baseURL! },
    });
    expect(signIn.status()).toBe(200);
    expect((await (await page.request.get("/api/auth/me")).json()).user).toMatchObject({ username: account.username, role: "user" });
    const session = (await (await page.request.get("/api/nextauth/session")).json()) as { user?: { username?: string } };
    expect(session.user?.username).toBe(account.username);

    // A REST logout ends the next-auth session too (same cookie, same session version), even for a kept copy of the cookie.
    const kept = await page.context().cookies();
    await page.request.post("/api/auth/logout");
    expect(await (await page.request.get("/api/nextauth/session")).json()).toEqual({});
    const copy = await browser.newContext();
    await copy.addCookies(kept);
    expect(await (await copy.request.get(`${baseURL}/api/nextauth/session`)).json()).toEqual({});
    expect(await (await copy.request.get(`${baseURL}/api/auth/me`)).json()).toEqual({ user: null });
    await copy.close();
  });

  test("the REST logout refuses another site's form post", async ({ page }) => {
    await signUp(page);
    const response = await page.request.post("/api/auth/logout", {
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(response.status()).toBe(403);
    expect((await (await page.request.get("/api/auth/me")).json()).user).not.toBeNull();
  });
});

test("the account pages pass an accessibility check", async ({ page }) => {
  for (const path of ["/auth", "/request-password-reset", "/reset-password/some-token", "/reset-password"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await axeViolations(page), path).toEqual([]);
  }
});
