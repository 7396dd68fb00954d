import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { desc, eq, schema, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { callerAs, callerFor, createUser } from "../testing";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.close());

const message = (n: number, createdAt: string) => ({
  firstName: `First${n}`,
  lastName: `Last${n}`,
  email: `person${n}@example.com`,
  subject: "executive-coaching",
  message: `Message number ${n}, long enough.`,
  createdAt: new Date(createdAt),
});

describe("admin.messages", () => {
  it("lists contact messages newest first, filters unread and toggles read with an audit entry", async () => {
    const coach = await createUser(handle.db, { role: "admin" });
    const [older, newer] = await handle.db
      .insert(schema.contactMessages)
      .values([message(1, "2026-03-01T10:00:00Z"), message(2, "2026-03-02T10:00:00Z")])
      .returning();
    const admin = () => callerAs(handle.db, coach.cookie);

    const all = await (await admin()).admin.messages.list({});
    expect(all.items.map((m) => m.email)).toEqual(["person2@example.com", "person1@example.com"]);
    expect(all).toMatchObject({ total: 2, unread: 2 });

    const marked = await (await admin()).admin.messages.setRead({ id: older!.id, read: true });
    expect(marked.readAt).toBeInstanceOf(Date);
    const unreadOnly = await (await admin()).admin.messages.list({ filter: "unread" });
    expect(unreadOnly.items.map((m) => m.id)).toEqual([newer!.id]);
    expect(unreadOnly).toMatchObject({ total: 1, unread: 1 });

    await (await admin()).admin.messages.setRead({ id: older!.id, read: false });
    expect((await (await admin()).admin.messages.list({})).unread).toBe(2);
    const [entry] = await handle.db.select().from(schema.auditLog).orderBy(desc(schema.auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorUsername: coach.user.username, action: "message.marked_unread", targetId: String(older!.id) });

    await expect((await admin()).admin.messages.setRead({ id: 999_999, read: true })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("finds messages by name, address, company or text, and answers one by email, keeping the answer with it", async () => {
    const coach = await createUser(handle.db, { role: "admin" });
    const admin = () => callerAs(handle.db, coach.cookie);
    const [grace] = await handle.db
      .insert(schema.contactMessages)
      .values([
        {
          ...message(10, "2026-04-01T10:00:00Z"),
          firstName: "Grace",
          company: "Compilers Inc.",
          message: "Board coaching for our new COO?",
        },
        { ...message(11, "2026-04-02T10:00:00Z"), firstName: "Alan", message: "A question about the retreat dates." },
      ])
      .returning();
    for (const term of ["grace", "COMPILERS", "new coo", "person10@"]) {
      expect(
        (await (await admin()).admin.messages.list({ search: term })).items.map((m) => m.id),
        term,
      ).toEqual([grace!.id]);
    }
    expect((await (await admin()).admin.messages.list({ search: "100%_" })).items).toEqual([]);

    const reply = await (await admin()).admin.messages.reply({ id: grace!.id, body: "  Yes: let us talk on Monday.  " });
    expect(reply.body).toBe("Yes: let us talk on Monday.");
    const listed = (await (await admin()).admin.messages.list({ search: "grace" })).items[0]!;
    expect(listed.replies.map((r) => r.body)).toEqual(["Yes: let us talk on Monday."]);
    expect(listed.readAt).toBeInstanceOf(Date);
    const mails = await handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, "person10@example.com"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "contact-reply", subject: "Re: Executive Coaching" });
    expect(mails[0]!.text).toContain("Yes: let us talk on Monday.");
    expect(mails[0]!.text).toContain("Board coaching for our new COO?");

    await expect((await admin()).admin.messages.reply({ id: grace!.id, body: " " })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect((await admin()).admin.messages.reply({ id: 999_999, body: "Hello there" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses visitors and regular users", async () => {
    const plain = await createUser(handle.db);
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => "OK",
        (e: unknown) => (e instanceof TRPCError ? e.code : String(e)),
      );
    expect(await codeOf((await callerFor(handle.db)).admin.messages.list({}))).toBe("UNAUTHORIZED");
    expect(await codeOf((await callerAs(handle.db, plain.cookie)).admin.messages.list({}))).toBe("FORBIDDEN");
    expect(await codeOf((await callerAs(handle.db, plain.cookie)).admin.messages.reply({ id: 1, body: "Hello there" }))).toBe("FORBIDDEN");
  });
});
