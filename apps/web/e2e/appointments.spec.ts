import type { Page } from "@playwright/test";
import { addDays, format, isSameMonth, startOfDay } from "date-fns";
import { E2E_GOOGLE_PORT } from "../playwright.config";
import { startFakeGoogle, type FakeGoogle } from "@coach/api/testing/google-fake";
import { axeViolations as axeViolationsIn, expect, icsOf, isCoachWorkday, outbox, signInAsAdmin, signUp, test } from "./helpers";

// The visitor's own zone differs from the coach's (America/New_York by default).
test.use({ timezoneId: "Europe/London" });

/** A weekday at least `afterDays` ahead (beyond the 24-hour notice), in the browser's calendar. */
function bookableDay(afterDays: number): Date {
  let day = startOfDay(addDays(new Date(), afterDays));
  while (!isCoachWorkday(day)) day = addDays(day, 1);
  return day;
}

async function pickDate(page: Page, day: Date) {
  if (!isSameMonth(day, new Date())) await page.getByRole("button", { name: /next month/i }).click();
  await page.getByRole("button", { name: new RegExp(`^${format(day, "d MMMM yyyy, EEEE")}`) }).click();
}

// The shared toast area (packages/ui) is checked by its own owner; a toast is often open here.
const axeViolations = (page: Page) => axeViolationsIn(page, { exclude: 'section[aria-label="Notifications"]' });

const timeButtons = (page: Page) => page.getByRole("list", { name: /minute times/ }).getByRole("button");

test("a client books a coaching session, gets the invitation, sees it and cancels it", async ({ page }) => {
  const account = await signUp(page, { firstName: "Morgan", lastName: "Client" });
  await page.goto("/appointments");
  await expect(page.getByRole("heading", { level: 1, name: "Schedule an Appointment" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Book Appointment" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("radio", { name: /Initial Consultation/ })).toBeChecked();
  await page.getByRole("radio", { name: /Coaching Session/ }).check();

  // Weekends are disabled in the calendar.
  const saturday = addDays(startOfDay(new Date()), (6 - new Date().getDay() + 7) % 7 || 7);
  if (isSameMonth(saturday, new Date())) {
    await expect(page.getByRole("button", { name: new RegExp(`^${format(saturday, "d MMMM yyyy, EEEE")}`) })).toBeDisabled();
  }

  const day = bookableDay(3);
  await pickDate(page, day);
  await expect(page.getByText("Times shown in Europe/London").first()).toBeVisible();
  const first = timeButtons(page).first();
  await expect(first).toBeVisible();
  const time = (await first.textContent())?.trim() ?? "";
  expect(await axeViolations(page)).toEqual([]);
  await first.click();

  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Topic/Reason").fill("Hi");
  await dialog.getByRole("button", { name: "Schedule Appointment" }).click();
  await expect(dialog.getByText("Title must be at least 3 characters.")).toBeVisible();
  await dialog.getByLabel("Topic/Reason").fill("Leading the offsite");
  await dialog.getByLabel("Additional Notes").fill("Agenda draft attached");
  await dialog.getByRole("button", { name: "Schedule Appointment" }).click();
  await expect(page.getByText("Appointment scheduled", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(timeButtons(page).filter({ hasText: new RegExp(`^${time}$`) })).toHaveCount(0);

  await page.getByRole("tab", { name: "My Appointments" }).click();
  const item = page.getByRole("listitem").filter({ hasText: "Coaching Session: Leading the offsite" });
  await expect(item).toBeVisible();
  await expect(item).toContainText("Agenda draft attached");
  await expect(item).toContainText(time);

  // The confirmation, with its invitation, is in the outbox.
  await expect.poll(() => outbox().some((m) => m.to === account.email && m.subject.includes("Leading the offsite"))).toBe(true);
  const confirmation = outbox().find((m) => m.to === account.email && m.subject.startsWith("Booked"));
  const invite = icsOf(confirmation);
  expect(invite).toContain("METHOD:REQUEST");
  const uid = /UID:(\S+)/.exec(invite)?.[1];
  expect(uid).toMatch(/^appointment-\d+@/);

  await item.getByRole("button", { name: "Cancel Appointment" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel Appointment" }).click();
  await expect(page.getByText("Appointment canceled", { exact: true })).toBeVisible();
  await expect(page.getByText("You don't have any scheduled appointments.")).toBeVisible();
  await expect
    .poll(() => icsOf(outbox().find((m) => m.to === account.email && m.subject.startsWith("Cancelled"))))
    .toContain("METHOD:CANCEL");
  expect(icsOf(outbox().find((m) => m.to === account.email && m.subject.startsWith("Cancelled")))).toContain(`UID:${uid}`);
});

test("visitors are asked to sign in, and only admins reach the settings", async ({ page }) => {
  await page.goto("/appointments");
  await expect(page.getByRole("link", { name: "Sign In" }).last()).toBeVisible();
  await page.goto("/settings");
  await expect(page).toHaveURL("/auth?next=%2Fsettings");
  await signUp(page);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/$/);
});

test.describe("with Google Calendar (loopback fake)", () => {
  let fake: FakeGoogle;
  test.beforeAll(async () => {
    fake = await startFakeGoogle({ port: E2E_GOOGLE_PORT });
  });
  test.afterAll(async () => fake?.close());

  test("the coach connects, bookings create and delete events, and busy times hide slots", async ({ page, browser }) => {
    await signInAsAdmin(page);
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Settings" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Calendar Integration" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Not connected")).toBeVisible();

    await page.getByLabel("Client ID").fill("");
    await page.getByLabel("Client Secret").fill("");
    await page.getByLabel("Redirect URI").fill("not a url");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Client ID is required")).toBeVisible();
    await expect(page.getByText("Client Secret is required")).toBeVisible();
    await expect(page.getByText("Must be a valid URL")).toBeVisible();

    const origin = new URL(page.url()).origin;
    await page.getByLabel("Client ID").fill(fake.clientId);
    await page.getByLabel("Client Secret").fill(fake.clientSecret);
    await page.getByLabel("Redirect URI").fill(`${origin}/api/auth/google/callback`);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved", { exact: true })).toBeVisible();
    // The secret is never sent back: the form shows a masked value.
    await page.reload();
    await expect(page.getByLabel("Client Secret")).not.toHaveValue(fake.clientSecret);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByRole("link", { name: "Authorize Google Calendar" }).click();
    await expect(page).toHaveURL(/\/settings\?tab=calendar&google=connected/);
    await expect(page.getByText("Connected", { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // A client books in another browser.
    const clientContext = await browser.newContext({ timezoneId: "America/Los_Angeles" });
    const client = await clientContext.newPage();
    await signUp(client);
    await client.goto("/appointments");
    await client.getByRole("radio", { name: /Coaching Session/ }).check();
    const day = bookableDay(4);
    await pickDate(client, day);
    await expect(timeButtons(client).first()).toBeVisible();
    const slotCount = await timeButtons(client).count();
    expect(slotCount).toBeGreaterThan(2);

    // A busy block in the coach's calendar at the day's last slot hides it.
    const last = timeButtons(client).last();
    const lastLabel = (await last.textContent())?.trim() ?? "";
    const dayStartUtc = new Date(day);
    const slots = (await (
      await client.request.get(
        `/api/appointments/available-slots?startDate=${encodeURIComponent(dayStartUtc.toISOString())}&endDate=${encodeURIComponent(addDays(dayStartUtc, 1).toISOString())}&appointmentType=coaching`,
      )
    ).json()) as Array<{ start: string; end: string }>;
    const lastSlot = slots.at(-1)!;
    fake.busy.push({ start: lastSlot.start, end: lastSlot.end });
    await client.reload();
    await client.getByRole("radio", { name: /Coaching Session/ }).check();
    await pickDate(client, day);
    await expect(timeButtons(client).first()).toBeVisible();
    await expect(timeButtons(client).filter({ hasText: new RegExp(`^${lastLabel}$`) })).toHaveCount(0);

    await timeButtons(client).first().click();
    await client.getByRole("dialog").getByLabel("Topic/Reason").fill("Board presentation");
    await client.getByRole("dialog").getByRole("button", { name: "Schedule Appointment" }).click();
    await expect(client.getByText("Appointment scheduled", { exact: true })).toBeVisible();
    await expect.poll(() => fake.events.size).toBe(1);
    const [event] = [...fake.events.values()];
    expect(event).toMatchObject({ summary: "Coaching Session: Board presentation", conferenceRequested: true });

    await client.getByRole("tab", { name: "My Appointments" }).click();
    await client.getByRole("button", { name: "Cancel Appointment" }).click();
    await client.getByRole("dialog").getByRole("button", { name: "Cancel Appointment" }).click();
    await expect(client.getByText("Appointment canceled", { exact: true })).toBeVisible();
    expect(fake.deleted).toEqual([event!.id]);
    await clientContext.close();

    await page.reload();
    await page.getByRole("button", { name: "Disconnect" }).click();
    await expect(page.getByText("Disconnected", { exact: true })).toBeVisible();
    await expect(page.getByText("Not connected")).toBeVisible();
  });

  test("the coach edits availability in the Availability tab", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/settings?tab=availability");
    await expect(page.getByRole("tab", { name: "Availability" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel("Your time zone")).toHaveValue("America/New_York");
    await page.getByLabel("Coaching Session").fill("45");
    await page.getByRole("button", { name: "Save Availability" }).click();
    await expect(page.getByText("Settings saved", { exact: true })).toBeVisible();
    await page.getByLabel("Your time zone").fill("Mars/Olympus");
    await page.getByRole("button", { name: "Save Availability" }).click();
    await expect(page.getByText(/not a time zone we recognise/)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Coaching Session")).toHaveValue("45");
    // Put the default back for other suites.
    await page.getByLabel("Coaching Session").fill("60");
    await page.getByRole("button", { name: "Save Availability" }).click();
    await expect(page.getByText("Settings saved", { exact: true })).toBeVisible();
  });
});
