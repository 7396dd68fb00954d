import type { Download, Page } from "@playwright/test";
import { PDFParse } from "pdf-parse";
import { INSTRUMENTS } from "@coach/assessments";
import {
  WCAG_21_AA,
  expect,
  expectNoAxeViolations,
  readAtHumanSpeed,
  signUp,
  takeTest,
  test,
  testIdOf,
  trait,
  watchConsole,
} from "./helpers";

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

const CHANCE = String.raw`(?:about \d+ in 10|about \d+ in 100|more than 99 in 100)`;

async function expectDebrief(page: Page) {
  await expect(page.getByRole("link", { name: "Book a debrief" })).toHaveAttribute("href", "/appointments?type=consultation");
}

test.describe("results a client can act on", () => {
  test.describe.configure({ timeout: 300_000 });
  test.beforeEach(async ({ page }) => readAtHumanSpeed(page));

  test("leadership: the primary and least-used styles with their probability in words, what to do, a debrief; reopened, printed, downloaded", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await signUp(page);
    await takeTest(page, "leadership", trait({ visionary: 5, commanding: 1 }));
    const primary = new RegExp(`^Primary style: Visionary\\. Your answers make it ${CHANCE} that Visionary is the style you use most\\.$`);
    await expect(page.getByText(primary)).toBeVisible();
    await expect(
      page.getByText(
        new RegExp(`^Least-used style: Commanding\\. Your answers make it ${CHANCE} that Commanding is the style you use least\\.$`),
      ),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Making the most of Visionary" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "When Commanding would help" })).toBeVisible();
    await expectDebrief(page);
    await expect(page.getByRole("img", { name: /^Visionary: \d+ out of 100, 90% range \d+ to \d+$/ })).toBeVisible();
    await expect(page.getByTestId("error-bar")).toHaveCount(6);
    await expect(page.getByText(/retake would/)).toHaveCount(0);
    await accessible(page);

    await page.goto("/test-history");
    // No single "leadership score" (the highest style) in the history.
    const card = page.getByRole("listitem").filter({ hasText: "Leadership Style Analysis" });
    await expect(card.getByText("Visionary", { exact: true })).toBeVisible();
    await expect(card.getByText("Score", { exact: true })).toHaveCount(0);
    await openFromHistory(page, "Leadership Style Analysis");
    await expect(page.getByText(primary)).toBeVisible();
    await expectDebrief(page);
    await accessible(page);
    await expectPrintable(page);
    const text = await downloadPdf(page);
    expect(text).toContain("Leadership Style Analysis");
    expect(text).toMatch(/Primary style: Visionary\. Your answers make it/);
    expect(text).toContain("Making the most of Visionary");
    expect(text).toContain("Book a debrief");
    expect(text).toMatch(/Visionary \d+\/100 · 90% range \d+–\d+/);
    expect(errors).toEqual([]);
  });

  test("EQ: no clear strongest domain lists the domains with a real chance; the history reads the change against measurement error", async ({
    page,
  }) => {
    // Two long attempts: the first finds no clear strongest domain, so it runs to its budget (110 questions), and the second is a
    // retake, which asks the whole bank so the change on every domain can be judged (decision 45); it is answered over the API.
    test.setTimeout(300_000);
    await signUp(page);
    await takeTest(page, "eq", trait({ selfAwareness: 4, empathy: 4, socialSkills: 2 }));
    await expect(page.getByText("No clear strongest domain", { exact: true })).toBeVisible();
    await expect(page.getByText(/^No clear strongest domain: .+ each have a real chance of being your strongest\.$/)).toBeVisible();
    await expect(page.getByRole("img", { name: /^Self-Awareness: \d+ out of 100, 90% range \d+ to \d+$/ })).toBeVisible();
    await expect(page.getByText(/^Overall \d+\/100 \(90% range \d+–\d+\)$/)).toBeVisible();
    await expectDebrief(page);

    // A second attempt, a level higher on every domain: the history says how much it changed and whether that exceeds the error.
    // It is a retake, so it asks every question of the bank, in the order `next` gives them.
    const bank = INSTRUMENTS.find((i) => i.type === "eq")!.questions;
    const higher = trait({ selfAwareness: 5, empathy: 5, motivation: 4, selfRegulation: 4, socialSkills: 3 });
    type Step = { next: { id: number; text: string } | null; estimatedTotal: number };
    const retake = (await (await page.request.post(`/api/tests/${await testIdOf(page, "eq")}/start`)).json()) as Step & { id: number };
    expect(retake.estimatedTotal).toBe(bank.length);
    let step: Step = retake;
    let asked = 0;
    while (step.next) {
      const index = bank.findIndex((q) => q.text === step.next!.text);
      const answer = higher(bank[index]!, index);
      const saved = await page.request.post(`/api/tests/attempts/${retake.id}/responses`, {
        data: { questionId: step.next.id, answer, latencyMs: 4000 },
      });
      expect(saved.status()).toBe(200);
      step = (await saved.json()) as Step;
      asked += 1;
    }
    expect(asked).toBe(bank.length);
    expect((await page.request.post(`/api/tests/attempts/${retake.id}/complete`)).status()).toBe(200);
    await page.goto("/test-history");
    await expect(page.getByText("First measured result of this type")).toBeVisible();
    await expect(
      page.getByText(/^Since your previous result: (up|down) \d+(\.\d)? points? — (within measurement error|more than measurement error)$/),
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
    await expectDebrief(page);

    await openFromHistory(page, "Cognitive Intelligence Test");
    await expect(page.getByText(`IQ estimate ${score} (90% range ${low}–${high}).`)).toBeVisible();
    const text = await downloadPdf(page);
    expect(text).toContain(`IQ estimate ${score} (90% range ${low}–${high})`);
    expect(text).toContain("not yet compared with real test-takers");
  });

  test("IQ: guessing-level answers are not a measurement, on the result and in the history, never 'Below Average'", async ({ page }) => {
    await signUp(page);
    await takeTest(page, "iq", (q) => q.options!.find((o) => o !== q.correctAnswer)!);
    await expect(page.getByText("Not a measurement", { exact: true })).toBeVisible();
    await expect(page.getByText(/this result is not a measurement of reasoning ability/)).toBeVisible();
    await expect(page.getByText(/Below Average/)).toHaveCount(0);
    await page.goto("/test-history");
    const card = page.getByRole("listitem").filter({ hasText: "Cognitive Intelligence Test" });
    await expect(card.getByText("Not a measurement", { exact: true })).toBeVisible();
    await expect(card.getByText(/guessing alone/)).toBeVisible();
    await expect(card.getByText(/Below Average/)).toHaveCount(0);
    await expect(card.getByText("Score", { exact: true })).toHaveCount(0);
  });

  test("personality: the type code, with each letter's probability in words", async ({ page }) => {
    await signUp(page);
    // Clear Introversion and Sensing; on the other two, each pole agreed with half the time.
    await takeTest(page, "personality", (q, i) =>
      q.scoring?.scale === "EI"
        ? q.scoring.leftPole === "I"
          ? "1"
          : "5"
        : q.scoring?.scale === "SN"
          ? q.scoring.leftPole === "S"
            ? "1"
            : "5"
          : i % 2 === 0
            ? "2"
            : "4",
    );
    // Adaptive administration decides how many T–F and J–P items are asked, so those letters may come out
    // firm or "-"; every dimension carries its probability in words either way (the "-" wording is unit-tested).
    await expect(page.getByText(/^IS[TF-][JP-]$/).first()).toBeVisible();
    await expect(page.getByText(new RegExp(`^I \\(Introversion\\): ${CHANCE} that this is your true preference\\.$`))).toBeVisible();
    const note = new RegExp(
      `^(?:[A-Z] \\(\\w+\\): ${CHANCE} that this is your true preference\\.|Shown as "-": leaning \\w+, ${CHANCE} that this is your true preference, which is not enough to name a letter\\.)$`,
    );
    await expect(page.getByText(note)).toHaveCount(4);
    await expect(
      page.getByRole("img", { name: /^Extraversion \(E\) vs Introversion \(I\): \d+% E, \d+% I, 90% range \d+% to \d+% E$/ }),
    ).toBeVisible();
    await expectDebrief(page);

    await page.goto("/test-history");
    // The history shows the type code, not the mean clarity as a "score".
    const card = page.getByRole("listitem").filter({ hasText: "Personality Type Assessment" });
    await expect(card.getByText("Type code", { exact: true })).toBeVisible();
    await expect(card.getByText(/^IS[TF-][JP-]$/)).toBeVisible();
    await expect(card.getByText("Score", { exact: true })).toHaveCount(0);
    await openFromHistory(page, "Personality Type Assessment");
    await expectPrintable(page);
    const text = await downloadPdf(page);
    expect(text).toMatch(/IS[TF-][JP-]/);
    expect(text).toMatch(/I \(Introversion\): (about \d+ in 100|more than 99 in 100) that this is your true preference/);
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
    // Reliability per test, the live replication, the time people took and the IQ bands.
    await expect(page.getByRole("table")).toHaveCount(7);
    const pace = page.getByRole("table", { name: /^Time taken on a first measured attempt/ });
    await expect(pace.getByRole("row", { name: /Cognitive Intelligence Test/ })).toContainText("50 s a question within 20 min");
    await expect(page.getByText("Not enough retakers yet (needs 20)").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "The published item bank of Leadership Style Analysis" })).toHaveAttribute(
      "href",
      /^\/api\/tests\/\d+\/items$/,
    );
    await expect(page.getByRole("rowheader", { name: "Very Superior" })).toBeVisible();
    await expect(page.getByText(/provisional norm: the bands rest on assumed item difficulties/)).toBeVisible();
    await expect(page.getByText(/85–95%|retake would fall/)).toHaveCount(0);
    await expect(page.getByRole("columnheader", { name: "People (N)" }).first()).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "Whole test" })).toBeVisible();
    // One norm note per test with a norm of its own: IQ, EQ and leadership (personality keeps its written balance point).
    await expect(page.getByText(/^Norm: (provisional|calibrated)\./)).toHaveCount(3);
    await expect(page.getByText(/No validation study of these assessments exists/)).toBeVisible();
    await expectNoAxeViolations(page, { include: "main", tags: WCAG_21_AA });
    expect(errors).toEqual([]);

    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("/assessments/methodology</loc>");

    await signUp(page);
    await readAtHumanSpeed(page);
    await takeTest(page, "leadership", trait({ coaching: 4 }));
    await page.getByRole("link", { name: "How these results are measured" }).click();
    await expect(page).toHaveURL(/\/assessments\/methodology$/);
  });
});
