import type { Browser, Page } from "@playwright/test";
import { INSTRUMENTS, type InstrumentType } from "@coach/assessments";
import {
  expect,
  expectNoAxeViolations,
  readAtHumanSpeed,
  signInAsAdmin,
  signUp,
  test,
  trait,
  watchConsole as collectConsoleErrors,
} from "./helpers";

type TestType = "personality" | "iq" | "eq" | "leadership";

async function testIdOf(page: Page, type: TestType): Promise<number> {
  const response = await page.request.get("/api/tests");
  const list = (await response.json()) as Array<{ id: number; type: string }>;
  const found = list.find((t) => t.type === type);
  if (!found) throw new Error(`no ${type} test seeded`);
  return found.id;
}

/** Serious accessibility problems inside the page's main content. */
const expectAccessible = (page: Page) => expectNoAxeViolations(page, { include: "main", impacts: ["serious", "critical"] });

/** Fails the test on any console error the page logs (hydration mismatches, React warnings, failed scripts). */
function watchConsole(page: Page) {
  const errors = collectConsoleErrors(page, { pageErrors: false });
  return () => expect(errors).toEqual([]);
}

/** "Question N of M", or "Question N of about M" when the test is adaptive (docs/decisions/0040). */
const questionText = (n: number) => new RegExp(`^Question ${n} of (about )?\\d+$`);

async function totalQuestions(page: Page): Promise<number> {
  const text = await page.getByText(questionText(1)).textContent();
  return Number(/of (?:about )?(\d+)/.exec(text ?? "")?.[1]);
}

async function begin(page: Page, testId: number) {
  await page.goto(`/tests/${testId}`);
  await page.getByRole("button", { name: "Begin Assessment" }).click();
  await expect(page.getByText(questionText(1))).toBeVisible();
}

/**
 * Answers slider questions from number `from` through Next/Finish as a consistent respondent (a
 * clear level per scale, mirrored on reversed items, so the result is a measurement and not a flat
 * or careless pattern): up to `to`, or until the results show when `to` is null (an adaptive test
 * decides when it is done).
 */
async function answerSlidersWithNext(page: Page, type: InstrumentType, from: number, to: number | null) {
  const instrument = INSTRUMENTS.find((i) => i.type === type)!;
  const pick = trait(LEVELS[type]);
  const results = page.getByRole("heading", { name: "Your Results" });
  for (let n = from; to === null || n <= to; n += 1) {
    await expect(page.getByText(questionText(n)).or(results)).toBeVisible();
    if (await results.isVisible()) return;
    const text = (await page.locator('h2[id^="q-"]').textContent())!.trim();
    const index = instrument.questions.findIndex((q) => q.text === text);
    const answer = pick(instrument.questions[index]!, index);
    const slider = page.getByRole("slider");
    await slider.focus();
    await page.keyboard.press("Home");
    for (let k = 1; k < Number(answer); k += 1) await page.keyboard.press("ArrowRight");
    await page.getByRole("button", { name: /^(Next|Finish)$/ }).click();
    await expect(page.getByText(questionText(n))).toBeHidden();
  }
}

/** Levels per scale that make a clear profile (1-5 agreement; personality: toward the right pole). */
const LEVELS: Record<InstrumentType, Record<string, number>> = {
  leadership: { visionary: 5, coaching: 4, affiliative: 3, democratic: 3, pacesetting: 2, commanding: 1 },
  eq: { selfAwareness: 5, selfRegulation: 4, motivation: 4, empathy: 3, socialSkills: 2 },
  personality: { EI: 5, SN: 1, TF: 4, JP: 2 },
  iq: {},
};

/** A signed-in user in a separate browser context completes a test through the REST API. */
async function completeThroughApi(browser: Browser, type: TestType) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const account = await signUp(page);
  const id = await testIdOf(page, type);
  const { questions } = (await (await page.request.get(`/api/tests/${id}`)).json()) as {
    questions: Array<{ id: number; type: string; options: string[] | null }>;
  };
  const attempt = (await (await page.request.post(`/api/tests/${id}/start`)).json()) as { id: number };
  for (const q of questions) {
    const answer = q.type === "slider" ? "4" : q.options![0]!;
    const saved = await page.request.post(`/api/tests/attempts/${attempt.id}/responses`, { data: { questionId: q.id, answer } });
    expect(saved.status()).toBe(200);
  }
  expect((await page.request.post(`/api/tests/attempts/${attempt.id}/complete`)).status()).toBe(200);
  return { account, attemptId: attempt.id, testId: id, context, page };
}

test.describe("catalogue", () => {
  test("preselects the tab from ?type=, filters on the client and changes title and canonical by tab", async ({ page }) => {
    const noErrors = watchConsole(page);
    await page.goto("/tests?type=iq");
    await expect(page).toHaveTitle(/Cognitive Intelligence Test/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/tests\?type=iq$/);
    await expect(page.getByRole("tab", { name: "IQ", exact: true })).toHaveAttribute("aria-selected", "true");
    const panel = page.getByRole("tabpanel");
    await expect(panel.getByRole("article")).toHaveCount(1);
    await expect(panel.getByText("What you'll learn")).toBeVisible();
    await expect(panel.getByText("20 mins")).toBeVisible();
    await expect(panel.getByRole("link", { name: "Sign in to take assessment" })).toHaveAttribute("href", "/auth");

    await page.getByRole("tab", { name: "All Tests" }).click();
    await expect(page.getByRole("tabpanel").getByRole("article")).toHaveCount(4);
    await page.getByRole("tab", { name: "Personality" }).click();
    await expect(page).toHaveURL(/\/tests\?type=personality$/);
    await expect(page).toHaveTitle(/Personality Type Assessment/);
    await expect(page.getByRole("tabpanel").getByText(/Carl Jung's theory of how people differ/)).toBeVisible();
    await page.getByRole("tab", { name: "Emotional IQ" }).click();
    await expect(page.getByRole("tabpanel").getByText(/^Built on the five-domain model of emotional intelligence/)).toBeVisible();
    await expectAccessible(page);
    noErrors();
  });

  test("signed-in users get Start Assessment", async ({ page }) => {
    await signUp(page);
    const id = await testIdOf(page, "leadership");
    await page.goto("/tests?type=leadership");
    await expect(page.getByRole("link", { name: "Start Assessment" })).toHaveAttribute("href", `/tests/${id}`);
  });

  test("anonymous visitors of a test are told to sign in and sent to /auth", async ({ page }) => {
    const id = await testIdOf(page, "iq");
    await page.goto(`/tests/${id}`);
    await expect(page.getByText("Authentication Required")).toBeVisible();
    await expect(page.getByText("Please sign in to take the test.")).toBeVisible();
    // Sent to sign in, and back to this test afterwards.
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(`/tests/${id}`)}`);
  });

  test("an unknown or malformed test id shows Test Not Found, answered with 404", async ({ page }) => {
    await signUp(page);
    for (const path of ["/tests/999999", "/tests/abc"]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Test Not Found" })).toBeVisible();
      await expect(page.getByText("The requested test could not be loaded or doesn't exist.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Tests" })).toHaveAttribute("href", "/tests");
    }
  });
});

test.describe("taking the assessments", () => {
  test.describe.configure({ timeout: 180_000 });

  test("leadership: intro, Next submits 3 when untouched, Previous is display only, reload resumes, history Continue resumes, results print", async ({
    page,
  }) => {
    const noErrors = watchConsole(page);
    await signUp(page);
    await readAtHumanSpeed(page);
    const id = await testIdOf(page, "leadership");
    await page.goto(`/tests/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Leadership Style Analysis" })).toBeVisible();
    await expect(page.getByText("12 minutes")).toBeVisible();
    await expect(page.getByText("There are no right or wrong answers.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/tests");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Begin Assessment" }).click();

    const total = await totalQuestions(page);
    await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", String(Math.round((1 / total) * 100)));
    const slider = page.getByRole("slider");
    await expect(slider).toHaveValue("3");
    await expect(slider).toHaveAttribute("aria-valuetext", "Neutral");
    await expect(page.getByText("Strongly Disagree")).toBeVisible();
    await expect(page.getByText("Strongly Agree")).toBeVisible();
    await expectAccessible(page);

    // Keyboard: move to 5 (Strongly Agree) and confirm with Next.
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveAttribute("aria-valuetext", "Strongly Agree");
    await page.getByRole("button", { name: "Next" }).click();
    await answerSlidersWithNext(page, "leadership", 2, 3);
    await expect(page.getByText(questionText(4))).toBeVisible();

    // Previous shows the saved answer and makes no call.
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByText(questionText(1))).toBeVisible();
    await expect(page.getByRole("slider")).toHaveValue("5");

    // A reload resumes at the question the server names next.
    await page.reload();
    await expect(page.getByText(questionText(4))).toBeVisible();

    // So does Continue on the history page.
    await page.goto("/test-history");
    await expect(page.getByRole("heading", { level: 1, name: "Your Assessment History" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "In Progress" })).toBeVisible();
    await expect(page.getByText("No completed assessments yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse Assessments" })).toHaveAttribute("href", "/tests");
    await page.getByRole("link", { name: /^Continue/ }).click();
    await expect(page.getByText(questionText(4))).toBeVisible();

    await answerSlidersWithNext(page, "leadership", 4, null);
    await expect(page.getByRole("heading", { name: "Your Results" })).toBeVisible();
    await expect(page.getByText("Primary style", { exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Visionary:/ })).toBeVisible();
    await expect(page.getByText(/not as a diagnosis/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Tests" })).toHaveAttribute("href", "/tests");
    await expectAccessible(page);

    await page.evaluate(() => {
      const w = window as unknown as { printed: number; print: () => void };
      w.printed = 0;
      w.print = () => {
        w.printed += 1;
      };
    });
    await page.getByRole("button", { name: "Print Results" }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Print Results" })).toBeHidden();
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("heading", { name: "Your Results" })).toBeVisible();
    await page.emulateMedia({ media: "screen" });
    noErrors();
  });

  test("IQ: a multiple-choice click saves and advances; a guessing-level result is banded but not presented as a measurement", async ({
    page,
  }) => {
    const noErrors = watchConsole(page);
    await signUp(page);
    const id = await testIdOf(page, "iq");
    await page.goto(`/tests/${id}`);
    await expect(page.getByText("Unlike the other assessments, each question here has one correct answer.")).toBeVisible();
    await page.getByRole("button", { name: "Begin Assessment" }).click();
    await expect(page.getByRole("radio")).not.toHaveCount(0);
    await expectAccessible(page);
    const results = page.getByRole("heading", { name: "Your Results" });
    for (let n = 1; ; n += 1) {
      await expect(page.getByText(questionText(n)).or(results)).toBeVisible();
      if (await results.isVisible()) break;
      await page.getByRole("radio").first().click();
      await expect(page.getByText(questionText(n))).toBeHidden();
      if (n === 1) {
        // A reasoning answer stays as given: back on it, the other options are disabled, and Next goes on.
        await page.getByRole("button", { name: "Previous" }).click();
        await expect(page.getByText(questionText(1))).toBeVisible();
        await expect(page.getByText(/^Your answer is saved and stays as given/)).toBeVisible();
        await expect(page.getByRole("radio").first()).toBeChecked();
        await expect(page.getByRole("radio").nth(1)).toBeDisabled();
        await page.getByRole("button", { name: "Next" }).click();
        await expect(page.getByText(questionText(2))).toBeVisible();
      }
    }
    await expect(page.getByRole("heading", { name: "Your Results" })).toBeVisible();
    await expect(page.getByText("Estimated score", { exact: true })).toBeVisible();
    // The first option every time is at guessing level: not a measurement, so no band is named.
    await expect(page.getByText("Not a measurement", { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/^(Very Superior|Superior|High Average|Average|Low Average|Below Average)$/)).toHaveCount(0);
    await expect(page.getByText(/not a clinical IQ assessment/)).toBeVisible();
    noErrors();
  });

  test("personality: releasing the slider saves the answer; the result shows the four preference bars", async ({ page }) => {
    await signUp(page);
    await readAtHumanSpeed(page);
    await begin(page, await testIdOf(page, "personality"));
    // Drag the thumb to the far right and release: saved as 5, next question shown.
    // Mouse coordinates are viewport coordinates, so bring the slider into view first, as a person would.
    const slider = page.getByRole("slider");
    await slider.scrollIntoViewIfNeeded();
    await expect(slider).toBeEnabled();
    const box = (await slider.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByText(questionText(2))).toBeVisible();
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByRole("slider")).toHaveValue("5");
    await page.getByRole("button", { name: "Next" }).click();
    await answerSlidersWithNext(page, "personality", 2, null);
    await expect(page.getByRole("heading", { name: "Your Results" })).toBeVisible();
    await expect(page.getByText("Your type", { exact: true })).toBeVisible();
    for (const name of [
      /^Extraversion \(E\) vs Introversion/,
      /^Intuition \(N\) vs Sensing/,
      /^Feeling \(F\) vs Thinking/,
      /^Perceiving \(P\) vs Judging/,
    ]) {
      await expect(page.getByRole("img", { name })).toBeVisible();
    }
  });

  test("EQ: category bars out of 100, then the history lists the result and View Details opens it again", async ({ page }) => {
    await signUp(page);
    await readAtHumanSpeed(page);
    const id = await testIdOf(page, "eq");
    await begin(page, id);
    await answerSlidersWithNext(page, "eq", 1, null);
    await expect(page.getByRole("heading", { name: "Your Results" })).toBeVisible();
    for (const category of ["Self-Awareness", "Self-Regulation", "Motivation", "Empathy", "Social Skills"]) {
      await expect(page.getByRole("img", { name: new RegExp(`^${category}: \\d+ out of 100`) })).toBeVisible();
    }

    await page.goto("/test-history");
    await expect(page.getByRole("heading", { name: "Completed Assessments" })).toBeVisible();
    await expect(page.getByText("First measured result of this type")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: /^View Details/ }).click();
    await expect(page).toHaveURL(/\/test-history\/\d+$/);
    await expect(page.getByRole("heading", { name: "Your Results" })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Self-Awareness: \d+ out of 100/ })).toBeVisible();
  });

  test("another user's attempt cannot be opened by id", async ({ page, browser }) => {
    const other = await completeThroughApi(browser, "leadership");
    await signUp(page);
    await page.goto(`/tests/${other.testId}?attempt=${other.attemptId}`);
    await expect(page.getByRole("heading", { name: "Test Not Found" })).toBeVisible();
    expect((await page.request.post(`/api/tests/attempts/${other.attemptId}/complete`)).status()).toBe(404);
    await other.context.close();
  });
});

test.describe("admin review", () => {
  test("non-admins are sent to / and visitors to /auth", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL("/auth?next=%2Fadmin");
    await signUp(page);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);
  });

  test("the coach reviews an attempt against the correct answers, deletes it, then deletes all", async ({ page, browser }) => {
    const noErrors = watchConsole(page);
    const taker = await completeThroughApi(browser, "iq");
    const second = await completeThroughApi(browser, "eq");
    await signInAsAdmin(page);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Admin" })).toBeVisible();
    await expect(page.getByText(/^Welcome back,/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
    for (const tab of ["Test Attempts", "Analytics", "Users", "Leadership Blog", "Newsletter", "Messages", "Audit Log"]) {
      await expect(page.getByRole("tab", { name: tab })).toBeVisible();
    }
    const list = page.getByTestId("attempts-list");
    await expect(list).toHaveCSS("max-height", "600px");
    await expectAccessible(page);

    // Newest first: the EQ attempt, then the IQ one.
    await expect(list.getByRole("button").first()).toContainText("Emotional IQ");
    await list.getByRole("button", { name: /· IQ/ }).first().click();
    await expect(page.getByRole("heading", { name: "Responses" })).toBeVisible();
    await expect(page.getByText(taker.account.email)).toBeVisible();
    const rows = page.getByRole("table", { name: "Responses" }).getByRole("row");
    await expect(rows.first()).toContainText("Correct answer");
    await expect(rows.nth(1).getByRole("cell").nth(3)).not.toHaveText("—");

    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("Test attempt deleted")).toBeVisible();
    expect((await page.request.get(`/api/admin/test-attempts/${taker.attemptId}`)).status()).toBe(404);
    expect((await page.request.get(`/api/admin/test-attempts/${second.attemptId}`)).status()).toBe(200);

    await page.getByRole("button", { name: "Delete All Test Attempts" }).click();
    await expect(page.getByRole("dialog").getByText("Are you sure?")).toBeVisible();
    await page.getByRole("button", { name: "Yes, Delete All" }).click();
    await expect(page.getByText("All test attempts deleted")).toBeVisible();
    await expect(page.getByText(/^Successfully deleted \d+ test attempts\.$/)).toBeVisible();
    await expect(page.getByText("No completed test attempts yet.")).toBeVisible();
    await taker.context.close();
    await second.context.close();
    noErrors();
  });
});
