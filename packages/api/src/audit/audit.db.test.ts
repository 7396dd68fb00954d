import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { recordAudit } from "./record";
import { callerAs, createUser } from "../testing";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.close());

describe("admin.audit", () => {
  it("shows who did what to which record, newest first, paged and searchable", async () => {
    const coach = await createUser(handle.db, { role: "admin", username: "coach" });
    const dana = await createUser(handle.db, { username: "dana" });
    const admin = () => callerAs(handle.db, coach.cookie);
    // A real action through the console, then entries written by other features.
    await (await admin()).admin.users.setRole({ userId: dana.user.id, role: "admin" });
    await recordAudit(handle.db, coach.user, "settings.updated", { type: "settings", id: "google-calendar" });
    await recordAudit(handle.db, coach.user, "newsletter.sent", { type: "blog_post", id: 7, details: { recipients: 3 } });

    const page1 = await (await admin()).admin.audit.list({ pageSize: 2 });
    expect(page1.total).toBe(3);
    expect(page1.items.map((e) => e.action)).toEqual(["newsletter.sent", "settings.updated"]);
    const page2 = await (await admin()).admin.audit.list({ pageSize: 2, page: 2 });
    expect(page2.items).toEqual([
      expect.objectContaining({
        actorUsername: "coach",
        action: "user.role_changed",
        targetType: "user",
        targetId: String(dana.user.id),
        details: { username: "dana", from: "user", to: "admin" },
        createdAt: expect.any(Date),
      }),
    ]);
    // Found by the affected person's username as well as by the action.
    expect((await (await admin()).admin.audit.list({ search: "dana" })).items.map((e) => e.action)).toEqual(["user.role_changed"]);
    expect((await (await admin()).admin.audit.list({ search: "newsletter" })).total).toBe(1);
  });

  it("names each subject (a client, her session with its date) and keeps the id of one deleted since", async () => {
    const coach = await createUser(handle.db, { role: "admin", username: "coach2" });
    const anna = await createUser(handle.db, { username: "anna", firstName: "Anna", lastName: "Lindqvist" });
    const start = new Date("2026-03-10T14:00:00Z");
    const [session] = await handle.db
      .insert(schema.appointments)
      .values({ userId: anna.user.id, title: "Coaching Session", startTime: start, endTime: new Date(start.getTime() + 3_600_000) })
      .returning();
    const [post] = await handle.db
      .insert(schema.blogPosts)
      .values({ title: "Leading through change", slug: "leading-through-change", content: "x" })
      .returning();
    await recordAudit(handle.db, coach.user, "appointment.attendance", {
      type: "appointment",
      id: session!.id,
      details: { attendance: "attended" },
    });
    await recordAudit(handle.db, coach.user, "coaching.private_notes.read", { type: "client", id: anna.user.id });
    await recordAudit(handle.db, coach.user, "blog.update", { type: "blog_post", id: post!.id });
    await recordAudit(handle.db, coach.user, "appointment.attendance", { type: "appointment", id: 999_999 });

    const { items } = await (await callerAs(handle.db, coach.cookie)).admin.audit.list({ search: "coach2", pageSize: 10 });
    expect(items.map((e) => e.subject)).toEqual([
      null,
      { label: "Post “Leading through change”", clientId: null, at: null },
      { label: "Anna Lindqvist", clientId: anna.user.id, at: null },
      { label: "Anna Lindqvist: Coaching Session", clientId: anna.user.id, at: start },
    ]);
    expect(items[0]!.targetId).toBe("999999");
  });
});
