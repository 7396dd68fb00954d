/**
 * The payment specs' set-up: the loopback Stripe fake on the port the server's STRIPE_API_BASE_URL
 * names, delivering to the server's webhook, and the offers a spec puts on sale, taken off sale again
 * after it (later specs book sessions for free, which an offer on sale would stop).
 */
import type { Browser, Page } from "@playwright/test";
import { startStripeFake, type StripeFake } from "@coach/payments/testing/stripe-fake";
import { E2E_STRIPE } from "../../playwright.config";
import { expect, signInAsAdmin, test } from "./accounts";

/** Runs `work` in a new page signed in as the coach, and closes the page. */
export async function asCoach<T>(browser: Browser, baseURL: string, work: (page: Page) => Promise<T>): Promise<T> {
  const page = await browser.newPage({ baseURL });
  try {
    await signInAsAdmin(page);
    return await work(page);
  } finally {
    await page.close();
  }
}

/** The last free slot of `appointmentType` in the week starting `daysAhead` days from now, as the spec's slots read gives it. */
export async function lastFreeSlot(page: Page, appointmentType: string, daysAhead: number): Promise<{ start: string; end: string }> {
  const from = new Date(Date.now() + daysAhead * 86_400_000);
  const window = new URLSearchParams({
    startDate: from.toISOString(),
    endDate: new Date(from.getTime() + 7 * 86_400_000).toISOString(),
    appointmentType,
  });
  const slots = (await (await page.request.get(`/api/appointments/available-slots?${window}`)).json()) as { start: string; end: string }[];
  expect(slots.length, `free ${appointmentType} slots`).toBeGreaterThan(0);
  return slots.at(-1)!;
}

export interface PaymentsSpec {
  /** The running fake (from beforeAll on). */
  readonly fake: StripeFake;
  /** Puts an offer on sale through POST /api/admin/offers as `coach`; it is taken off sale after the spec. */
  createOffer(coach: Page, body: Record<string, unknown>): Promise<number>;
}

/** Registers the spec file's beforeAll/afterAll: call it once, at the top of a payment spec. */
export function paymentsSpec(): PaymentsSpec {
  let fake: StripeFake | undefined;
  const onSale: number[] = [];
  test.beforeAll(async ({ baseURL }) => {
    fake = await startStripeFake({ ...E2E_STRIPE, deliverTo: `${baseURL}/api/stripe/webhook` });
  });
  test.afterAll(async ({ browser, baseURL }) => {
    // Even when a test stopped midway.
    if (onSale.length > 0)
      await asCoach(browser, baseURL!, async (page) => {
        for (const id of onSale) {
          const response = await page.request.patch(`/api/admin/offers/${id}`, { data: { active: false } });
          expect(response.status(), await response.text()).toBe(200);
        }
      });
    await fake?.close();
  });
  return {
    get fake() {
      if (!fake) throw new Error("The Stripe fake starts in beforeAll.");
      return fake;
    },
    async createOffer(coach, body) {
      const response = await coach.request.post("/api/admin/offers", { data: body });
      expect(response.status(), await response.text()).toBe(201);
      const { id } = (await response.json()) as { id: number };
      onSale.push(id);
      return id;
    },
  };
}
