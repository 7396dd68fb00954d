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

/** Answers every question through the UI: sliders by keyboard (Home, then ArrowRight), options by click. */
export async function takeTest(page: Page, type: InstrumentType, pick: Pick) {
  const instrument = INSTRUMENTS.find((i) => i.type === type)!;
  await page.goto(`/tests/${await testIdOf(page, type)}`);
  await page.getByRole("button", { name: "Begin Assessment" }).click();
  const total = instrument.questions.length;
  for (let n = 1; n <= total; n += 1) {
    await expect(page.getByText(`Question ${n} of ${total}`, { exact: true })).toBeVisible();
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
      await page.getByRole("button", { name: n === total ? "Finish" : "Next" }).click();
    } else {
      await page.getByRole("radio", { name: answer, exact: true }).click();
    }
  }
  await expect(page.getByRole("heading", { name: "Your Results" })).toBeVisible();
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
