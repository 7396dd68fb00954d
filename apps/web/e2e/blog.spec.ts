import { expect, expectNoAxeViolations, outbox, signInAsAdmin, signOut, test, trpcMutation, writeFormattedText } from "./helpers";

/** A 1x1 PNG (the coach's featured image). */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a5a0d6e40000000049454e44ae426082",
  "hex",
);

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe.configure({ mode: "serial" });

test("the public blog serves the spec's REST shapes and pages for the seeded articles", async ({ page, request }) => {
  const list = await request.get("/api/blog");
  expect(list.status()).toBe(200);
  const posts = (await list.json()) as Array<{
    id: number;
    title: string;
    slug: string;
    summary: string;
    featuredImage: string | null;
    publishedAt: string;
    lastModified: string;
    tags: Array<{ id: number; tag: string }>;
  }>;
  expect(posts.length).toBeGreaterThanOrEqual(6);
  expect(Object.keys(posts[0]!).sort()).toEqual(["featuredImage", "id", "lastModified", "publishedAt", "slug", "summary", "tags", "title"]);
  const latest = (await (await request.get("/api/blog/latest")).json()) as { slug: string };
  expect(latest.slug).toBe(posts[0]!.slug);
  const one = await request.get(`/api/blog/slug/${posts[0]!.slug}`);
  expect(one.status()).toBe(200);
  expect(((await one.json()) as { content: string }).content.length).toBeGreaterThan(100);
  expect((await request.get("/api/blog/slug/no-such-article")).status()).toBe(404);

  await page.goto("/continuous-leadership-education");
  await expect(page.getByRole("heading", { level: 1, name: "Continuous Leadership Education" })).toBeVisible();
  const firstCard = page.getByRole("article").first();
  await expect(firstCard.getByRole("heading", { name: posts[0]!.title })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Read More/ })).toHaveCount(posts.length);
  // Underscores in tags are shown as spaces.
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: /^emotional intelligence$/ })
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await firstCard.getByRole("link", { name: /^Read More/ }).click();
  await expect(page).toHaveURL(`/continuous-leadership-education/${posts[0]!.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: posts[0]!.title })).toBeVisible();
  await expect(page.getByText("By The Editorial Team")).toBeVisible();
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}") as Record<
    string,
    unknown
  >;
  expect(jsonLd).toMatchObject({ "@type": "Article", headline: posts[0]!.title });
  expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "← Back to all articles" }).click();
  await expect(page).toHaveURL("/continuous-leadership-education");

  await page.goto("/continuous-leadership-education/no-such-article");
  await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Back to Continuous Leadership Education/ })).toBeVisible();

  const rss = await request.get("/continuous-leadership-education/rss.xml");
  expect(rss.headers()["content-type"]).toContain("application/rss+xml");
  expect(await rss.text()).toContain(`<title>${posts[0]!.title.replace(/&/g, "&amp;")}</title>`);
});

test("the coach writes a post with a heading, bold words, a link, tags and an image; visitors see it at once everywhere", async ({
  page,
}) => {
  const title = `Leading With Evidence ${unique()}`;
  page.on("dialog", (dialog) => {
    throw new Error(`a dialog fired: ${dialog.message()}`);
  });

  // A visitor loads the pages first, so the 5-minute cache holds the old list.
  await page.goto("/continuous-leadership-education");
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Continuous Leadership Education" })).toBeVisible();

  await signInAsAdmin(page);
  await page.goto("/admin?tab=blog");
  await page.getByRole("button", { name: "New post" }).click();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await expect(page.getByLabel("Slug")).toHaveValue(/^leading-with-evidence-/);
  await page.getByLabel("Summary").fill("What the research says about leading through uncertainty, and what to do on Monday.");
  await writeFormattedText(page, "Body", {
    heading: "Why it matters",
    before: "Evidence ",
    bold: "beats intuition.",
    linkText: "Read the research",
    href: "https://example.org/research",
    listItem: "Measure",
  });
  await expect(page.getByRole("toolbar", { name: "Body formatting" }).getByRole("button", { name: "Bulleted list" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expectNoAxeViolations(page, { include: "main" });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, { include: "main" });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole("checkbox", { name: "leadership" }).check();
  await page.getByRole("checkbox", { name: "emotional intelligence" }).check();
  await page.getByLabel("Featured image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("img", { name: "Featured image preview" })).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}\.png$/);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("blog-preview").getByRole("heading", { name: "Why it matters" })).toBeVisible();
  await expect(page.getByTestId("blog-preview").locator("strong", { hasText: "beats intuition." })).toBeVisible();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved")).toBeVisible();
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText("Post published")).toBeVisible();

  // Visitors see it at once (the cache was refreshed by the publish).
  await signOut(page);
  await page.goto("/continuous-leadership-education");
  await expect(page.getByRole("article").first().getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByRole("article").first().getByText("leadership", { exact: true })).toBeVisible();
  await expect(page.getByRole("article").first().getByText("emotional intelligence", { exact: true })).toBeVisible();

  await page.goto("/");
  const latest = page.getByRole("region", { name: "Continuous Leadership Education" });
  await expect(latest.getByRole("heading", { name: title })).toBeVisible();
  await expect(latest.getByText(/^Published on \w+ \d{1,2}, \d{4} by The Editorial Team$/)).toBeVisible();
  await expect(latest.getByRole("link", { name: "View All Articles" })).toHaveAttribute("href", "/continuous-leadership-education");
  await expectNoAxeViolations(page, { include: 'section[aria-labelledby="latest-article-title"]' });

  await page.goto("/resources");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Read More/ })).toHaveCount(6);

  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Why it matters" })).toBeVisible();
  await expect(page.getByRole("main").getByText("Measure")).toBeVisible();
  // The editor's formatting reaches visitors: bold words and a link that opens the source.
  await expect(page.getByRole("main").locator("strong", { hasText: "beats intuition." })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Read the research" })).toHaveAttribute(
    "href",
    "https://example.org/research",
  );
  await expect(page.locator("main article script:not([type='application/ld+json'])")).toHaveCount(0);
  await expect(page.locator("main [onerror]")).toHaveCount(0);
  const cover = page.locator('main img[src^="/uploads/"]').first();
  const src = await cover.getAttribute("src");
  const image = await page.request.get(src!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  expect((await page.request.get("/uploads/..%2F..%2Fauth-secret")).status()).toBe(404);

  // An edit shows at once too.
  await signInAsAdmin(page);
  await page.goto("/admin?tab=blog");
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  await page.getByLabel("Title", { exact: true }).fill(`${title} (revised)`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Post saved")).toBeVisible();
  await signOut(page);
  await page.goto("/continuous-leadership-education");
  await expect(page.getByRole("heading", { name: `${title} (revised)` })).toBeVisible();
});

test("a visitor subscribes, confirms from the email, receives the newsletter and unsubscribes from it", async ({ page, browser }) => {
  const email = `reader-${unique()}@example.com`;

  await page.goto("/");
  const card = page.getByRole("region", { name: "Subscribe to Our Newsletter" });
  await expectNoAxeViolations(page, { include: 'section[aria-labelledby="newsletter-card-title"]' });
  await card.getByLabel("Email").fill("not-an-email");
  await card.getByRole("button", { name: "Subscribe" }).click();
  await expect(card.getByText("Please enter a valid email address")).toBeVisible();
  await card.getByLabel("First name (optional)").fill("Grace");
  await card.getByLabel("Email").fill(email);
  await card.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("heading", { name: "Thank You for Subscribing!" })).toBeVisible();
  await expect(page.getByText("You have been subscribed to our newsletter.")).toBeVisible();

  await expect.poll(() => outbox().filter((m) => m.to === email).length).toBe(1);
  const confirmMail = outbox().find((m) => m.to === email)!;
  const confirmLink = /href="([^"]*\/newsletter\/confirm\?token=[^"]+)"/.exec(confirmMail.html)?.[1]?.replace(/&amp;/g, "&");
  expect(confirmLink).toBeTruthy();
  await page.goto(new URL(confirmLink!).pathname + new URL(confirmLink!).search);
  await expectNoAxeViolations(page, { include: "main" });
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByText("Your subscription is confirmed.")).toBeVisible();
  // The outcome replaces the instructions instead of sitting under them.
  await expect(page.getByText(/One click and you will receive/)).toHaveCount(0);

  // The coach tests, then sends the newest post.
  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  await admin.goto("/admin?tab=newsletter");
  await expect(admin.getByRole("cell", { name: email, exact: true })).toBeVisible();
  await expect(admin.getByRole("row", { name: new RegExp(email) }).getByText("Active")).toBeVisible();
  await expect(admin.getByRole("button", { name: "Send to subscribers" })).toBeDisabled();
  await admin.getByRole("button", { name: "Send test to me" }).click();
  await expect(admin.getByText("Test sent", { exact: true })).toBeVisible();
  await admin.getByRole("button", { name: "Send to subscribers" }).click();
  await admin.getByRole("button", { name: "Send newsletter" }).click();
  await expect(admin.getByText("Newsletter sent")).toBeVisible();

  await expect.poll(() => outbox().filter((m) => m.to === email).length).toBe(2);
  const issue = outbox().filter((m) => m.to === email)[1]!;
  expect(issue.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const oneClick = /^<(.+)>$/.exec(issue.headers["List-Unsubscribe"] ?? "")?.[1];
  expect(oneClick).toContain("/newsletter/unsubscribe/one-click?token=");

  // Opening the link changes nothing until the button is pressed.
  const url = new URL(oneClick!);
  await page.goto(url.pathname + url.search);
  await expect(page).toHaveURL(/\/newsletter\/unsubscribe\?token=/);
  await admin.reload();
  await expect(admin.getByRole("row", { name: new RegExp(email) }).getByText("Active")).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You have been unsubscribed.")).toBeVisible();
  await expect(page.getByText(/Confirm below/)).toHaveCount(0);
  await admin.reload();
  await expect(admin.getByRole("row", { name: new RegExp(email) }).getByText("Unsubscribed")).toBeVisible();

  // The mail provider's one-click POST works as well (and is harmless when repeated).
  const post = await page.request.post(url.pathname + url.search, { form: { "List-Unsubscribe": "One-Click" } });
  expect(post.status()).toBe(200);
  await admin.close();
});

test("an email typed before the page hydrates is the one subscribed, in the Resources form and the footer", async ({ page }) => {
  // The bundles are held until the visitor has typed: the fields are there, their scripts are not yet.
  let release = () => {};
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto("/resources", { waitUntil: "domcontentloaded" });
  const form = page.getByRole("form", { name: "Newsletter", exact: true });
  const footer = page.getByRole("form", { name: "Footer newsletter" });
  await form.getByLabel("Email address").fill(`early-${unique()}@example.com`);
  await footer.getByLabel("Email address").fill(`early-footer-${unique()}@example.com`);
  release();

  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Subscription Successful")).toBeVisible();
  await expect(form.getByLabel("Email address")).toHaveValue("");
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Please check your inbox to confirm your subscription.")).toBeVisible();
});

test("the Resources form subscribes with an email only and the footer box subscribes too", async ({ page }) => {
  await page.goto("/resources");
  const form = page.getByRole("form", { name: "Newsletter", exact: true });
  const submit = form.getByRole("button", { name: "Subscribe" });
  await expect(submit).toBeDisabled();
  await form.getByLabel("Email address").fill(`resources-${unique()}@example.com`);
  await submit.click();
  await expect(page.getByText("Subscription Successful")).toBeVisible();
  await expect(page.getByText("Thank you for subscribing to our newsletter!")).toBeVisible();
  await expect(form.getByLabel("Email address")).toHaveValue("");

  const footer = page.getByRole("form", { name: "Footer newsletter" });
  await footer.getByLabel("Email address").fill(`footer-${unique()}@example.com`);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Please check your inbox to confirm your subscription.")).toBeVisible();
});

test("the coach writes an issue in the console, tests it at another address and sends it to the subscribers", async ({ page, browser }) => {
  // A confirmed subscriber, through the public form and the emailed link.
  const reader = `letter-reader-${unique()}@example.com`;
  expect((await page.request.post("/api/newsletter/subscribe", { data: { email: reader } })).status()).toBe(200);
  await expect.poll(() => outbox().filter((m) => m.to === reader).length).toBe(1);
  const confirmLink = /href="([^"]*\/newsletter\/confirm\?token=[^"]+)"/
    .exec(outbox().find((m) => m.to === reader)!.html)?.[1]
    ?.replace(/&amp;/g, "&");
  const token = new URL(confirmLink!).searchParams.get("token")!;
  await trpcMutation(page, "newsletter.confirm", { token });

  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  await admin.goto("/admin?tab=newsletter");
  const composer = admin.getByRole("region", { name: "Write an issue" });
  const subject = `Notes for the quarter ${unique()}`;
  await composer.getByLabel("Subject").fill(subject);
  await composer.getByRole("textbox", { name: "Text" }).click();
  await admin.keyboard.type("Dear readers,");
  await admin.keyboard.press("Enter");
  await admin.keyboard.press("ControlOrMeta+b");
  await admin.keyboard.type("Protect one morning a week for thinking.");
  await composer.getByRole("button", { name: "Save draft" }).click();
  await expect(admin.getByText("Issue saved", { exact: true })).toBeVisible();
  await expect(composer.getByRole("button", { name: "Send issue to subscribers" })).toBeDisabled();
  const colleague = `colleague-${unique()}@partner.example`;
  await composer.getByLabel("Send a test to").fill(colleague);
  await composer.getByRole("button", { name: "Send test" }).click();
  await expect(admin.getByText("Test sent", { exact: true })).toBeVisible();
  await expect.poll(() => outbox().filter((m) => m.to === colleague && m.subject === `[Test] ${subject}`).length).toBe(1);
  await composer.getByRole("button", { name: "Send issue to subscribers" }).click();
  await expect(admin.getByText("Newsletter sent", { exact: true })).toBeVisible();
  await expect.poll(() => outbox().filter((m) => m.to === reader && m.subject === subject).length).toBe(1);
  expect(outbox().find((m) => m.to === reader && m.subject === subject)?.text).toContain("Protect one morning a week for thinking.");
  expect(outbox().find((m) => m.to === reader && m.subject === subject)?.html).toContain(
    "<strong>Protect one morning a week for thinking.</strong>",
  );
  await expectNoAxeViolations(admin, { include: "main" });
  await admin.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(admin, { include: "main" });
});
