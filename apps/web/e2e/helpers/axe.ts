import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export interface AxeOptions {
  /** Check only inside this selector. */
  include?: string;
  /** Leave this selector out (for example the shared toast area, checked by its owner). */
  exclude?: string;
  /** Rule tags, for example the WCAG 2.1 AA set; every rule when omitted. */
  tags?: string[];
  /** Count only these impacts; every violation when omitted. */
  impacts?: Array<"minor" | "moderate" | "serious" | "critical">;
}

export const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** The page's accessibility violations, one readable line each ("rule: help (targets)"). */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (options.include) builder = builder.include(options.include);
  if (options.exclude) builder = builder.exclude(options.exclude);
  if (options.tags) builder = builder.withTags(options.tags);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => !options.impacts || (v.impact != null && options.impacts.includes(v.impact)))
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** Fails the test when axe finds a violation (see `axeViolations` for the options). */
export async function expectNoAxeViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  expect(await axeViolations(page, options)).toEqual([]);
}
