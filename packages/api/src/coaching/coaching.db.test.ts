import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TRPCError } from "@trpc/server";
import { eq, schema, seedContent, sql, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { callerAs, createUser } from "../testing";
import { sessionFor, takeSliderTest } from "../testing/coaching";
import { handleRestRequest } from "../http/rest";
import { UNREADABLE_NOTE } from "./notes/service";
import { sendDueActionItemReminders } from "./action-items/reminders";
import { MAX_ACTIVE_GOALS, TOO_MANY_GOALS } from "./goals/service";

let handle: DbHandle;
const testIds = {} as Record<schema.TestType, number>;
const DAY = 86_400_000;

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", mkdtempSync(path.join(os.tmpdir(), "coach-coaching-")));
  vi.stubEnv("RESEND_API_KEY", "");
  handle = await createTestDb();
  await seedContent(handle.db);
  for (const t of await handle.db.select().from(schema.tests)) testIds[t.type] = t.id;
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

async function person(overrides: Partial<typeof schema.users.$inferInsert> = {}) {
  const u = await createUser(handle.db, overrides);
  return { ...u, caller: await callerAs(handle.db, u.cookie) };
}

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => "OK",
    (e: unknown) => (e instanceof TRPCError ? e.code : `not a TRPCError: ${String(e)}`),
  );
}

const rest = (p: string, init: RequestInit & { cookie?: string } = {}) =>
  handleRestRequest(
    new Request(`http://localhost:3000/api${p}`, {
      ...init,
      headers: {
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.body ? { "content-type": "application/json" } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    }),
    { db: handle.db },
  );

/** One coach, one calendar: every past session gets its own two-hour slot. */
let slots = 0;
const pastSlot = () => new Date(Date.now() - 30 * DAY + slots++ * 2 * 3_600_000);

/** A client with a past session, a shared and a private note on it, a goal and an action item, all set by the coach. */
async function engagedClient(coach: Awaited<ReturnType<typeof person>>, name: string) {
  const client = await person({ firstName: name, lastName: "Client" });
  const session = await sessionFor(handle.db, client.user.id, { start: pastSlot(), status: "completed" });
  const shared = await coach.caller.admin.clients.addNote({ appointmentId: session.id, body: `Shared note for ${name}`, shared: true });
  const secret = await coach.caller.admin.clients.addNote({ appointmentId: session.id, body: `Private note about ${name}`, shared: false });
  const goal = await coach.caller.admin.clients.createGoal({ userId: client.user.id, title: `${name}'s goal`, why: "It matters" });
  const item = await coach.caller.admin.clients.createActionItem({
    userId: client.user.id,
    text: `${name}'s action item`,
    goalId: goal.id,
    appointmentId: session.id,
    dueDate: new Date(Date.now() + 3 * DAY),
  });
  return { ...client, session, shared, secret, goal, item };
}

describe("the client's portal", () => {
  it("shows a client only their own shared notes, goals and items, and answers 404 for anyone else's by every id", async () => {
    const coach = await person({ role: "admin" });
    const ann = await engagedClient(coach, "Ann");
    const bob = await engagedClient(coach, "Bob");

    const portal = await ann.caller.coaching.portal();
    expect(portal.sharedNotes.map((n) => n.body)).toEqual(["Shared note for Ann"]);
    expect(portal.sharedNotes[0]).toMatchObject({ appointmentId: ann.session.id, appointmentStart: ann.session.startTime });
    expect(portal.goals.map((g) => g.title)).toEqual(["Ann's goal"]);
    expect(portal.actionItems).toEqual([
      expect.objectContaining({
        id: ann.item.id,
        text: "Ann's action item",
        done: false,
        overdue: false,
        goalId: ann.goal.id,
        goalTitle: "Ann's goal",
      }),
    ]);
    expect(portal.bookUrl).toBe("/appointments");
    expect(JSON.stringify(portal)).not.toMatch(/Bob|Private note/);

    // Bob's ids, from Ann: goal, action item, over tRPC and REST.
    expect(await codeOf(ann.caller.coaching.updateGoal({ id: bob.goal.id, status: "dropped" }))).toBe("NOT_FOUND");
    expect(await codeOf(ann.caller.coaching.setActionItemDone({ id: bob.item.id, done: true }))).toBe("NOT_FOUND");
    const patch = await rest(`/action-items/${bob.item.id}`, { method: "PATCH", cookie: ann.cookie, body: JSON.stringify({ done: true }) });
    expect(patch.status).toBe(404);
    expect(((await patch.json()) as { message: string }).message).toBe("That action item was not found.");
    // Missing ids answer the same as someone else's: nothing to probe.
    expect(await codeOf(ann.caller.coaching.setActionItemDone({ id: 999_999, done: true }))).toBe("NOT_FOUND");
    const [bobItem] = await handle.db.select().from(schema.actionItems).where(eq(schema.actionItems.id, bob.item.id));
    expect(bobItem!.doneAt).toBeNull();
    const [bobGoal] = await handle.db.select().from(schema.goals).where(eq(schema.goals.id, bob.goal.id));
    expect(bobGoal!.status).toBe("active");

    // Session ids: the coach's forms refuse to link Ann's item to Bob's session or goal, and notes need a real session.
    expect(
      await codeOf(
        coach.caller.admin.clients.createActionItem({ userId: ann.user.id, text: "Cross-linked", appointmentId: bob.session.id }),
      ),
    ).toBe("NOT_FOUND");
    expect(
      await codeOf(coach.caller.admin.clients.createActionItem({ userId: ann.user.id, text: "Cross-linked", goalId: bob.goal.id })),
    ).toBe("NOT_FOUND");
    expect(await codeOf(coach.caller.admin.clients.addNote({ appointmentId: 999_999, body: "x", shared: true }))).toBe("NOT_FOUND");
    // The coach's procedures are not the client's: a client cannot write notes or read another record.
    expect(await codeOf(ann.caller.admin.clients.addNote({ appointmentId: ann.session.id, body: "x", shared: true }))).toBe("FORBIDDEN");
    expect(await codeOf(ann.caller.admin.clients.record({ userId: bob.user.id }))).toBe("FORBIDDEN");
    expect((await rest(`/admin/clients/${bob.user.id}`, { cookie: ann.cookie })).status).toBe(403);
    expect((await rest("/portal")).status).toBe(401);

    // Ann ticks her own item off (REST, as the contract's PATCH) and undoes it (tRPC).
    const done = await rest(`/action-items/${ann.item.id}`, { method: "PATCH", cookie: ann.cookie, body: JSON.stringify({ done: true }) });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ id: ann.item.id, done: true });
    expect((await ann.caller.coaching.portal()).actionItems[0]).toMatchObject({ done: true });
    expect(await ann.caller.coaching.setActionItemDone({ id: ann.item.id, done: false })).toMatchObject({ done: false, doneAt: null });
  });

  it("shows the next session with the booking link, and a client sets and closes their own goal", async () => {
    const client = await person();
    const soon = await sessionFor(handle.db, client.user.id, { start: new Date(Date.now() + 2 * DAY) });
    await sessionFor(handle.db, client.user.id, { start: new Date(Date.now() + 9 * DAY) });
    await sessionFor(handle.db, client.user.id, { start: new Date(Date.now() + DAY), status: "canceled" });
    const portal = await client.caller.coaching.portal();
    expect(portal.nextAppointment).toEqual({
      id: soon.id,
      startTime: soon.startTime,
      endTime: soon.endTime,
      type: "coaching",
      typeLabel: "Coaching Session",
    });

    const goal = await client.caller.coaching.createGoal({ title: "Delegate more", targetDate: "2030-06-30" });
    expect(goal).toMatchObject({ createdBy: "client", status: "active", scale: null, targetDate: new Date("2030-06-30T00:00:00Z") });
    expect(await client.caller.coaching.updateGoal({ id: goal.id, status: "achieved" })).toMatchObject({ status: "achieved" });
    const bad = await client.caller.coaching.createGoal({ title: "x" }).catch((e: TRPCError) => e);
    expect(bad).toMatchObject({ code: "BAD_REQUEST", message: "The title must be at least 3 characters." });
  });
});

describe("goals tied to an assessment scale", () => {
  it("show progress from the client's re-tests, with the change judged against measurement error", async () => {
    const coach = await person({ role: "admin" });
    const client = await person();
    const first = await takeSliderTest(handle.db, client.caller, testIds.eq, 2);
    const baseline = (first.resultData as { categories: Record<string, number> }).categories.selfRegulation!;

    const scales = await coach.caller.coaching.goalScales();
    expect(scales).toContainEqual({
      testId: testIds.eq,
      testTitle: expect.any(String),
      scaleKey: "selfRegulation",
      scaleLabel: "Self-Regulation",
      min: 0,
      max: 100,
    });
    expect(scales.some((s) => s.testId === testIds.iq || s.testId === testIds.personality)).toBe(false);

    const goal = await coach.caller.admin.clients.createGoal({
      userId: client.user.id,
      title: "Stay calm under pressure",
      measure: "EQ Self-Regulation",
      scale: { testId: testIds.eq, scaleKey: "selfRegulation", target: 60 },
    });
    expect(goal.scale).toMatchObject({ scaleLabel: "Self-Regulation", baseline, target: 60, progress: { latest: null, change: null } });
    expect(goal.scale!.progress.points).toEqual([expect.objectContaining({ attemptId: first.id, score: baseline })]);

    // The re-test: every item at the top of the scale.
    const retest = await takeSliderTest(handle.db, client.caller, testIds.eq, 5);
    const now = (retest.resultData as { categories: Record<string, number> }).categories.selfRegulation!;
    const [view] = (await client.caller.coaching.portal()).goals;
    expect(view!.scale!.progress.latest).toBe(now);
    expect(view!.scale!.progress.points.map((p) => p.attemptId)).toEqual([first.id, retest.id]);
    for (const p of view!.scale!.progress.points) expect(p.low <= p.score && p.score <= p.high).toBe(true);
    // The same change the client's history reports for this domain (one reliable-change formula).
    const historyItem = await client.caller.attempts.historyItem({ attemptId: retest.id });
    expect(view!.scale!.progress.change).toEqual({
      delta: historyItem.change!.scales.selfRegulation!.delta,
      reliable: historyItem.change!.scales.selfRegulation!.reliable,
      words: expect.stringMatching(/^Up \d+ points since the goal was set - larger than measurement error \(reliable change\)\.$/),
    });
    expect(view!.scale!.progress.change!.reliable).toBe(true);

    // Out of policy: a scale the test does not have, a personality axis, a target off the scale.
    const refused = (scale: { testId: number; scaleKey: string; target: number }) =>
      coach.caller.admin.clients.createGoal({ userId: client.user.id, title: "Nope", scale }).catch((e: TRPCError) => e);
    expect(await refused({ testId: testIds.eq, scaleKey: "charisma", target: 50 })).toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    expect(await refused({ testId: testIds.personality, scaleKey: "EI", target: 50 })).toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    expect(await refused({ testId: testIds.eq, scaleKey: "empathy", target: 140 })).toMatchObject({
      code: "BAD_REQUEST",
      message: "The target must be between 0 and 100.",
    });
  });
});

/** An attempt answered "5" to every item, reversed ones too: flagged straight-lining, "Not a measurement". */
async function straightLined(caller: Awaited<ReturnType<typeof person>>["caller"], testId: number) {
  const questions = await handle.db.select({ id: schema.questions.id }).from(schema.questions).where(eq(schema.questions.testId, testId));
  const attempt = await caller.attempts.start({ id: testId });
  for (const q of questions) await caller.attempts.answer({ attemptId: attempt.id, questionId: q.id, answer: "5" });
  const done = await caller.attempts.complete({ attemptId: attempt.id });
  expect((done.resultData as { quality: { flags: string[] } }).quality.flags).toContain("straight-lining");
  return done;
}

describe("goals tied to an assessment scale, with results that are not a measurement", () => {
  it("never use a flagged result as the baseline, a point or the latest reading", async () => {
    const coach = await person({ role: "admin" });
    const client = await person();
    const first = await takeSliderTest(handle.db, client.caller, testIds.leadership, 2);
    const baseline = (first.resultData as { styles: Record<string, number> }).styles.coaching!;
    await straightLined(client.caller, testIds.leadership); // after the measured one, before the goal
    const goal = await coach.caller.admin.clients.createGoal({
      userId: client.user.id,
      title: "Coach more",
      scale: { testId: testIds.leadership, scaleKey: "coaching", target: 70 },
    });
    expect(goal.scale).toMatchObject({ baseline, progress: { latest: null, change: null } });
    expect(goal.scale!.progress.points.map((p) => p.attemptId)).toEqual([first.id]);

    await straightLined(client.caller, testIds.leadership); // after the goal: still no reading
    const [view] = (await client.caller.coaching.portal()).goals;
    expect(view!.scale).toMatchObject({ baseline, progress: { latest: null, change: null } });
    expect(view!.scale!.progress.points.map((p) => p.attemptId)).toEqual([first.id]);
  });
});

describe("private notes", () => {
  it("are stored encrypted: the text is in no column of the database, and the coach reads it in the record with an audit entry", async () => {
    const coach = await person({ role: "admin" });
    const client = await person();
    const session = await sessionFor(handle.db, client.user.id, { start: pastSlot(), status: "completed" });
    const marker = `private-marker-${Math.random().toString(36).slice(2)}`;
    const note = await coach.caller.admin.clients.addNote({ appointmentId: session.id, body: `Thinks about ${marker}`, shared: false });

    const [row] = await handle.db.select().from(schema.sessionNotes).where(eq(schema.sessionNotes.id, note.id));
    expect(row).toMatchObject({ shared: false, body: null });
    expect(row!.bodyEncrypted).toMatch(/^v1\./);
    // Every table, every row, as text.
    const tables = await handle.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const names = (Array.isArray(tables) ? tables : (tables as { rows: { table_name: string }[] }).rows).map((t) => t.table_name);
    expect(names).toContain("session_notes");
    for (const name of names) {
      const dump = await handle.db.execute(sql`select coalesce(json_agg(t)::text, '') as dump from ${sql.identifier(name)} t`);
      const text = JSON.stringify(dump);
      expect(text.includes(marker), `table ${name}`).toBe(false);
    }

    const record = await coach.caller.admin.clients.record({ userId: client.user.id });
    expect(record.appointments.find((a) => a.id === session.id)!.notes).toEqual([
      { id: note.id, body: `Thinks about ${marker}`, shared: false, createdAt: note.createdAt },
    ]);
    const audit = await handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "coaching.private_notes.read"));
    expect(audit.at(-1)).toMatchObject({
      actorId: coach.user.id,
      targetType: "client",
      targetId: String(client.user.id),
      details: { noteIds: [note.id] },
    });
    expect(JSON.stringify(audit)).not.toContain(marker);
  });

  it("that no longer decrypt show as unreadable; the record still opens and the audit lists only the notes read", async () => {
    const coach = await person({ role: "admin" });
    const client = await person();
    const session = await sessionFor(handle.db, client.user.id, { start: pastSlot(), status: "completed" });
    const readable = await coach.caller.admin.clients.addNote({ appointmentId: session.id, body: "Readable thought", shared: false });
    const broken = await coach.caller.admin.clients.addNote({ appointmentId: session.id, body: "Lost thought", shared: false });
    // As if written under another key: a well-formed value that fails authentication.
    const [row] = await handle.db.select().from(schema.sessionNotes).where(eq(schema.sessionNotes.id, broken.id));
    const parts = row!.bodyEncrypted!.split(".");
    parts[2] = Buffer.alloc(16).toString("base64url");
    await handle.db
      .update(schema.sessionNotes)
      .set({ bodyEncrypted: parts.join(".") })
      .where(eq(schema.sessionNotes.id, broken.id));

    const record = await coach.caller.admin.clients.record({ userId: client.user.id });
    expect(record.appointments.find((a) => a.id === session.id)!.notes.map((n) => [n.id, n.body])).toEqual([
      [readable.id, "Readable thought"],
      [broken.id, UNREADABLE_NOTE],
    ]);
    const audit = await handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "coaching.private_notes.read"));
    expect(audit.at(-1)).toMatchObject({ targetId: String(client.user.id), details: { noteIds: [readable.id] } });
  });

  it('are never shared by a string: over REST, "shared": "false" is refused and saves nothing, and tRPC stays strict after it', async () => {
    const coach = await person({ role: "admin" });
    const client = await person();
    const session = await sessionFor(handle.db, client.user.id, { start: pastSlot(), status: "completed" });
    const notesOf = () => handle.db.select().from(schema.sessionNotes).where(eq(schema.sessionNotes.appointmentId, session.id));

    for (const shared of ["false", "true", 0, null]) {
      const response = await rest(`/admin/appointments/${session.id}/notes`, {
        method: "POST",
        cookie: coach.cookie,
        body: JSON.stringify({ body: "Doubts about the promotion", shared }),
      });
      expect(response.status, JSON.stringify(shared)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain("shared: true or false");
    }
    expect(await notesOf()).toEqual([]);
    // The REST adapter's coercion must not have reached the schema the tRPC procedures share.
    expect(
      await codeOf(coach.caller.admin.clients.addNote({ appointmentId: session.id, body: "x", shared: "false" as unknown as boolean })),
    ).toBe("BAD_REQUEST");
    const item = await coach.caller.admin.clients.createActionItem({ userId: client.user.id, text: "Read the report" });
    const patch = await rest(`/action-items/${item.id}`, {
      method: "PATCH",
      cookie: client.cookie,
      body: JSON.stringify({ done: "false" }),
    });
    expect(patch.status).toBe(400);
    const [row] = await handle.db.select().from(schema.actionItems).where(eq(schema.actionItems.id, item.id));
    expect(row!.doneAt).toBeNull();

    const kept = await rest(`/admin/appointments/${session.id}/notes`, {
      method: "POST",
      cookie: coach.cookie,
      body: JSON.stringify({ body: "Doubts about the promotion", shared: false }),
    });
    expect(kept.status).toBe(200);
    expect(await notesOf()).toEqual([expect.objectContaining({ shared: false, body: null })]);
  });
});

describe("goal limits", () => {
  it(`hold ${MAX_ACTIVE_GOALS} active goals per client, for the coach and the client, counting a goal taken up again`, async () => {
    const coach = await person({ role: "admin" });
    const client = await person();
    const ids: number[] = [];
    for (let i = 0; i < MAX_ACTIVE_GOALS; i += 1)
      ids.push((await coach.caller.admin.clients.createGoal({ userId: client.user.id, title: `Goal number ${i + 1}` })).id);
    const refused = await coach.caller.admin.clients
      .createGoal({ userId: client.user.id, title: "One too many" })
      .catch((e: TRPCError) => e);
    expect(refused).toMatchObject({ code: "UNPROCESSABLE_CONTENT", message: TOO_MANY_GOALS });
    expect(await codeOf(client.caller.coaching.createGoal({ title: "Mine too" }))).toBe("UNPROCESSABLE_CONTENT");

    // Dropping one makes room; taking the dropped one up again when full is refused, as adding is.
    await client.caller.coaching.updateGoal({ id: ids[0]!, status: "dropped" });
    const added = await client.caller.coaching.createGoal({ title: "A better goal" });
    expect(await codeOf(client.caller.coaching.updateGoal({ id: ids[0]!, status: "active" }))).toBe("UNPROCESSABLE_CONTENT");
    await coach.caller.admin.clients.updateGoal({ id: added.id, status: "achieved" });
    expect(await client.caller.coaching.updateGoal({ id: ids[0]!, status: "active" })).toMatchObject({ status: "active" });
    const active = (await client.caller.coaching.portal()).goals.filter((g) => g.status === "active");
    expect(active).toHaveLength(MAX_ACTIVE_GOALS);

    // With one place left, five additions at once: one gets it (each waits for the one before).
    await coach.caller.admin.clients.updateGoal({ id: ids[1]!, status: "dropped" });
    const raced = await Promise.all(
      ["A", "B", "C", "D", "E"].map((name) =>
        codeOf(coach.caller.admin.clients.createGoal({ userId: client.user.id, title: `Racer ${name}` })),
      ),
    );
    expect(raced.filter((code) => code === "OK")).toHaveLength(1);
    expect(raced.filter((code) => code === "UNPROCESSABLE_CONTENT")).toHaveLength(4);
    expect((await client.caller.coaching.portal()).goals.filter((g) => g.status === "active")).toHaveLength(MAX_ACTIVE_GOALS);
  });

  it("let a client add at most 30 goals a day in the portal (adding and dropping cannot grow the table without end)", async () => {
    const client = await person();
    for (let i = 0; i < 30; i += 1) {
      const goal = await client.caller.coaching.createGoal({ title: `Goal number ${i + 1}` });
      await client.caller.coaching.updateGoal({ id: goal.id, status: "dropped" });
    }
    const refused = await client.caller.coaching.createGoal({ title: "The thirty-first" }).catch((e: TRPCError) => e);
    expect(refused).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(
        /^You have added many goals today\. You can add another in (\d+ hours?|\d+ minutes?|1 day), or ask your coach\.$/,
      ),
    });
    // The coach is not limited by it.
    const coach = await person({ role: "admin" });
    expect(await codeOf(coach.caller.admin.clients.createGoal({ userId: client.user.id, title: "Set by the coach" }))).toBe("OK");
  });
});

describe("numbers over REST", () => {
  it("are never read from null, an empty string or a boolean (the adapter coerced them to 0 or 1); text from a form field or the path still counts", async () => {
    const coach = await person({ role: "admin" });
    const client = await person();
    await takeSliderTest(handle.db, client.caller, testIds.eq, 3);
    const goalsOf = () => handle.db.select().from(schema.goals).where(eq(schema.goals.userId, client.user.id));
    const postGoal = (target: unknown) =>
      rest(`/admin/clients/${client.user.id}/goals`, {
        method: "POST",
        cookie: coach.cookie,
        body: JSON.stringify({ title: "Stay calm under pressure", scale: { testId: testIds.eq, scaleKey: "selfRegulation", target } }),
      });

    for (const target of [null, "", true, false]) {
      const response = await postGoal(target);
      expect(response.status, JSON.stringify(target)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe("The target must be a number.");
    }
    expect(await goalsOf()).toEqual([]);

    const item = await rest(`/admin/clients/${client.user.id}/action-items`, {
      method: "POST",
      cookie: coach.cookie,
      body: JSON.stringify({ text: "Read the report", goalId: true }),
    });
    expect(item.status).toBe(400);
    expect(await handle.db.select().from(schema.actionItems).where(eq(schema.actionItems.userId, client.user.id))).toEqual([]);
    expect((await rest("/admin/clients/abc/goals", { cookie: coach.cookie })).status).toBe(400);

    const saved = await postGoal("60");
    expect(saved.status).toBe(200);
    expect(await goalsOf()).toEqual([expect.objectContaining({ scaleTarget: 60 })]);
    expect(await coach.caller.admin.clients.goals({ userId: client.user.id })).toHaveLength(1);
  });
});

describe("the coach's writes", () => {
  it("save nothing when their audit entry cannot be written (a retry makes no second goal, item or note)", async () => {
    const coach = await person({ role: "admin" });
    const client = await person();
    const session = await sessionFor(handle.db, client.user.id, { start: pastSlot(), status: "completed" });
    const count = async () => {
      const [g, i, n] = await Promise.all([
        handle.db.select().from(schema.goals).where(eq(schema.goals.userId, client.user.id)),
        handle.db.select().from(schema.actionItems).where(eq(schema.actionItems.userId, client.user.id)),
        handle.db.select().from(schema.sessionNotes).where(eq(schema.sessionNotes.userId, client.user.id)),
      ]);
      return [g.length, i.length, n.length];
    };
    // The audit table refuses coaching entries for a while, as a failing disk or a lost connection would.
    await handle.db.execute(
      sql.raw(
        `create function refuse_coaching_audit() returns trigger language plpgsql as $$ begin raise exception 'audit unavailable'; end $$`,
      ),
    );
    await handle.db.execute(
      sql.raw(`create trigger refuse_coaching_audit before insert on audit_log for each row
        when (new.action like 'coaching.%') execute function refuse_coaching_audit()`),
    );
    try {
      expect(await codeOf(coach.caller.admin.clients.createGoal({ userId: client.user.id, title: "Delegate more" }))).not.toBe("OK");
      expect(await codeOf(coach.caller.admin.clients.createActionItem({ userId: client.user.id, text: "List three tasks" }))).not.toBe(
        "OK",
      );
      expect(await codeOf(coach.caller.admin.clients.addNote({ appointmentId: session.id, body: "Tired", shared: false }))).not.toBe("OK");
      expect(await count()).toEqual([0, 0, 0]);
    } finally {
      await handle.db.execute(sql.raw("drop trigger refuse_coaching_audit on audit_log"));
      await handle.db.execute(sql.raw("drop function refuse_coaching_audit()"));
    }
    await coach.caller.admin.clients.createGoal({ userId: client.user.id, title: "Delegate more" });
    expect(await count()).toEqual([1, 0, 0]);
  });
});

describe("action items", () => {
  it("remind the client once on the due date, however many workers run, and show the coach what is overdue", async () => {
    const coach = await person({ role: "admin" });
    const client = await person({ firstName: "Rita" });
    const due = await coach.caller.admin.clients.createActionItem({
      userId: client.user.id,
      text: "Write the team charter",
      dueDate: "2030-01-10",
    });
    const later = await coach.caller.admin.clients.createActionItem({ userId: client.user.id, text: "Later one", dueDate: "2030-01-11" });
    const stale = await coach.caller.admin.clients.createActionItem({ userId: client.user.id, text: "Long gone", dueDate: "2030-01-03" });
    const done = await coach.caller.admin.clients.createActionItem({ userId: client.user.id, text: "Already done", dueDate: "2030-01-10" });
    await client.caller.coaching.setActionItemDone({ id: done.id, done: true });
    const reminders = () => handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.kind, "action-item-reminder"));

    // 07:00 in New York (the coach's default zone) on the due day: not yet. The stale one is claimed
    // without an email ("due today" would be wrong; the coach sees it as overdue).
    const early = new Date("2030-01-10T12:00:00Z");
    // (Items of the other tests, due before 2030, are claimed the same way.)
    expect(await sendDueActionItemReminders(handle.db, { now: early })).toMatchObject({ queued: 0 });
    // 10:00 there: two workers at once, then a third run.
    const now = new Date("2030-01-10T15:00:00Z");
    const [a, b] = await Promise.all([sendDueActionItemReminders(handle.db, { now }), sendDueActionItemReminders(handle.db, { now })]);
    expect(a.queued + b.queued).toBe(1);
    // The later and the done one are not claimed.
    expect(a.claimed + b.claimed).toBe(1);
    expect((await sendDueActionItemReminders(handle.db, { now })).claimed).toBe(0);
    const mail = await reminders();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: client.user.email, dedupeKey: `action-item-reminder:${due.id}` });
    expect(mail[0]!.subject).toBe("Due today: Write the team charter");
    expect(mail[0]!.text).toContain("Hello Rita");
    expect(mail[0]!.text).toContain("Thursday, January 10, 2030");

    // The next day the later one goes, once.
    const next = new Date("2030-01-11T15:00:00Z");
    await Promise.all([sendDueActionItemReminders(handle.db, { now: next }), sendDueActionItemReminders(handle.db, { now: next })]);
    expect((await reminders()).map((m) => m.dedupeKey).sort()).toEqual(
      [`action-item-reminder:${due.id}`, `action-item-reminder:${later.id}`].sort(),
    );
    expect(
      await handle.db.select({ at: schema.actionItems.reminderSentAt }).from(schema.actionItems).where(eq(schema.actionItems.id, stale.id)),
    ).toEqual([{ at: early }]);

    // Overdue for the coach (against the real clock: those above are due in 2030).
    const pastDue = await coach.caller.admin.clients.createActionItem({
      userId: client.user.id,
      text: "Overdue one",
      dueDate: "2020-05-01",
    });
    const overdue = await coach.caller.admin.clients.overdueItems();
    expect(overdue).toContainEqual({
      id: pastDue.id,
      text: "Overdue one",
      dueDate: new Date("2020-05-01T00:00:00Z"),
      userId: client.user.id,
      clientName: "Rita",
    });
    expect(overdue.some((i) => i.id === due.id)).toBe(false);
    expect((await client.caller.coaching.portal()).actionItems.find((i) => i.id === pastDue.id)).toMatchObject({ overdue: true });
    await client.caller.coaching.setActionItemDone({ id: pastDue.id, done: true });
    expect((await coach.caller.admin.clients.overdueItems()).some((i) => i.id === pastDue.id)).toBe(false);
  });
});
