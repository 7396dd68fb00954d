import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle } from "@coach/db";
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
});
