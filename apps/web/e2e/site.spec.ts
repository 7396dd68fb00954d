import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations as expectNoAxeViolationsIn, outbox, PROGRAM_SLUGS, test, watchConsole, WCAG_21_AA } from "./helpers";

/**
 * The public website (issue 4): every marketing route renders with its texts, metadata and
 * structured data, passes axe (WCAG 2.1 AA), keeps its links resolvable, and the contact form works.
 */

/** Each public page with its h1 and whether the spec asks for the full sharing metadata. */
const PAGES: Array<{ path: string; h1: string | RegExp; social: boolean }> = [
  { path: "/", h1: "Scientific Executive Coaching & Leadership Development", social: true },
  { path: "/about", h1: "Leadership Development Grounded in Science", social: true },
  { path: "/services", h1: "Coaching and Development for Senior Leaders", social: true },
  ...PROGRAM_SLUGS.map((slug) => ({ path: `/coaching/${slug}`, h1: /.+/, social: true })),
  { path: "/retreat-program", h1: "The Executive Leadership Retreat", social: true },
  { path: "/resources", h1: "Insights for Evidence-Based Leaders", social: true },
  { path: "/contact", h1: "Contact Us", social: true },
  { path: "/privacy", h1: "Privacy Policy", social: false },
  { path: "/terms", h1: "Terms of Service", social: false },
  { path: "/sitemap", h1: "Site Map", social: false },
];

const expectNoAxeViolations = (page: Page) => expectNoAxeViolationsIn(page, { tags: WCAG_21_AA });

for (const { path, h1, social } of PAGES) {
  test(`${path} renders with its metadata, hydrates under the CSP and has no WCAG 2.1 AA violations`, async ({ page, baseURL }) => {
    const errors = watchConsole(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);

    // Security headers; the CSP allows the page's own inline scripts by hash (no nonce, no 'unsafe-inline').
    const headers = response?.headers() ?? {};
    const csp = headers["content-security-policy"] ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("nonce-");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["strict-transport-security"]).toContain("max-age=");
    expect(headers["x-powered-by"]).toBeUndefined();
    const inline = await page
      .locator("script:not([src]):not([type='application/ld+json'])")
      .evaluateAll((elements) => elements.map((element) => element.textContent ?? ""));
    expect(inline.length).toBeGreaterThan(0);
    for (const body of inline) {
      const digest = createHash("sha256").update(body).digest("base64");
      expect(scriptSrc, `inline script ${body.slice(0, 60)}`).toContain(`'sha256-${digest}'`);
    }

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
    await expect(page).toHaveTitle(/\S/);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length ?? 0).toBeGreaterThan(50);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    const expected = new URL(path, baseURL).toString();
    expect([expected, expected.replace(/\/$/, "")]).toContain(canonical);
    if (social) {
      expect(await page.locator('meta[name="keywords"]').getAttribute("content")).toBeTruthy();
      expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBeTruthy();
      expect(await page.locator('meta[property="og:description"]').getAttribute("content")).toBe(description);
      expect(await page.locator('meta[property="og:image"]').first().getAttribute("content")).toMatch(/^http/);
      expect(await page.locator('meta[name="twitter:card"]').getAttribute("content")).toBe("summary_large_image");
    }

    // Every image is local, sized and described (decorative ones have an empty alt).
    for (const image of await page.locator("main img").all()) {
      const src = (await image.getAttribute("src")) ?? "";
      expect(src.startsWith("/") || src.startsWith(baseURL ?? "")).toBe(true);
      expect(await image.getAttribute("alt")).not.toBeNull();
      // Sized by width/height, or filling a sized box (the hero backdrop).
      const sized =
        (await image.getAttribute("width")) !== null ||
        /position:\s*absolute.*height:\s*100%.*width:\s*100%/.test((await image.getAttribute("style")) ?? "");
      expect(sized, `${src} has no width/height and does not fill its box`).toBe(true);
    }

    // The header's Services menu opens: the page's JavaScript runs under the policy.
    await page.setViewportSize({ width: 1280, height: 900 });
    const services = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" });
    await services.click();
    await expect(services).toHaveAttribute("aria-expanded", "true");

    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
}

// The first HTML is the page: crawlers that run no scripts, and readers who turn them off, get every
// section and the footer in place, not in a hidden part of the document that a script swaps in.
for (const { path } of PAGES) {
  test(`${path} shows the same sections and the footer without JavaScript`, async ({ page, browser, baseURL }) => {
    // The home page's latest article streams in behind the spec's spinner: it needs scripts by design.
    const visibleSectionHeadings = (target: Page) =>
      target
        .locator("main h2")
        .evaluateAll((headings) =>
          headings.filter((h) => h.checkVisibility() && h.id !== "latest-article-title").map((h) => h.textContent?.trim()),
        );
    await page.goto(path);
    const withScripts = await visibleSectionHeadings(page);
    expect(withScripts.length).toBeGreaterThan(0);

    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const plain = await context.newPage();
      await plain.goto(path);
      expect(await visibleSectionHeadings(plain)).toEqual(withScripts);
      await expect(plain.getByRole("contentinfo").getByText("350 Park Avenue, Suite 1200")).toBeVisible();
    } finally {
      // A failed assertion must not leave the context open for the rest of the worker's tests.
      await context.close();
    }
  });
}

test("home shows the twelve sections in order with the spec's texts", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Discover Our Services" })).toHaveAttribute("href", "/services");
  await expect(main.getByRole("link", { name: "Book a Consultation" })).toHaveAttribute("href", "/contact");
  for (const [value, label] of [
    ["93%", "Executive satisfaction rating"],
    ["47%", "Average leadership effectiveness improvement"],
    ["100+", "Senior executives coached"],
    ["28", "Countries with client engagements"],
    ["10+", "Years of excellence"],
  ] as const) {
    await expect(main.getByText(value, { exact: true })).toBeVisible();
    await expect(main.getByText(label, { exact: true })).toBeVisible();
  }

  // Section order: services, programs, approach, assessments, stories, retreat, banner, contact.
  const headings = await main.getByRole("heading", { level: 2 }).allTextContents();
  const order = [
    "Services Built on Science",
    "Specialized Coaching Programs",
    "Where Psychology Meets Performance",
    "Scientific Assessments",
    "What Our Clients Say",
    "The Executive Leadership Retreat",
    "Ready to Lead at Your Highest Level?",
    "Start the Conversation",
  ];
  const positions = order.map((heading) => headings.indexOf(heading));
  expect(positions.every((p) => p >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);

  for (const title of ["Executive Coaching", "Leadership Development", "Team Performance"]) {
    await expect(main.getByRole("heading", { level: 3, name: title, exact: true })).toBeVisible();
  }
  for (const slug of PROGRAM_SLUGS) await expect(main.locator(`a[href="/coaching/${slug}"]`)).toHaveCount(1);

  for (const [type, title, minutes] of [
    ["personality", "Personality Type Assessment", "15 mins"],
    ["iq", "Cognitive Intelligence Test", "20 mins"],
    ["eq", "Emotional Intelligence", "15 mins"],
    ["leadership", "Leadership Style Analysis", "12 mins"],
  ] as const) {
    const card = main.locator("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await expect(card.getByText(minutes)).toBeVisible();
    await expect(card.getByRole("link", { name: /Take Assessment/ })).toHaveAttribute("href", `/tests?type=${type}`);
  }
  await expect(main.getByRole("link", { name: "View All Assessments" })).toHaveAttribute("href", "/tests");

  // Three testimonials with five stars; company and industry only when both are present.
  const stories = main.locator("section", { has: page.getByRole("heading", { name: "What Our Clients Say" }) }).locator("figure");
  await expect(stories).toHaveCount(3);
  await expect(stories.getByLabel("Rated 5 out of 5")).toHaveCount(3);
  await expect(stories.nth(0)).toContainText("Northbridge Capital · Financial Services");
  await expect(stories.nth(2)).not.toContainText("·");

  await expect(main.getByText("Limited Spaces Available")).toBeVisible();
  await expect(main.getByText("5-day immersive retreat limited to 12 participants")).toBeVisible();
  for (const module of ["Leadership Authenticity", "Strategic Thinking Mastery", "Resilience & Peak Performance"]) {
    await expect(main.getByText(module, { exact: true })).toBeVisible();
  }
  await expect(main.getByText("A cohort of 11 other leaders facing similar challenges")).toBeVisible();
  await expect(main.getByRole("link", { name: "Reserve Your Spot Today" })).toHaveAttribute("href", "/contact");
  await expect(main.getByRole("link", { name: "Explore the Retreat Program" })).toHaveAttribute("href", "/retreat-program");
  // The guide is a real PDF of the retreat's program, not a button that does nothing.
  const guide = main.getByRole("link", { name: "Download Program Guide" });
  await expect(guide).toHaveAttribute("href", "/retreat-program/guide.pdf");
  const pdf = await page.request.get("/retreat-program/guide.pdf");
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await expect(main.getByText("60-minute executive strategy session, valued at $2,500")).toBeVisible();

  const contact = main.locator("section", { has: page.getByRole("heading", { name: "Start the Conversation" }) });
  for (const label of ["First Name", "Last Name", "Email", "Phone", "Company", "Subject", "Message"]) {
    await expect(contact.getByLabel(label, { exact: false }).first()).toBeVisible();
  }
  await expect(contact.getByLabel("Subject").locator("option")).toHaveText([
    "Select a subject",
    "Executive Coaching",
    "Leadership Development",
    "Team Performance",
    "Other",
  ]);

  // Organisation structured data.
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}") as Record<
    string,
    unknown
  >;
  expect(jsonLd["@type"]).toBe("ProfessionalService");
  expect(jsonLd.name).toBe("Executive Coaching");
});

// Stars and check marks are CSS masks over a background colour, which forced-colours (high contrast)
// mode would repaint as the page's own background; they must keep the text colour instead.
test("star ratings and check marks stay visible in forced-colours mode", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, forcedColors: "active" });
  try {
    const page = await context.newPage();
    await page.goto("/");
    const icons = [page.getByLabel("Rated 5 out of 5").first(), page.getByRole("main").locator("li > span[aria-hidden='true']").first()];
    for (const icon of icons) {
      const [paint, canvas, text] = await icon.evaluate((el) => [
        getComputedStyle(el).backgroundColor,
        getComputedStyle(document.body).backgroundColor,
        getComputedStyle(el.parentElement!).color,
      ]);
      expect(paint).not.toBe(canvas);
      expect(paint).toBe(text);
    }
  } finally {
    await context.close();
  }
});

test("every header, footer and call-to-action link resolves to a real page", async ({ page, request }) => {
  const hrefs = new Set<string>();
  const collect = async () => {
    for (const href of await page.locator("a[href^='/']").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? "")))
      hrefs.add(href);
  };
  for (const path of [
    "/",
    "/about",
    "/services",
    `/coaching/${PROGRAM_SLUGS[0]}`,
    "/retreat-program",
    "/resources",
    "/contact",
    "/sitemap",
  ]) {
    await page.goto(path);
    await collect();
  }
  // The header menus render their links only while open.
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Services", "Assessments"]) {
    await nav.getByRole("button", { name }).click();
    await expect(nav.getByRole("button", { name })).toHaveAttribute("aria-expanded", "true");
    await collect();
  }
  for (const href of ["/services#team", "/test-history", `/coaching/${PROGRAM_SLUGS[5]}`]) expect(hrefs).toContain(href);
  expect(hrefs.size).toBeGreaterThan(30);
  const broken: string[] = [];
  for (const href of hrefs) {
    const response = await request.get(href.split("#")[0] || "/", { maxRedirects: 5 });
    if (response.status() >= 400) broken.push(`${href} → ${response.status()}`);
  }
  expect(broken).toEqual([]);
});

test("header menus are keyboard operable and list every destination", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/about");
  const nav = page.getByRole("navigation", { name: "Main" });
  const services = nav.getByRole("button", { name: "Services" });
  await services.focus();
  await page.keyboard.press("Enter");
  await expect(services).toHaveAttribute("aria-expanded", "true");
  for (const href of ["/services#coaching", "/services#leadership", "/services#team", ...PROGRAM_SLUGS.map((s) => `/coaching/${s}`)]) {
    await expect(nav.locator(`a[href="${href}"]`)).toBeVisible();
  }
  await page.keyboard.press("Escape");
  await expect(services).toHaveAttribute("aria-expanded", "false");
  await expect(services).toBeFocused();

  const assessments = nav.getByRole("button", { name: "Assessments" });
  await assessments.click();
  for (const href of ["/tests", "/tests?type=personality", "/tests?type=iq", "/tests?type=eq", "/tests?type=leadership", "/test-history"]) {
    await expect(nav.locator(`a[href="${href}"]`)).toBeVisible();
  }
  await nav.locator('a[href="/tests?type=eq"]').focus();
  await page.keyboard.press("Escape");
  await expect(assessments).toHaveAttribute("aria-expanded", "false");

  await expect(nav.getByRole("link", { name: "Continuous Leadership Education" })).toHaveAttribute(
    "href",
    "/continuous-leadership-education",
  );
  await expect(page.getByRole("banner").getByRole("link", { name: "Book a Consultation" }).first()).toHaveAttribute(
    "href",
    "/appointments",
  );
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" }).first()).toHaveAttribute("href", "/auth");
});

test("the mobile menu holds Home, Resources, Contact and every menu link", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/services");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  // Sign In comes before the 20-odd links, not after them.
  const signIn = page.locator("#mobile-menu").getByRole("link", { name: "Sign In" });
  await expect(signIn).toBeVisible();
  expect((await signIn.boundingBox())!.y).toBeLessThan((await menu.getByRole("link", { name: "Home", exact: true }).boundingBox())!.y);
  for (const name of ["Home", "Resources", "Contact", "Continuous Leadership Education", "Reach Peak Performance", "Personality Type"]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await menu.getByRole("link", { name: "Resources", exact: true }).click();
  await expect(page).toHaveURL("/resources");
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
});

test("footer carries services, resources, contact details, social and legal links", async ({ page }) => {
  await page.goto("/privacy");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Executive Coaching", exact: true })).toHaveAttribute("href", "/services#coaching");
  await expect(footer.getByRole("link", { name: "Resources", exact: true })).toHaveAttribute("href", "/resources");
  await expect(footer.getByText("350 Park Avenue, Suite 1200")).toBeVisible();
  await expect(footer.getByRole("link", { name: /LinkedIn/ })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  await expect(footer.getByRole("link", { name: "Sitemap" })).toHaveAttribute("href", "/sitemap");
});

test("services anchors, program pages and the retreat carry the spec's content and calls to action", async ({ page }) => {
  await page.goto("/services#leadership");
  for (const id of ["coaching", "leadership", "team"]) {
    const section = page.locator(`section#${id}`);
    await expect(section.locator("li")).toHaveCount(4);
    await expect(section.getByRole("link", { name: /^Discuss / })).toHaveAttribute("href", "/contact");
  }
  await expect(page.getByRole("heading", { name: "Team Building", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Talk to Us About a Custom Solution" })).toHaveAttribute("href", "/contact");

  await page.goto("/coaching/eq-emotional-intelligence-coaching");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("EQ: Emotional Intelligence Coaching");
  for (const heading of ["About This Program", "What You Will Gain", "How the Program Works", "What Participants Say"]) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  }
  await expect(page.locator('main a[href="/appointments"]').first()).toBeVisible();
  await expect(page.locator('main a[href="/contact"]').first()).toBeVisible();
  expect((await page.request.get("/coaching/not-a-program")).status()).toBe(404);

  await page.goto("/retreat-program");
  const main = page.getByRole("main");
  for (const fact of ["5", "12", "90", "$8,500"]) await expect(main.getByText(fact, { exact: true }).first()).toBeVisible();
  await expect(main.getByRole("heading", { name: "Four Modules" })).toBeVisible();
  await expect(main.locator("section", { has: page.getByRole("heading", { name: "Four Modules" }) }).locator("li")).toHaveCount(4);
  await expect(main.locator('a[href="/contact"]').first()).toBeVisible();
  await expect(main.locator('a[href="/about"]').first()).toBeVisible();

  await page.goto("/about");
  await expect(
    page
      .getByRole("main")
      .locator("section", { has: page.getByRole("heading", { name: "The People Behind the Practice" }) })
      .locator("li"),
  ).toHaveCount(6);
  for (const step of ["Assess", "Develop", "Apply"]) await expect(page.getByRole("heading", { name: step, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Explore Our Services" })).toHaveAttribute("href", "/services");
});

test("a resources tab clicked before the scripts run is the one shown once they do", async ({ page }) => {
  let release = () => {};
  const clicked = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    await clicked;
    await route.continue();
  });
  await page.goto("/resources", { waitUntil: "domcontentloaded" });
  const tabs = page.getByRole("tablist", { name: "Resource types" });
  await tabs.getByRole("tab", { name: "Case Studies" }).click();
  release();
  await expect(tabs.getByRole("tab", { name: "Case Studies" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Case Studies" })).toBeVisible();
});

test("resources tabs switch with mouse and keyboard", async ({ page }) => {
  await page.goto("/resources");
  const tabs = page.getByRole("tablist", { name: "Resource types" });
  await expect(tabs.getByRole("tab", { name: "Blog Articles" })).toHaveAttribute("aria-selected", "true");
  await tabs.getByRole("tab", { name: "Case Studies" }).click();
  await expect(page.getByRole("tabpanel", { name: "Case Studies" }).getByRole("heading", { level: 3 })).toHaveCount(3);
  await page.keyboard.press("ArrowRight");
  await expect(tabs.getByRole("tab", { name: "White Papers" })).toBeFocused();
  const papers = page.getByRole("tabpanel", { name: "White Papers" });
  await expect(papers.getByText("24 pages")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the contact form validates, sends, confirms and resets", async ({ page }) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  await expect(main.getByText("350 Park Avenue, Suite 1200")).toBeVisible();
  await expect(main.getByRole("link", { name: /Map of our office/ })).toHaveAttribute("href", /openstreetmap\.org/);
  await expect(
    main
      .getByRole("list")
      .filter({ has: page.getByRole("link", { name: /LinkedIn/ }) })
      .getByRole("link"),
  ).toHaveCount(4);
  await expect(main.getByText(/complimentary 30-minute consultation/)).toBeVisible();

  const form = main.getByRole("form", { name: "Send Us a Message" });
  await expect(form.getByLabel("Subject").locator("option")).toHaveText([
    "Select a subject",
    "Executive Coaching",
    "Leadership Development",
    "Assessments",
    "Strategic Planning",
    "Other",
  ]);

  // Invalid: every message from the spec, and the fields point at their errors.
  await form.getByLabel("First Name").fill("A");
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByLabel("Message").fill("Too short");
  await form.getByRole("button", { name: "Send Message" }).click();
  for (const message of [
    "First name is required",
    "Last name is required",
    "Please enter a valid email address",
    "Please select a subject",
    "Please enter a message (minimum 10 characters)",
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await expect(form.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  // Valid.
  const unique = `Quarterly board coaching enquiry ${Date.now()}`;
  await form.getByLabel("First Name").fill("Grace");
  await form.getByLabel("Last Name").fill("Hopper");
  await form.getByLabel("Email").fill("grace@example.com");
  await form.getByLabel("Company").fill("Compilers Inc.");
  await form.getByLabel("Subject").selectOption("strategic-planning");
  await form.getByLabel("Message").fill(unique);
  await form.getByRole("button", { name: "Send Message" }).click();

  await expect(main.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
  await expect(main.getByText("Thank you for reaching out. We'll get back to you within 1-2 business days.")).toBeVisible();
  const toast = page.getByRole("status").filter({ hasText: "Message Sent" });
  await expect(toast).toContainText("Your message has been received. We'll be in touch soon!");

  // The coach is emailed (local mail folder without a Resend key), replying goes to the visitor.
  await expect.poll(() => outbox().filter((mail) => mail.text.includes(unique)).length).toBe(1);
  const mail = outbox().find((m) => m.text.includes(unique));
  expect(mail?.to).toBe("coach@example.com");
  expect(mail?.subject).toContain("Grace Hopper");

  await main.getByRole("button", { name: "Send Another Message" }).click();
  await expect(form.getByLabel("First Name")).toHaveValue("");
  await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
  // A fresh form: typing in it shows no messages until the next submit.
  await form.getByLabel("First Name").fill("Ada");
  await form.getByLabel("Last Name").fill("L");
  await expect(form.getByText("Please enter a valid email address")).toHaveCount(0);
  await expect(form.getByText("Please select a subject")).toHaveCount(0);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
});

test("the blog's old addresses redirect permanently", async ({ request }) => {
  const list = await request.get("/blog", { maxRedirects: 0 });
  expect(list.status()).toBe(308);
  expect(list.headers().location).toBe("/continuous-leadership-education");
  const post = await request.get("/blog/some-article", { maxRedirects: 0 });
  expect(post.status()).toBe(308);
  expect(post.headers().location).toBe("/continuous-leadership-education/some-article");
});

test("an unknown path shows the accessible not-found page with 404", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Page Not Found", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Homepage" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact");
  await expectNoAxeViolations(page);
});

test("sitemap.xml lists the pages and published articles; robots.txt points at it", async ({ request, baseURL }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of ["/about", "/services", "/retreat-program", "/resources", "/contact", ...PROGRAM_SLUGS.map((s) => `/coaching/${s}`)]) {
    expect(sitemap).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  expect(sitemap).toMatch(new RegExp(`<loc>${baseURL}/continuous-leadership-education/[a-z0-9-]+</loc>`));
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain("Disallow: /admin");
  const og = await request.get("/opengraph-image");
  expect(og.status()).toBe(200);
  expect(og.headers()["content-type"]).toBe("image/png");
});
