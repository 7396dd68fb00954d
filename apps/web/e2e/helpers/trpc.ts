import { expect, type Page } from "@playwright/test";

/**
 * Calls a tRPC mutation with the page's cookies, for setting up what a test is not about (a booking
 * the coach made earlier, say). Returns the procedure's answer (JSON; dates as ISO strings).
 */
export async function trpcMutation<T = unknown>(page: Page, procedure: string, input: unknown): Promise<T> {
  const response = await page.request.post(`/api/trpc/${procedure}`, { data: { json: input } });
  expect(response.status(), `${procedure}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}
