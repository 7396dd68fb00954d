import type { Browser, Page } from "@playwright/test";
import { expect, signInAsAdmin, signUp, test, trpcMutation, watchConsole } from "./helpers";

/**
 * Times are the viewer's, on a direct load as after client-side navigation: the client's portal and
 * the coach's record of her show the session in the browser's own zone, named, and no page of the
 * console logs a hydration error whatever the zone (issue 32: a 9:00 AM New York session showed as
 * "2:00 PM" on a refresh, and /admin failed hydration when the coach's zone differed from the server's).
 */
const ZONES = ["UTC", "America/New_York", "Asia/Tokyo"] as const;

const shown = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone,
  }).format(instant);

async function pageIn(browser: Browser, timezoneId: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId });
  return context.newPage();
}

test.describe.configure({ timeout: 180_000 });

test("the portal and the client record show a session in each viewer's zone, with no hydration error", async ({ browser }) => {
  const client = await pageIn(browser, "America/Los_Angeles");
  await signUp(client, { firstName: "Zoe", lastName: "Zones" });
  const clientId = ((await (await client.request.get("/api/auth/me")).json()) as { user: { id: number } }).user.id;

  // A session three days ahead at 14:00 UTC (9:00 or 10:00 in New York), booked by the coach.
  const start = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 3, 14));
  const setup = await pageIn(browser, "UTC");
  await signInAsAdmin(setup);
  await trpcMutation(setup, "admin.appointments.bookForClient", {
    userId: clientId,
    appointmentType: "coaching",
    title: "Zone check",
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 60 * 60_000).toISOString(),
  });

  const clientErrors = watchConsole(client);
  await client.goto("/my-coaching");
  await expect(client.getByText(shown(start, "America/Los_Angeles"))).toBeVisible();
  await client.reload();
  await expect(client.getByText(shown(start, "America/Los_Angeles"))).toBeVisible();
  expect(clientErrors).toEqual([]);

  for (const zone of ZONES) {
    const coach = await pageIn(browser, zone);
    await signInAsAdmin(coach);
    const errors = watchConsole(coach);
    await coach.goto(`/admin/clients/${clientId}`);
    await expect(coach.getByText(shown(start, zone)).first()).toBeVisible();
    for (const tab of ["test-attempts", "analytics", "appointments", "users", "blog", "newsletter", "messages", "audit"]) {
      await coach.goto(`/admin?tab=${tab}`);
      await expect(coach.getByRole("heading", { level: 1 })).toBeVisible();
      await coach.waitForLoadState("networkidle");
    }
    expect(errors, `console errors in ${zone}`).toEqual([]);
    await coach.context().close();
  }
});
