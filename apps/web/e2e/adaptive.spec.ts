import { INSTRUMENTS } from "@coach/assessments";
import { expect, positionOnPage, signUp, test, testIdOf, watchConsole, POSITION } from "./helpers";

/**
 * Issue 29: the leadership test taken as the server directs it. Each saved answer says which
 * question comes next; the page says "Question N of M" (or "of about M" when the test is adaptive),
 * the bar never moves backwards, Previous still goes back, and a result appears when the server
 * says the attempt is done.
 */
test("leadership, taken adaptively: the question number counts up, the bar never moves backwards, answers carry their latency, a result appears", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  await signUp(page);
  const id = await testIdOf(page, "leadership");
  const bank = (await (await page.request.get(`/api/tests/${id}`)).json()) as { questions: unknown[] };
  const leadership = INSTRUMENTS.find((i) => i.type === "leadership")!;

  // Every saved answer sends the time the question was on screen.
  const latencies: number[] = [];
  page.on("request", (request) => {
    if (!request.url().includes("attempts.answer")) return;
    const match = /"latencyMs":(\d+)/.exec(request.postData() ?? "");
    if (match) latencies.push(Number(match[1]));
  });

  await page.goto(`/tests/${id}`);
  await page.getByRole("button", { name: "Begin Assessment" }).click();
  await expect(page.getByText(POSITION)).toBeVisible();

  const results = page.getByRole("heading", { name: "Your Results" });
  const seen: { n: number; total: number; approximate: boolean; percent: number }[] = [];
  for (let n = 1; n <= bank.questions.length; n += 1) {
    await expect(page.getByText(new RegExp(`^Question ${n} of (about )?\\d+$`))).toBeVisible();
    const position = await positionOnPage(page);
    seen.push(position);
    // "of about M" exactly when the server's estimate is not the number of questions in use.
    expect(position.approximate).toBe(position.total !== bank.questions.length);
    if (seen.length > 1)
      expect(position.percent, `question ${n}: the bar never moves backwards`).toBeGreaterThanOrEqual(seen.at(-2)!.percent);

    const text = (await page.locator('h2[id^="q-"]').textContent())!.trim();
    const item = leadership.questions.find((q) => q.text === text);
    expect(item, `question "${text}" is a leadership item`).toBeDefined();
    // A clear coaching profile, so the answers are not all alike.
    const answer = item!.scoring?.scale === "coaching" ? (item!.scoring.reverse ? 1 : 5) : item!.scoring?.reverse ? 4 : 2;
    const slider = page.getByRole("slider");
    await slider.focus();
    await page.keyboard.press("Home");
    for (let k = 1; k < answer; k += 1) await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveValue(String(answer));

    if (n === 3) {
      // Previous shows the answer given and keeps the bar where it was; Next saves it again and moves on.
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByText(new RegExp(`^Question 4 of (about )?\\d+$`))).toBeVisible();
      const before = (await positionOnPage(page)).percent;
      await page.getByRole("button", { name: "Previous" }).click();
      await expect(page.getByText(new RegExp(`^Question 3 of (about )?\\d+$`))).toBeVisible();
      await expect(page.getByRole("slider")).toHaveValue(String(answer));
      expect((await positionOnPage(page)).percent).toBe(before);
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByText(new RegExp(`^Question 4 of (about )?\\d+$`))).toBeVisible();
      continue;
    }
    await page.getByRole("button", { name: /^(Next|Finish)$/ }).click();
    // The number moves on by one, or the server says the attempt is done and the result shows.
    await expect(page.getByText(new RegExp(`^Question ${n + 1} of (about )?\\d+$`)).or(results)).toBeVisible();
    if (await results.isVisible()) break;
  }

  await expect(results).toBeVisible();
  await expect(page.getByText("Primary style", { exact: true })).toBeVisible();
  const percents = seen.map((s) => s.percent);
  expect(percents).toEqual([...percents].sort((a, b) => a - b));
  expect(seen.length).toBeGreaterThan(1);
  expect(seen.at(-1)!.n).toBeLessThanOrEqual(bank.questions.length);
  expect(latencies.length).toBeGreaterThanOrEqual(seen.length);
  expect(latencies.every((ms) => ms >= 0 && ms < 600_000)).toBe(true);
  await page.goto("/test-history");
  await expect(page.getByRole("heading", { name: "Completed Assessments" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a test id that names no test answers 404 with Test Not Found, signed in or not", async ({ page }) => {
  for (const path of ["/tests/999999", "/tests/abc"]) {
    const anonymous = await page.goto(path);
    expect(anonymous?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Test Not Found" })).toBeVisible();
  }
  await signUp(page);
  const response = await page.goto("/tests/999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("The requested test could not be loaded or doesn't exist.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Tests" })).toHaveAttribute("href", "/tests");
  // A test that exists still answers 200.
  expect((await page.goto(`/tests/${await testIdOf(page, "eq")}`))?.status()).toBe(200);
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test("a tap on the slider chooses an answer without saving it or moving on; Next saves it", async ({ page }) => {
    await signUp(page);
    const id = await testIdOf(page, "eq");
    await page.goto(`/tests/${id}`);
    await page.getByRole("button", { name: "Begin Assessment" }).click();
    await expect(page.getByText(/^Question 1 of (about )?\d+$/)).toBeVisible();
    const slider = page.getByRole("slider");
    // A finger on the track: the value changes, and the pointer that lifts is a touch.
    await slider.fill("5");
    await slider.dispatchEvent("pointerup", { pointerType: "touch", isPrimary: true });
    await expect(slider).toHaveValue("5");
    await page.waitForTimeout(500);
    await expect(page.getByText(/^Question 1 of (about )?\d+$/)).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText(/^Question 2 of (about )?\d+$/)).toBeVisible();
  });
});
