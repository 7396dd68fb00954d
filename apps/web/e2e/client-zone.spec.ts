/**
 * Issue 32: "where the client's zone differs, the coach's views show it beside hers". A client in
 * Tokyo books a session herself; the coach in New York sees the client's own time beside hers in the
 * Clients view, on the client's record and in the appointments list, and a coach whose browser is in
 * Tokyo too is not told the same time twice. axe finds nothing on either page, desk or phone.
 */
import type { Browser, Page } from "@playwright/test";
import { addDays, format, startOfDay } from "date-fns";
import { expect, expectNoAxeViolations, isCoachWorkday, signInAsAdmin, signUp, test, trpcMutation, watchConsole } from "./helpers";

test.describe.configure({ timeout: 180_000 });

const CLIENT_ZONE = "Asia/Tokyo";
const surname = `Kobe${Date.now().toString(36)}`;

/** "Nov 27, 11:00 PM": the client's clock, as the coach's pages write it before the zone's name. */
const clientClock = (instant: Date) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: CLIENT_ZONE }).format(
    instant,
  );

async function pageIn(browser: Browser, timezoneId: string): Promise<Page> {
  return (await browser.newContext({ timezoneId })).newPage();
}

test("the coach sees a Tokyo client's own time beside hers in the Clients view, the record and the appointments list", async ({
  browser,
}) => {
  // The client books the first free coaching slot of a working day a week ahead, from Tokyo.
  const client = await pageIn(browser, CLIENT_ZONE);
  await signUp(client, { firstName: "Aiko", lastName: surname });
  const clientId = ((await (await client.request.get("/api/auth/me")).json()) as { user: { id: number } }).user.id;
  let day = startOfDay(addDays(new Date(), 7));
  while (!isCoachWorkday(day)) day = addDays(day, 1);
  const window = new URLSearchParams({
    startDate: new Date(`${format(day, "yyyy-MM-dd")}T00:00:00Z`).toISOString(),
    endDate: new Date(`${format(addDays(day, 1), "yyyy-MM-dd")}T00:00:00Z`).toISOString(),
    appointmentType: "coaching",
  });
  const slots = (await (await client.request.get(`/api/appointments/available-slots?${window}`)).json()) as Array<{
    start: string;
    end: string;
  }>;
  expect(slots.length).toBeGreaterThan(0);
  const slot = slots[Math.floor(slots.length / 2)]!;
  const booked = await client.request.post("/api/appointments", {
    data: { title: "Zone check", startTime: slot.start, endTime: slot.end, appointmentType: "coaching", timeZone: CLIENT_ZONE },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const start = new Date(slot.start);
  const beside = new RegExp(`^Client's time: ${clientClock(start)} \\S+ \\(Tokyo\\)$`);

  const coach = await pageIn(browser, "America/New_York");
  await signInAsAdmin(coach);
  const errors = watchConsole(coach);
  for (const width of [1280, 390]) {
    await coach.setViewportSize({ width, height: 900 });
    await coach.goto("/admin/clients");
    await coach.getByRole("searchbox", { name: "Search clients" }).fill(`aiko ${surname}`);
    const row = coach.getByRole("row", { name: `Aiko ${surname}` });
    await expect(row.getByText(beside)).toBeVisible();
    await expectNoAxeViolations(coach, { include: "main" });

    await coach.goto(`/admin/clients/${clientId}`);
    await expect(coach.getByRole("region", { name: "Upcoming" }).getByText(beside)).toBeVisible();
    await expectNoAxeViolations(coach, { include: "main" });
  }
  // The appointments list names both clocks too.
  await coach.goto("/admin?tab=appointments");
  await expect(coach.getByRole("listitem", { name: new RegExp(`^Aiko ${surname}, `) }).getByText(/Client's time: /)).toBeVisible();
  expect(errors).toEqual([]);

  // A coach whose browser is in Tokyo reads the same clock as her client: it is said once.
  const sameZone = await pageIn(browser, CLIENT_ZONE);
  await signInAsAdmin(sameZone);
  await sameZone.goto(`/admin/clients/${clientId}`);
  await expect(sameZone.getByRole("region", { name: "Upcoming" }).getByRole("heading", { name: /^Coaching Session · / })).toBeVisible();
  await expect(sameZone.getByText(/Client's time/)).toHaveCount(0);

  // Clean up so other specs' slot searches find the day as it was.
  const id = ((await booked.json()) as { id: number }).id;
  await trpcMutation(coach, "admin.appointments.cancel", { id, message: "Test booking" });
});
