import { createHash } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { PROGRAM_SLUGS, signInAsAdmin, signUp, trpcMutation } from "./helpers";

/**
 * Issue 18: public pages are prerendered for everyone alike, the session comes from a header island,
 * the CSP allows only the page's own inline scripts (decision 20), and the coach's changes reach every page.
 */

const PUBLIC_PAGES = [
  "/",
  "/about",
  "/services",
  ...PROGRAM_SLUGS.map((slug) => `/coaching/${slug}`),
  "/retreat-program",
  "/resources",
  "/contact",
  "/privacy",
  "/terms",
  "/sitemap",
  "/continuous-leadership-education",
  "/tests",
  "/tests?type=iq",
];

/** Collects what the browser reports as CSP violations (the event and the console line). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations))];
}

async function html(request: APIRequestContext, path: string): Promise<{ body: string; headers: Record<string, string> }> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return { body: await response.text(), headers: response.headers() };
}

test("a prerendered page is the same bytes with and without a session; the signed-in visitor's greeting comes after load", async ({
  page,
  playwright,
}) => {
  const account = await signUp(page, { firstName: "Greta" });
  const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    for (const path of ["/about", "/continuous-leadership-education", "/tests", "/tests?type=iq"]) {
      // A page past its revalidate time is served stale once more while Next regenerates it, so two
      // requests may straddle a regeneration (other tests change what /tests shows). A page that varied
      // with the session would differ on every pair; one that was regenerating agrees once it is done.
      let [signedIn, signedOut] = [await html(page.request, path), await html(anonymous, path)];
      for (let pair = 1; pair < 4 && signedIn.body !== signedOut.body; pair++) {
        await page.waitForTimeout(500);
        [signedIn, signedOut] = [await html(page.request, path), await html(anonymous, path)];
      }
      expect(signedIn.body, `${path} differs with a session cookie`).toBe(signedOut.body);
      expect(signedIn.body).not.toContain("Greta");
      expect(signedIn.body).not.toContain(account.username);
      // A shared cache (nginx, a CDN) may keep it, for a short while (decision 19).
      expect(signedOut.headers["cache-control"]).toMatch(/^s-maxage=(\d+), stale-while-revalidate=\d+$/);
      expect(Number(/s-maxage=(\d+)/.exec(signedOut.headers["cache-control"] ?? "")?.[1])).toBeLessThanOrEqual(300);
    }
  } finally {
    await anonymous.dispose();
  }

  // The island shows the greeting without moving anything (space is reserved in the header).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/about");
  const header = page.getByRole("banner");
  await expect(header.getByText("Hello, Greta")).toBeVisible();
  await expect(header.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0))).toBe(0);

  // Signing out in the header shows the signed-out header on the same page.
  await header.getByRole("button", { name: "Sign Out" }).click();
  await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(header.getByText("Hello, Greta")).toHaveCount(0);
});

test("a signed-out visitor never sees a greeting; the coach sees the Admin Dashboard link", async ({ page }) => {
  await page.goto("/services");
  await expect(page.locator("[data-session='signed-out']")).toHaveCount(1);
  await expect(page.getByRole("banner").getByText(/Hello,/)).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();

  await signInAsAdmin(page);
  await page.goto("/services");
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin Dashboard" })).toBeVisible();
});

test("an inline script that is not the framework's does not run on a prerendered page; the framework's do", async ({ page }) => {
  const violations = await watchCsp(page);
  // Stands for markup injected on the way (or into stored content): the page's own CSP travels with it.
  await page.route("**/about", async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    const body = (await response.text()).replace("</body>", "<script>window.__injected = true</script></body>");
    await route.fulfill({ status: response.status(), headers, body });
  });
  await page.goto("/about");
  // Hydrated: the header island asked who is signed in.
  await expect(page.locator("[data-session='signed-out']")).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  const reported = await violations();
  expect(reported.some((line) => /script-src/.test(line))).toBe(true);
});

test("a form submitted before the page's scripts run keeps what was typed out of the address", async ({ browser }) => {
  // No JavaScript stands for the moments before hydration (a slow network, a failed bundle).
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
  try {
    const page = await context.newPage();
    await page.goto("/contact");
    const contact = page.getByRole("form", { name: "Send Us a Message" });
    await contact.getByLabel("Email").fill("private@example.com");
    await contact.getByLabel("Message").fill("Something confidential about my team");
    await contact.getByRole("button", { name: /Send/ }).click();
    await page.waitForLoadState();
    expect(new URL(page.url()).search).toBe("");

    await page.goto("/auth");
    const signIn = page.getByRole("form", { name: "Sign In" });
    await signIn.getByLabel("Username").fill("someone");
    await signIn.getByLabel("Password").fill("a-secret-password");
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await page.waitForLoadState();
    expect(page.url()).not.toContain("a-secret-password");
    expect(new URL(page.url()).search).toBe("");
  } finally {
    await context.close();
  }
});

test("no page reports a CSP violation, public or signed in", async ({ page }) => {
  test.setTimeout(180_000);
  const violations = await watchCsp(page);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.locator("[data-session='signed-out']"), path).toHaveCount(1);
    expect(await violations(), path).toEqual([]);
  }
  await signUp(page);
  for (const path of ["/tests", "/test-history", "/appointments", "/settings", "/about"]) {
    await page.goto(path);
    await expect(page.locator("[data-session='signed-in']").first(), path).toBeAttached();
    expect(await violations(), path).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test("program cards clamp their description at three lines", async ({ page }) => {
  for (const path of ["/services", "/"]) {
    await page.goto(path);
    const descriptions = page.locator("article p.line-clamp-3");
    expect(await descriptions.count()).toBeGreaterThanOrEqual(6);
    const boxes = await descriptions.evaluateAll((elements) =>
      elements.map((element) => ({
        height: element.getBoundingClientRect().height,
        line: parseFloat(getComputedStyle(element).lineHeight),
        text: element.textContent,
      })),
    );
    for (const box of boxes) expect(box.height, `${path}: ${box.text?.slice(0, 40)}`).toBeLessThanOrEqual(3 * box.line + 1);
  }
});

async function shows(page: Page, path: string, text: string): Promise<boolean> {
  const response = await page.request.get(path);
  return (await response.text()).includes(text);
}

test("publishing a post shows it at once on the list, its page, the home page, the sitemap and RSS", async ({ page, playwright }) => {
  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const title = `Cached pages ${createHash("sha1").update(String(Math.random())).digest("hex").slice(0, 8)}`;
  const paths = ["/continuous-leadership-education", "/", "/sitemap.xml", "/continuous-leadership-education/rss.xml"];
  // Prerendered before the change, so the change must expire them.
  for (const path of paths) expect((await visitor.get(path)).status()).toBe(200);

  await signInAsAdmin(page);
  const post = await trpcMutation<{ id: number; slug: string }>(page, "admin.blog.create", {
    title,
    summary: "A post that checks the prerendered pages are revalidated when the coach publishes.",
    content: "Prerendered pages are regenerated when their content changes, so this post shows at once.",
    tags: [],
  });
  // A draft is not public; its address is now prerendered as "not found" and must be expired too.
  expect((await (await visitor.get(`/continuous-leadership-education/${post.slug}`)).text()).includes(title)).toBe(false);
  await trpcMutation(page, "admin.blog.publish", { id: post.id, mode: "now" });

  const check = async (path: string, text: string) => expect((await (await visitor.get(path)).text()).includes(text), path).toBe(true);
  await check("/continuous-leadership-education", title);
  await check(`/continuous-leadership-education/${post.slug}`, title);
  await check("/", title);
  await check("/sitemap.xml", post.slug);
  await check("/continuous-leadership-education/rss.xml", title);
  await visitor.dispose();
});

test("a scheduled post appears on the list and the home page within a minute of its time, not before", async ({ page }) => {
  test.setTimeout(200_000);
  await signInAsAdmin(page);
  const title = `Scheduled ${Date.now().toString(36)}`;
  const post = await trpcMutation<{ id: number; slug: string }>(page, "admin.blog.create", {
    title,
    summary: "A scheduled post that must appear when its minute comes and not before.",
    content: "Scheduled posts become visible at their time without any further change by the coach.",
    tags: [],
  });
  const at = new Date(Date.now() + 15_000);
  const response = await page.request.post("/api/trpc/admin.blog.publish", {
    data: { json: { id: post.id, mode: "schedule", at: at.toISOString() }, meta: { values: { at: ["Date"] } } },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(await shows(page, "/continuous-leadership-education", title)).toBe(false);
  expect(await shows(page, "/", title)).toBe(false);
  // Pages that show posts are regenerated at most 60 s after the minute (BLOG_REVALIDATE_SECONDS).
  await expect.poll(() => shows(page, "/continuous-leadership-education", title), { timeout: 150_000, intervals: [5_000] }).toBe(true);
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  await expect.poll(() => shows(page, "/", title), { timeout: 30_000, intervals: [2_000] }).toBe(true);
  await expect
    .poll(() => shows(page, `/continuous-leadership-education/${post.slug}`, title), { timeout: 30_000, intervals: [2_000] })
    .toBe(true);
});
