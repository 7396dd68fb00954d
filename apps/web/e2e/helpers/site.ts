import { expect, type Page } from "@playwright/test";

/** The public site's routes, shared by the specs that walk every public page. */
export const PROGRAM_SLUGS = [
  "reach-peak-performance",
  "stress-management-for-leadership",
  "eq-emotional-intelligence-coaching",
  "effective-communication-training",
  "relationship-enrichment-training",
  "dietary-enchantment-and-gut-microbiome",
];

/**
 * Waits until the page is hydrated: its header island has asked who is signed in. A prerendered
 * page starts its bundles after its first paint (server/paint-first.mjs), so `load`, which
 * `page.goto` waits for, can come before they run; menus and controlled fields work after this.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator("[data-session]:not([data-session='unknown'])").first()).toBeAttached();
}
