import type { Page } from "@playwright/test";

/**
 * Collects the page's console errors (a CSP violation, a hydration mismatch, a React warning, a
 * failed script) and, unless `pageErrors` is false, its uncaught exceptions. Assert the array is empty.
 */
export function watchConsole(page: Page, { pageErrors = true }: { pageErrors?: boolean } = {}): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  if (pageErrors) page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
