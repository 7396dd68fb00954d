/**
 * The coach's week (issue 32): with 200 clients she finds one by name in the Clients view, sorts by
 * next session, opens the record, books a session for her and marks the attendance of one already
 * held; canceled bookings stay out of "Upcoming"; axe finds nothing on /admin/clients (desktop, phone).
 */
import { request, type Page } from "@playwright/test";
import { expect, expectNoAxeViolations, newAccount, signInAsAdmin, test, trpcMutation } from "./helpers";

const CLIENTS = 200;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Every run's clients share a surname, so the run can search its own 200 in a database other specs fill too. */
const run = Date.now().toString(36);
const SURNAME = `Roster${run}`;

/** "YYYY-MM-DDTHH:mm" in the browser's (and this machine's) zone, for a datetime-local field. */
const localInput = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

/** A time far from other specs' bookings: whole days ahead (or back) plus an odd minute of this run. */
const slot = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * DAY);
  d.setHours(hour, 7 + (parseInt(run.slice(-2), 36) % 40), 0, 0);
  return d;
};

async function registerClients(baseURL: string) {
  const api = await request.newContext({ baseURL });
  const ids: number[] = [];
  // A few at a time: each registration hashes a password, and the machine is small.
  for (let start = 0; start < CLIENTS; start += 8) {
    const batch = Array.from({ length: Math.min(8, CLIENTS - start) }, (_, k) => start + k);
    const created = await Promise.all(
      batch.map(async (i) => {
        const first = i === 137 ? "Philippa" : `Client${String(i).padStart(3, "0")}`;
        const account = newAccount({ username: `c${run}_${i}`, firstName: first, lastName: SURNAME });
        const response = await api.post("/api/auth/register", { data: { ...account, confirmPassword: account.password } });
        expect(response.status(), await response.text()).toBe(200);
        return ((await response.json()) as { user: { id: number } }).user.id;
      }),
    );
    ids.push(...created);
    await api.post("/api/auth/logout");
  }
  await api.dispose();
  return ids;
}

async function book(page: Page, userId: number, start: Date, title: string) {
  return trpcMutation<{ id: number }>(page, "admin.appointments.bookForClient", {
    userId,
    appointmentType: "coaching",
    title,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + HOUR).toISOString(),
  });
}

test("the coach finds a client among 200, sorts by next session, books for her and marks attendance from her record", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const ids = await registerClients(baseURL!);
  const philippa = ids[137]!;
  await signInAsAdmin(page);

  // Three clients are booked, the soonest last in the roster; one booking of Philippa's was canceled.
  await book(page, ids[12]!, slot(40, 9), "Roster review");
  await book(page, ids[80]!, slot(35, 9), "Roster review");
  await book(page, ids[5]!, slot(30, 9), "Roster review");
  const canceled = await book(page, philippa, slot(20, 11), "Canceled chat");
  await trpcMutation(page, "admin.appointments.cancel", { id: canceled.id, message: "Moved by phone" });

  await page.goto("/admin/clients");
  await expect(page.getByRole("heading", { name: "Clients", level: 2 })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search clients" }).fill(SURNAME);
  await expect(page.getByText(`Showing 1–25 of ${CLIENTS}`)).toBeVisible();
  await page.getByLabel("Sort by").selectOption("next-session");
  const rows = page.getByRole("row");
  await expect(rows.nth(1)).toHaveAccessibleName(`Client005 ${SURNAME}`);
  await expect(rows.nth(2)).toHaveAccessibleName(`Client080 ${SURNAME}`);
  await expect(rows.nth(3)).toHaveAccessibleName(`Client012 ${SURNAME}`);
  await expect(rows.nth(4).getByText("Not booked")).toBeVisible();

  // Her canceled booking does not count as booked.
  await page.getByLabel("Show").selectOption("no-session-booked");
  await expect(page.getByText(`of ${CLIENTS - 3}`)).toBeVisible();

  await page.getByLabel("Show").selectOption("all");
  await page.getByRole("searchbox", { name: "Search clients" }).fill("philippa " + SURNAME.toLowerCase());
  const row = page.getByRole("row", { name: `Philippa ${SURNAME}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Not booked")).toBeVisible();
  await row.getByRole("link", { name: `Philippa ${SURNAME}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/clients/${philippa}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Philippa ${SURNAME}` })).toBeVisible();

  const upcoming = page.getByRole("region", { name: "Upcoming" });
  await expect(upcoming.getByText("No session booked.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Past and canceled sessions" }).getByText("canceled", { exact: true })).toBeVisible();

  // She books the next session from the record.
  await upcoming.getByRole("button", { name: "Book a session" }).click();
  await upcoming.getByLabel("Start (your browser's time)").fill(localInput(slot(25, 10)));
  await upcoming.getByLabel("Topic (optional)").fill("Board preparation");
  await upcoming.getByRole("button", { name: "Book session" }).click();
  await expect(page.getByText("Session booked", { exact: true })).toBeVisible();
  await expect(upcoming.getByRole("listitem")).toHaveCount(1);
  await expect(upcoming.getByRole("heading", { name: /^Coaching Session · / })).toBeVisible();

  // And records the session they had by phone three days ago, then marks that it was held.
  await upcoming.getByRole("button", { name: "Book a session" }).click();
  await upcoming.getByLabel("Start (your browser's time)").fill(localInput(slot(-3, 8)));
  await upcoming.getByRole("button", { name: "Book session" }).click();
  await expect(page.getByText("Session recorded", { exact: true })).toBeVisible();
  const past = page.getByRole("region", { name: "Past and canceled sessions" });
  const held = past.getByRole("listitem").filter({ hasText: "Attendance: not recorded" });
  await expect(held).toHaveCount(1);
  await held.getByRole("button", { name: "Attended" }).click();
  await expect(page.getByText("Marked as attended", { exact: true })).toBeVisible();
  const marked = past.getByRole("listitem").filter({ hasText: "Attendance: Attended" });
  await expect(marked).toHaveCount(1);
  await expect(marked.getByRole("button", { name: "Attended" })).toHaveAttribute("aria-pressed", "true");

  // Back in the list she is booked, with the session she was seen at.
  await page.goto("/admin/clients");
  await page.getByRole("searchbox", { name: "Search clients" }).fill("philippa " + SURNAME.toLowerCase());
  await expect(page.getByRole("row", { name: `Philippa ${SURNAME}` }).getByText("Not booked")).toHaveCount(0);
  await expect(page.getByRole("row", { name: `Philippa ${SURNAME}` }).getByText("None yet")).toHaveCount(0);
});

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`/admin/clients has no accessibility violations (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signInAsAdmin(page);
    await page.goto("/admin/clients");
    await expect(page.getByRole("table")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Show").selectOption("overdue-items");
    await expect(page.getByRole("table").or(page.getByText("No client has an overdue action item.")).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
