import { expect, type Page } from "@playwright/test";
import { INSTRUMENTS, type InstrumentQuestion, type InstrumentType } from "@coach/assessments";

/** The answer to give a question: a slider's value ("1"–"5") or an option's text. */
export type Pick = (q: InstrumentQuestion, i: number) => string;

/** The id of the seeded test of a type. */
export async function testIdOf(page: Page, type: InstrumentType): Promise<number> {
  const list = (await (await page.request.get("/api/tests")).json()) as Array<{ id: number; type: string }>;
  const found = list.find((t) => t.type === type);
  if (!found) throw new Error(`no ${type} test seeded`);
  return found.id;
}

/** "Question N of M" (a fixed form) or "Question N of about M" (an adaptive test), read from the page. */
export const POSITION = /^Question (\d+) of (about )?(\d+)$/;

export async function positionOnPage(page: Page): Promise<{ n: number; total: number; approximate: boolean; percent: number }> {
  const text = (await page.getByText(POSITION).textContent())!.trim();
  const [, n, about, total] = POSITION.exec(text)!;
  const percent = Number(await page.getByRole("progressbar").getAttribute("aria-valuenow"));
  return { n: Number(n), total: Number(total), approximate: about !== undefined, percent };
}

/**
 * Answers the questions the test asks through the UI until the results show: sliders by keyboard
 * (Home, then ArrowRight) and Next/Finish, options by click. Each step is the next question number,
 * and the progress bar never moves backwards. Returns how many questions were answered.
 */
export async function takeTest(page: Page, type: InstrumentType, pick: Pick): Promise<number> {
  const instrument = INSTRUMENTS.find((i) => i.type === type)!;
  await page.goto(`/tests/${await testIdOf(page, type)}`);
  await page.getByRole("button", { name: "Begin Assessment" }).click();
  const results = page.getByRole("heading", { name: "Your Results" });
  let percent = 0;
  for (let n = 1; ; n += 1) {
    await expect(page.getByText(POSITION).or(results)).toBeVisible();
    if (await results.isVisible()) return n - 1;
    await expect(page.getByText(new RegExp(`^Question ${n} of (about )?\\d+$`))).toBeVisible();
    const position = await positionOnPage(page);
    expect(position.percent, "the progress bar never moves backwards").toBeGreaterThanOrEqual(percent);
    percent = position.percent;
    const text = (await page.locator('h2[id^="q-"]').textContent())!.trim();
    const index = instrument.questions.findIndex((q) => q.text === text);
    expect(index, `question "${text}" is one of the instrument's`).toBeGreaterThanOrEqual(0);
    const answer = pick(instrument.questions[index]!, index);
    if (instrument.questions[index]!.type === "slider") {
      const slider = page.getByRole("slider");
      await slider.focus();
      await page.keyboard.press("Home");
      for (let k = 1; k < Number(answer); k += 1) await page.keyboard.press("ArrowRight");
      await expect(slider).toHaveValue(answer);
      await page.getByRole("button", { name: /^(Next|Finish)$/ }).click();
    } else {
      await page.getByRole("radio", { name: answer, exact: true }).click();
    }
    // The question on screen changes (or the results show) before the next step.
    await expect(page.getByText(new RegExp(`^Question ${n} of (about )?\\d+$`))).toBeHidden();
  }
}

/** Completes a test as the page's signed-in user through the REST API (set-up, not the thing tested). */
export async function completeTestThroughApi(page: Page, type: InstrumentType, pick: Pick): Promise<number> {
  const instrument = INSTRUMENTS.find((i) => i.type === type)!;
  const id = await testIdOf(page, type);
  const { questions } = (await (await page.request.get(`/api/tests/${id}`)).json()) as { questions: Array<{ id: number; text: string }> };
  const attempt = (await (await page.request.post(`/api/tests/${id}/start`)).json()) as { id: number };
  for (const q of questions) {
    const index = instrument.questions.findIndex((iq) => iq.text === q.text);
    expect(index, `question "${q.text}" is one of the instrument's`).toBeGreaterThanOrEqual(0);
    const saved = await page.request.post(`/api/tests/attempts/${attempt.id}/responses`, {
      data: { questionId: q.id, answer: pick(instrument.questions[index]!, index) },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const completed = await page.request.post(`/api/tests/attempts/${attempt.id}/complete`);
  expect(completed.status(), await completed.text()).toBe(200);
  return attempt.id;
}

/**
 * The taking page sends how long each answer took, and answers faster than a person can read are
 * flagged "careless" (the scorer's rule). A browser test answers in a few hundred milliseconds, so
 * each answer is reported as taking four seconds, as a reader's does.
 */
export async function readAtHumanSpeed(page: Page) {
  await page.route("**/api/trpc/**", async (route) => {
    const body = route.request().postData();
    if (!body || !body.includes('"latencyMs"')) return route.continue();
    await route.continue({ postData: body.replace(/"latencyMs":\d+/g, '"latencyMs":4000') });
  });
}

/** A consistent respondent: a level per scale (default 3), mirrored on reversed items, one step off on every fourth. */
export const trait =
  (levels: Record<string, number>): Pick =>
  (q, i) => {
    const level = levels[q.scoring?.scale ?? ""] ?? 3;
    const keyed = q.scoring?.reverse || q.scoring?.keying === -1 ? 6 - level : level;
    return String(Math.max(1, Math.min(5, keyed + (i % 4 === 0 ? (i % 8 === 0 ? 1 : -1) : 0))));
  };
