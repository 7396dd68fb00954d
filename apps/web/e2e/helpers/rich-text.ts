import { expect, type Page } from "@playwright/test";

/**
 * Writes in the blog and newsletter editor the way a coach does, from the keyboard and its toolbar:
 * a heading, a paragraph with bold words and a link on chosen words, and a bulleted list item.
 * `label` is the field's label ("Body", "Text").
 */
export async function writeFormattedText(
  page: Page,
  label: string,
  text: { heading: string; before: string; bold: string; linkText: string; href: string; listItem: string },
): Promise<void> {
  const toolbar = page.getByRole("toolbar", { name: `${label} formatting` });
  await page.getByRole("textbox", { name: label }).click();
  await toolbar.getByRole("button", { name: "Heading", exact: true }).click();
  await page.keyboard.type(text.heading);
  await page.keyboard.press("Enter");
  await page.keyboard.type(text.before);
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(text.bold);
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(` ${text.linkText}`);
  for (let i = 0; i < text.linkText.length; i++) await page.keyboard.press("Shift+ArrowLeft");
  // A user clicks Link once they see the words highlighted; the editor takes the selection from the
  // page's selectionchange events, which a loaded machine may deliver after the last key press.
  await expect.poll(() => page.evaluate(() => document.getSelection()?.toString())).toBe(text.linkText);
  await toolbar.getByRole("button", { name: "Link", exact: true }).click();
  await toolbar.getByLabel("Link address").fill(text.href);
  await toolbar.getByLabel("Link address").press("Enter");
  // The caret goes back to the text once the link is applied; a user types on when they see it there.
  await expect(page.getByRole("textbox", { name: label })).toBeFocused();
  await expect(page.getByRole("textbox", { name: label }).getByRole("link", { name: text.linkText })).toHaveAttribute("href", text.href);
  // ... with the caret after the linked words, not the words still selected (a key would replace them).
  await expect.poll(() => page.evaluate(() => document.getSelection()?.isCollapsed)).toBe(true);
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type(text.listItem);
}
