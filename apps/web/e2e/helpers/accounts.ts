import { test as base, expect, type Page } from "@playwright/test";

/**
 * Accounts and sign-in for the browser tests. `test` carries them as fixtures as well:
 *
 *   import { expect, test } from "./helpers";
 *   test("…", async ({ page, signUp }) => { const user = await signUp(page); … });
 */

export const ADMIN_USERNAME = "coach";
export const ADMIN_PASSWORD = "coach-e2e-password";

export interface TestAccount {
  username: string;
  password: string;
  email: string;
  firstName?: string;
  lastName?: string;
}

let sequence = 0;
function uniqueSuffix() {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence}${Math.random().toString(36).slice(2, 6)}`;
}

/** A fresh account's data (not yet created). */
export function newAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  const suffix = uniqueSuffix();
  const username = overrides.username ?? `e2e_${suffix}`;
  return {
    username,
    password: `pw-${suffix}-Long`,
    email: `${username.toLowerCase()}@example.com`,
    firstName: "Taylor",
    lastName: "Tester",
    ...overrides,
  };
}

/**
 * Creates a fresh unique user through the REST API with the page's cookies, so the page is signed
 * in as that user afterwards. Returns the credentials.
 */
export async function signUp(page: Page, overrides: Partial<TestAccount> = {}): Promise<TestAccount> {
  const account = newAccount(overrides);
  const response = await page.request.post("/api/auth/register", {
    data: { ...account, confirmPassword: account.password },
  });
  expect(response.status(), `register ${account.username}: ${await response.text()}`).toBe(200);
  return account;
}

/** Signs the page in through the REST API (shares cookies with the page). Reload or navigate afterwards. */
export async function signInAs(page: Page, username: string, password: string): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: { username, password } });
  expect(response.status(), `login ${username}: ${await response.text()}`).toBe(200);
}

/** Signs the page in as the bootstrap admin (ADMIN_USERNAME / ADMIN_PASSWORD of playwright.config.ts). */
export async function signInAsAdmin(page: Page): Promise<void> {
  await signInAs(page, ADMIN_USERNAME, ADMIN_PASSWORD);
}

/** Signs the page out. */
export async function signOut(page: Page): Promise<void> {
  await page.request.post("/api/auth/logout");
}

export interface AuthFixtures {
  signUp: typeof signUp;
  signInAs: typeof signInAs;
  signInAsAdmin: typeof signInAsAdmin;
  signOut: typeof signOut;
}

export const test = base.extend<AuthFixtures>({
  // eslint-disable-next-line no-empty-pattern
  signUp: async ({}, provide) => provide(signUp),
  // eslint-disable-next-line no-empty-pattern
  signInAs: async ({}, provide) => provide(signInAs),
  // eslint-disable-next-line no-empty-pattern
  signInAsAdmin: async ({}, provide) => provide(signInAsAdmin),
  // eslint-disable-next-line no-empty-pattern
  signOut: async ({}, provide) => provide(signOut),
});

export { expect };
