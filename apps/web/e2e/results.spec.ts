import type { Download, Page } from "@playwright/test";
import { PDFParse } from "pdf-parse";
import { WCAG_21_AA, expect, expectNoAxeViolations, signUp, takeTest, test, testIdOf, watchConsole, type Pick, hydrated } from "./helpers";

/**
 * Results a scientist would sign (issue 16): a user completes each test in the browser, reads the
 * intervals and the verdict wording, opens the result again from the history, prints it and
 * downloads it as a PDF; the methodology page is public, linked and accessible.
 */

async function pdfText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
  const pdf = Buffer.concat(chunks);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const { text } = await new PDFParse({ data: new Uint8Array(pdf) }).getText();
  return text.replace(/\s+/g, " ");
}

/** From the history, View Details of the newest result opens it again at /test-history/{id}; returns the id. */
async function openFromHistory(page: Page, title: string): Promise<number> {
  await page.goto("/test-history");
  await page
    .getByRole("link", { name: new RegExp(`^View Details of ${title}`) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/test-history\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your Results" })).toBeVisible();
  return Number(/\/test-history\/(\d+)$/.exec(page.url())![1]);
}

/** Downloads the shown result as a PDF and returns its text. */
async function downloadPdf(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^(personality|iq|eq|leadership)-result-\d{4}-\d{2}-\d{2}\.pdf$/);
  return pdfText(download);
}

/** In print, the buttons and the site chrome go; the result, its bars and error bars stay. */
async function expectPrintable(page: Page) {
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print Results" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Download PDF" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Your Results" })).toBeVisible();
  await expect(page.getByTestId("error-bar").first()).toBeVisible();
  await page.emulateMedia({ media: "screen" });
}

const accessible = (page: Page) => expectNoAxeViolations(page, { include: "main", tags: WCAG_21_AA });

test.describe("results with their measurement error", () => {
  test.describe.configure({ timeout: 240_000 });

  test("leadership: a clear primary style, error bars, reopened from history, printed and downloaded", async ({ page }) => {
    const errors = watchConsole(page);
    await signUp(page);
    // Visionary agreed with throughout, every other style mildly disagreed with: a clear primary style.
    await takeTest(page, "leadership", (q) =>
      q.scoring?.scale === "visionary" ? (q.scoring.reverse ? "1" : "5") : q.scoring?.reverse ? "4" : "2",
    );
    const verdict = "Primary style: Visionary, higher than every other style by more than measurement error.";
    await expect(page.getByText(verdict)).toBeVisible();
    await expect(page.getByRole("img", { name: /^Visionary: 100 out of 100, 90% range \d+ to 100$/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Coaching: \d+ out of 100, 90% range \d+ to \d+$/ })).toBeVisible();
    await expect(page.getByTestId("error-bar")).toHaveCount(6);
    await accessible(page);

    await openFromHistory(page, "Leadership Style Analysis");
    await expect(page.getByText(verdict)).toBeVisible();
    await expect(page.getByTestId("error-bar")).toHaveCount(6);
    await accessible(page);
    await expectPrintable(page);
    const text = await downloadPdf(page);
    expect(text).toContain("Leadership Style Analysis");
    expect(text).toContain(verdict);
    expect(text).toMatch(/Visionary 100 · 90% range \d+–100/);
    expect(errors).toEqual([]);
  });

  test("EQ: no clear strongest domain is said in words; the history reads the change against measurement error", async ({ page }) => {
    await signUp(page);
    const varied: Pick = (_q, i) => String(((i * 7) % 5) + 1);
    await takeTest(page, "eq", varied);
    await expect(page.getByText("No clear strongest domain", { exact: true })).toBeVisible();
    await expect(page.getByText(/^No clear strongest domain: .+ are within measurement error of each other\.$/)).toBeVisible();
    await expect(page.getByRole("img", { name: /^Self-Awareness: \d+ out of 100, 90% range \d+ to \d+$/ })).toBeVisible();
    await expect(page.getByText(/^Overall \d+\/100 \(90% range \d+–\d+\)$/)).toBeVisible();

    // A second attempt, shifted up: the history says how much it changed and whether that exceeds the error.
    await takeTest(page, "eq", (q, i) => String(Math.max(1, Math.min(5, ((i * 7) % 5) + 1 + (q.scoring?.reverse ? -1 : 1)))));
    await page.goto("/test-history");
    await expect(page.getByText("First result of this type")).toBeVisible();
    await expect(
      page.getByText(/^Since your previous result: (up|down) \d+(\.\d)? points? — (within measurement error|a reliable change)$/),
    ).toBeVisible();
    const id = await openFromHistory(page, "Emotional Intelligence");
    const text = await downloadPdf(page);
    expect(text).toContain("Emotional Intelligence");
    expect(text).toMatch(/Self-Awareness \d+\/100 · 90% range \d+–\d+/);
    const response = await page.request.get(`/test-history/${id}/pdf`);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="eq-result-\d{4}-\d{2}-\d{2}\.pdf"$/);
  });

  test("IQ: the estimate with its 90% range and the provisional norm, in the page and the PDF", async ({ page }) => {
    await signUp(page);
    // Right on two of every three items, a wrong option on the third: an ordinary, measurable result.
    await takeTest(page, "iq", (q, i) => (i % 3 === 0 ? q.options!.find((o) => o !== q.correctAnswer)! : q.correctAnswer!));
    const estimate = page.getByText(/^IQ estimate \d+ \(90% range \d+–\d+\)\.$/);
    await expect(estimate).toBeVisible();
    const [, score, low, high] = /^IQ estimate (\d+) \(90% range (\d+)–(\d+)\)\.$/.exec((await estimate.textContent())!)!.map(Number);
    expect(low).toBeLessThan(score!);
    expect(high).toBeGreaterThan(score!);
    await expect(
      page.getByText(/Provisional norm: the scale rests on assumed item difficulties; not yet compared with real test-takers\./),
    ).toBeVisible();
    await expect(page.getByRole("img", { name: `IQ estimate ${score}, 90% range ${low} to ${high}` })).toBeVisible();

    await openFromHistory(page, "Cognitive Intelligence Test");
    await expect(page.getByText(`IQ estimate ${score} (90% range ${low}–${high}).`)).toBeVisible();
    const text = await downloadPdf(page);
    expect(text).toContain(`IQ estimate ${score} (90% range ${low}–${high})`);
    expect(text).toContain("not yet compared with real test-takers");
  });

  test("IQ: guessing-level answers are not presented as a measurement", async ({ page }) => {
    await signUp(page);
    await takeTest(page, "iq", (q) => q.options!.find((o) => o !== q.correctAnswer)!);
    await expect(page.getByText("Not a measurement", { exact: true })).toBeVisible();
    await expect(page.getByText(/this result is not a measurement of reasoning ability/)).toBeVisible();
  });

  test("personality: the type code with tentative letters as '-' and each letter's retest agreement in words", async ({ page }) => {
    await signUp(page);
    // Clear Introversion and Sensing; neutral on the other two dimensions.
    await takeTest(page, "personality", (q) =>
      q.scoring?.scale === "EI"
        ? q.scoring.leftPole === "I"
          ? "1"
          : "5"
        : q.scoring?.scale === "SN"
          ? q.scoring.leftPole === "S"
            ? "1"
            : "5"
          : "3",
    );
    await expect(page.getByText("IS--", { exact: true })).toBeVisible();
    await expect(page.getByText("I (Introversion): a retake would give the same letter more than 99% of the time.")).toBeVisible();
    await expect(
      page.getByText(/^Shown as "-": leaning \w+, but a retake would give the same letter only about \d+% of the time/).first(),
    ).toBeVisible();
    await expect(
      page.getByRole("img", { name: /^Extraversion \(E\) vs Introversion \(I\): \d+% E, \d+% I, 90% range \d+% to \d+% E$/ }),
    ).toBeVisible();

    await page.goto("/test-history");
    // The history shows the type code, not the mean clarity as a "score".
    const card = page.getByRole("listitem").filter({ hasText: "Personality Type Assessment" });
    await expect(card.getByText("Type code", { exact: true })).toBeVisible();
    await expect(card.getByText("IS--", { exact: true })).toBeVisible();
    await expect(card.getByText("Score", { exact: true })).toHaveCount(0);
    await openFromHistory(page, "Personality Type Assessment");
    await expectPrintable(page);
    const text = await downloadPdf(page);
    expect(text).toContain("IS--");
    expect(text).toContain("a retake would give the same letter more than 99% of the time");
  });

  test("a result and its PDF belong to their owner: others get 404, visitors are asked to sign in", async ({ page, browser }) => {
    const owner = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const ownerPage = await owner.newPage();
    await signUp(ownerPage);
    const testId = await testIdOf(ownerPage, "leadership");
    const { questions } = (await (await ownerPage.request.get(`/api/tests/${testId}`)).json()) as { questions: Array<{ id: number }> };
    const attempt = (await (await ownerPage.request.post(`/api/tests/${testId}/start`)).json()) as { id: number };
    for (const [i, q] of questions.entries()) {
      await ownerPage.request.post(`/api/tests/attempts/${attempt.id}/responses`, {
        data: { questionId: q.id, answer: String((i % 5) + 1) },
      });
    }
    expect((await ownerPage.request.post(`/api/tests/attempts/${attempt.id}/complete`)).status()).toBe(200);
    expect((await ownerPage.request.get(`/test-history/${attempt.id}/pdf`)).status()).toBe(200);

    expect((await page.request.get(`/test-history/${attempt.id}/pdf`)).status()).toBe(401);
    await signUp(page);
    const response = await page.goto(`/test-history/${attempt.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    expect((await page.request.get(`/test-history/${attempt.id}/pdf`)).status()).toBe(404);
    expect((await page.request.get("/test-history/abc/pdf")).status()).toBe(404);
    await owner.close();
  });
});

test.describe("methodology", () => {
  test("is public, linked from /tests and from every result, shows live reliability with N, and passes axe", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto("/tests");
    await hydrated(page);
    await page.getByRole("link", { name: "How our assessments are measured" }).click();
    await expect(page).toHaveURL(/\/assessments\/methodology$/);
    await expect(page.getByRole("heading", { level: 1, name: "How Our Assessments Are Measured" })).toBeVisible();
    for (const name of [
      "Personality Type Assessment",
      "Cognitive Intelligence Test",
      "Emotional Intelligence",
      "Leadership Style Analysis",
    ]) {
      await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
    }
    await expect(page.getByRole("table")).toHaveCount(4);
    await expect(page.getByRole("columnheader", { name: "People (N)" }).first()).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "Whole test" })).toBeVisible();
    await expect(page.getByText(/^Norm: (provisional|calibrated)\./)).toBeVisible();
    await expect(page.getByText(/No validation study of these assessments exists/)).toBeVisible();
    await expectNoAxeViolations(page, { include: "main", tags: WCAG_21_AA });
    expect(errors).toEqual([]);

    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("/assessments/methodology</loc>");

    await signUp(page);
    await takeTest(page, "leadership", (_q, i) => String((i % 5) + 1));
    await page.getByRole("link", { name: "How these results are measured" }).click();
    await expect(page).toHaveURL(/\/assessments\/methodology$/);
  });
});
