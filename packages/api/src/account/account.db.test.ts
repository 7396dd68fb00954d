import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TRPCError } from "@trpc/server";
import { encodeSessionToken, issueResetToken, sessionCookieName } from "@coach/auth";
import { asc, eq, schema, seedContent, sql, type Database, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { readOutbox } from "@coach/email/testing";
import { sendEmail } from "@coach/email";
import { latestAnswerSets, peopleWhoCompleted } from "../assessments/psychometrics";
import { callerAs, createUser, seedRespondents } from "../testing";
import { sessionFor, takeSliderTest } from "../testing/coaching";
import { handleRestRequest, openApiDocument } from "../http/rest";

let handle: DbHandle;
let mailDir: string;
const testIds = {} as Record<schema.TestType, number>;
const DAY = 86_400_000;

beforeAll(async () => {
  mailDir = mkdtempSync(path.join(os.tmpdir(), "coach-account-"));
  vi.stubEnv("DATA_DIR", mailDir);
  vi.stubEnv("RESEND_API_KEY", "");
  handle = await createTestDb();
  await seedContent(handle.db);
  for (const t of await handle.db.select().from(schema.tests)) testIds[t.type] = t.id;
  // Other people's results, so the coach's figures have something to be consistent with.
  await seedRespondents(handle.db, { people: 6, types: ["eq", "iq"], seed: 21 });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
});

let slots = 0;
const slot = (days: number) => new Date(Date.now() + days * DAY + slots++ * 2 * 3_600_000);

async function person(overrides: Partial<typeof schema.users.$inferInsert> = {}) {
  const u = await createUser(handle.db, overrides);
  return { ...u, caller: await callerAs(handle.db, u.cookie) };
}

async function takeIq(caller: Awaited<ReturnType<typeof person>>["caller"]) {
  const questions = await handle.db
    .select()
    .from(schema.questions)
    .where(eq(schema.questions.testId, testIds.iq))
    .orderBy(asc(schema.questions.order));
  const attempt = await caller.attempts.start({ id: testIds.iq });
  for (const q of questions) await caller.attempts.answer({ attemptId: attempt.id, questionId: q.id, answer: q.options![0]! });
  return caller.attempts.complete({ attemptId: attempt.id });
}

/** A client with everything the engagement stores about a person. */
async function fullClient(coach: Awaited<ReturnType<typeof person>>, first: string, last: string) {
  const client = await person({ firstName: first, lastName: last });
  const eqResult = await takeSliderTest(handle.db, client.caller, testIds.eq, 4);
  const pastSession = await sessionFor(handle.db, client.user.id, {
    start: slot(-10),
    status: "completed",
    title: `Coaching Session: ${first} ${last}`,
    description: `${first} wants to talk about the board`,
  });
  await handle.db
    .update(schema.appointments)
    .set({
      answers: [{ questionId: "focus", question: "What should we focus on?", answer: `${first}'s focus answer` }],
      attendance: "attended",
    })
    .where(eq(schema.appointments.id, pastSession.id));
  const upcoming = await sessionFor(handle.db, client.user.id, { start: slot(5), title: `Coaching Session: ${first} ${last}` });
  await coach.caller.admin.clients.addNote({ appointmentId: pastSession.id, body: `${first} shared note`, shared: true });
  await coach.caller.admin.clients.addNote({ appointmentId: pastSession.id, body: `${first} private note`, shared: false });
  const goal = await coach.caller.admin.clients.createGoal({
    userId: client.user.id,
    title: `${first}'s goal`,
    scale: { testId: testIds.eq, scaleKey: "empathy", target: 90 },
  });
  await coach.caller.admin.clients.createActionItem({
    userId: client.user.id,
    text: `${first}'s action item`,
    dueDate: "2030-03-01",
    goalId: goal.id,
  });
  await handle.db
    .insert(schema.emailSubscribers)
    .values({ email: client.user.email.toUpperCase(), firstName: first, confirmedAt: new Date() });
  await handle.db.insert(schema.contactMessages).values({
    firstName: first,
    lastName: last,
    email: client.user.email,
    subject: "Question",
    message: `${first} asks about the retreat`,
  });
  return { ...client, eqResult, pastSession, upcoming, goal };
}

async function rows(db: Database, query: ReturnType<typeof sql>) {
  const result = await db.execute<Record<string, unknown>>(query);
  return Array.isArray(result) ? (result as Record<string, unknown>[]) : (result as { rows: Record<string, unknown>[] }).rows;
}

async function tableDumps(db: Database): Promise<Record<string, string>> {
  const tables = await rows(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const out: Record<string, string> = {};
  for (const { table_name } of tables) {
    const [row] = await rows(db, sql`select coalesce(json_agg(t)::text, '[]') as dump from ${sql.identifier(String(table_name))} t`);
    out[String(table_name)] = String(row!.dump).toLowerCase();
  }
  return out;
}

describe("GET /api/user/export", () => {
  it("gives the client everything stored about them, and nothing of another client, no private note, no secret", async () => {
    const coach = await person({ role: "admin" });
    const ana = await fullClient(coach, "Anabel", "Exporter");
    const ben = await fullClient(coach, "Benedikt", "Other");

    const data = await ana.caller.account.export();
    expect(data.account).toMatchObject({ id: ana.user.id, email: ana.user.email, username: ana.user.username, firstName: "Anabel" });
    const eqQuestions = await handle.db.select().from(schema.questions).where(eq(schema.questions.testId, testIds.eq));
    expect(data.results).toHaveLength(1);
    expect(data.results[0]).toMatchObject({
      attemptId: ana.eqResult.id,
      score: ana.eqResult.score,
      resultSummary: ana.eqResult.resultSummary,
    });
    expect(data.results[0]!.answers).toHaveLength(eqQuestions.length);
    expect(data.results[0]!.answers[0]).toMatchObject({ question: expect.any(String), answer: expect.stringMatching(/^[1-5]$/) });
    expect(data.appointments.map((a) => a.id)).toEqual([ana.pastSession.id, ana.upcoming.id]);
    expect(data.appointments[0]).toMatchObject({
      attendance: "attended",
      intakeAnswers: [{ questionId: "focus", question: "What should we focus on?", answer: "Anabel's focus answer" }],
    });
    expect(data.sharedNotes.map((n) => n.body)).toEqual(["Anabel shared note"]);
    expect(data.goals.map((g) => g.title)).toEqual(["Anabel's goal"]);
    expect(data.actionItems.map((i) => i.text)).toEqual(["Anabel's action item"]);
    // What is only filed under her address (a contact message, a subscription) is not read through the
    // account: anyone can register with any address.
    expect(Object.keys(data)).not.toContain("contactMessages");
    expect(Object.keys(data)).not.toContain("newsletter");

    const response = await handleRestRequest(new Request("http://localhost:3000/api/user/export", { headers: { cookie: ana.cookie } }), {
      db: handle.db,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="my-data-${ana.user.username}.json"`);
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({ format: "coach-export/1", account: { email: ana.user.email } });
    for (const foreign of [
      ben.user.email,
      ben.user.username,
      "Benedikt",
      "private note",
      "$argon2",
      "password",
      "sessionVersion",
      "bodyEncrypted",
      "asks about the retreat",
    ]) {
      expect(body.toLowerCase().includes(foreign.toLowerCase()), foreign).toBe(false);
    }
    expect((await handleRestRequest(new Request("http://localhost:3000/api/user/export"), { db: handle.db })).status).toBe(401);
  });

  it("answers ten downloads an hour per account, then 429 with when to try again; another account is not held up", async () => {
    const cleo = await person();
    const dan = await person();
    const download = (cookie: string) =>
      handleRestRequest(new Request("http://localhost:3000/api/user/export", { headers: { cookie } }), { db: handle.db });
    for (let i = 0; i < 10; i += 1) expect((await download(cleo.cookie)).status).toBe(200);
    const refused = await download(cleo.cookie);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toEqual(
      expect.stringMatching(/^You have downloaded your data several times this hour. Please try again in (1 hour|\d+ minutes?)\.$/),
    );
    expect((await download(dan.cookie)).status).toBe(200);
  });
});

describe("deleting an account", () => {
  it("leaves no personal data of the client behind, keeps the coach's figures, and confirms by email", async () => {
    const coach = await person({ role: "admin" });
    const zed = await fullClient(coach, "Zelda", "Quartzberg");
    await takeIq(zed.caller);
    // What else names her: mail about her booking to the coach, a reset token, throttling counters, the coach's audit trail.
    await sendEmail(handle.db, {
      kind: "booking-notice",
      to: coach.user.email,
      subject: "New booking: Zelda Quartzberg",
      html: `<p>Zelda Quartzberg &lt;${zed.user.email}&gt;</p>`,
      text: `Zelda Quartzberg <${zed.user.email}>`,
      dedupeKey: `booking-notice:${zed.pastSession.id}`,
    });
    // Someone else's mail that happens to contain her name or address is not hers to delete.
    const other = await person();
    await sendEmail(handle.db, {
      kind: "contact-reply",
      to: other.user.email,
      subject: "Re: your question",
      html: "<p>Zelda Quartzberg recommended us</p>",
      text: `Zelda Quartzberg recommended us (x${zed.user.email})`,
    });
    await handle.db
      .insert(schema.rateLimits)
      .values({ key: `login-fail:account:x${zed.user.email}`, count: 1, resetAt: new Date(Date.now() + DAY) });
    await issueResetToken(handle.db, zed.user.id);
    await handle.db
      .insert(schema.rateLimits)
      .values({ key: `login-fail:account:${zed.user.email}`, count: 2, resetAt: new Date(Date.now() + DAY) });
    await coach.caller.admin.users.setRole({ userId: zed.user.id, role: "admin" });
    await coach.caller.admin.users.setRole({ userId: zed.user.id, role: "user" });
    // Credits the coach granted, extended and took back: their audit entries name her as the client.
    const grant = await coach.caller.admin.credits.grant({
      userId: zed.user.id,
      appointmentType: "coaching",
      sessions: 3,
      expiresAt: null,
    });
    await coach.caller.admin.credits.extend({ grantId: grant.id, expiresAt: new Date(Date.now() + 90 * DAY) });
    await coach.caller.admin.credits.takeBack({ grantId: grant.id, sessions: 1, reason: "One session settled by hand" });
    const [fresh] = await handle.db.select().from(schema.users).where(eq(schema.users.id, zed.user.id));
    const cookie = `${sessionCookieName(false)}=${await encodeSessionToken(fresh!)}`;
    const caller = await callerAs(handle.db, cookie);

    const period = { from: new Date(Date.now() - 365 * DAY).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) };
    const figures = async () => ({
      overview: await coach.caller.admin.analytics.overview(period),
      eqSets: (await latestAnswerSets(handle.db, testIds.eq)).length,
      iqSets: await latestAnswerSets(handle.db, testIds.iq),
      eqPeople: await peopleWhoCompleted(handle.db, testIds.eq),
    });
    const before = await figures();

    // Refusals change nothing.
    const refused = (input: { confirm: string; password: string }) => caller.account.delete(input).catch((e: TRPCError) => e);
    expect(await refused({ confirm: "DELETE", password: "wrong-password" })).toMatchObject({
      code: "FORBIDDEN",
      message: "That password is not correct. Your account was not deleted.",
    });
    expect(await refused({ confirm: "delete please", password: zed.password })).toMatchObject({
      code: "BAD_REQUEST",
      message: "Type DELETE to confirm that the account should be deleted.",
    });
    expect((await caller.auth.me()).user).toMatchObject({ id: zed.user.id });

    // The REST call, password in the JSON body.
    const response = await handleRestRequest(
      new Request("http://localhost:3000/api/user/account", {
        method: "DELETE",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ confirm: "DELETE", password: zed.password }),
      }),
      { db: handle.db },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get("set-cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await (await callerAs(handle.db, cookie)).auth.me()).user).toBeNull();

    // Someone else's mail and counters that merely contain her name or address are still there.
    const outbox = await handle.db.select().from(schema.emailOutbox);
    expect(outbox.filter((m) => m.text.includes("Zelda"))).toEqual([expect.objectContaining({ to: other.user.email })]);
    const decoyKey = `login-fail:account:x${zed.user.email}`;
    expect((await handle.db.select().from(schema.rateLimits)).map((r) => r.key)).toContain(decoyKey);
    // What is filed under her address alone stays too: registering proves no one owns an address.
    expect(await handle.db.select().from(schema.contactMessages).where(eq(schema.contactMessages.firstName, "Zelda"))).toHaveLength(1);
    await handle.db.delete(schema.emailOutbox).where(eq(schema.emailOutbox.to, other.user.email));
    await handle.db.delete(schema.rateLimits).where(eq(schema.rateLimits.key, decoyKey));

    // Apart from those, no table holds her address, names or username; no column that points at a
    // person holds her id.
    const byAddressAlone = ["contact_messages", "email_subscribers"];
    const dumps = await tableDumps(handle.db);
    for (const needle of [zed.user.email, zed.user.username, "Zelda", "Quartzberg"]) {
      const found = Object.entries(dumps)
        .filter(([table, dump]) => !byAddressAlone.includes(table) && dump.includes(needle.toLowerCase()))
        .map(([table]) => table);
      expect(found, needle).toEqual([]);
    }
    const personColumns = await rows(
      handle.db,
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'
          and column_name in ('user_id', 'actor_id', 'author_id', 'created_by_id', 'sent_by_id')`,
    );
    for (const { table_name, column_name } of personColumns) {
      const hits = await rows(
        handle.db,
        sql`select count(*)::int as n from ${sql.identifier(String(table_name))} where ${sql.identifier(String(column_name))} = ${zed.user.id}`,
      );
      expect(Number(hits[0]!.n), `${String(table_name)}.${String(column_name)}`).toBe(0);
    }
    expect(await handle.db.select().from(schema.users).where(eq(schema.users.id, zed.user.id))).toEqual([]);
    const audit = await handle.db.select().from(schema.auditLog);
    expect(audit.filter((a) => a.targetId === String(zed.user.id) && ["user", "client"].includes(a.targetType ?? ""))).toEqual([]);
    expect((await handle.db.select().from(schema.rateLimits)).filter((r) => r.key.includes(`:user:${zed.user.id}`))).toEqual([]);

    // What is kept is kept without her: results and bookings under an anonymous stand-in that cannot sign in.
    const [attempt] = await handle.db.select().from(schema.testAttempts).where(eq(schema.testAttempts.id, zed.eqResult.id));
    const [standIn] = await handle.db.select().from(schema.users).where(eq(schema.users.id, attempt!.userId));
    expect(standIn).toMatchObject({ role: "user", firstName: null, lastName: null, createdAt: zed.user.createdAt });
    expect(standIn!.anonymizedAt).not.toBeNull();
    expect(standIn!.disabledAt).not.toBeNull();
    expect(standIn!.email).toMatch(/@deleted\.invalid$/);
    const sessions = await handle.db.select().from(schema.appointments).where(eq(schema.appointments.userId, standIn!.id));
    expect(sessions.map((s) => [s.id, s.title, s.description, s.answers, s.status])).toEqual(
      expect.arrayContaining([
        [zed.pastSession.id, "Coaching Session", null, [], "completed"],
        [zed.upcoming.id, "Coaching Session", null, [], "canceled"],
      ]),
    );
    expect(await handle.db.select().from(schema.sessionNotes).where(eq(schema.sessionNotes.appointmentId, zed.pastSession.id))).toEqual([]);
    expect((await coach.caller.admin.users.list({ search: standIn!.username, page: 1, pageSize: 50 })).total).toBe(0);

    // The coach's figures: the same counts, distributions, reliability and norm/calibration inputs; the
    // canceled session is the only change, and it is a real one.
    const after = await figures();
    expect(after.overview.totals).toEqual({
      ...before.overview.totals,
      appointmentsCanceled: before.overview.totals.appointmentsCanceled + 1,
    });
    expect(after.overview.distributions).toEqual(before.overview.distributions);
    expect(after.overview.reliability).toEqual(before.overview.reliability);
    expect(after.overview.tests).toEqual(before.overview.tests);
    expect(after.eqSets).toBe(before.eqSets);
    expect(after.iqSets).toEqual(before.iqSets);
    expect(after.eqPeople).toBe(before.eqPeople);

    // The confirmation went to the address before it was erased; the outbox row no longer holds it.
    const mail = readOutbox(mailDir).filter((m) => /Your account has been deleted/.test(m.subject));
    expect(mail.map((m) => m.to)).toEqual([zed.user.email]);
    expect(mail[0]!.text).toContain("Hello Zelda Quartzberg");
    const [row] = await handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.kind, "account-deleted"));
    expect(row).toMatchObject({ status: "sent", to: "erased@deleted.invalid", html: "", text: "" });
  });

  it("refuses the only admin (422), and lets an admin go when another remains", async () => {
    const [{ n }] = (await rows(handle.db, sql`select count(*)::int as n from users where role = 'admin' and disabled_at is null`)) as [
      { n: number },
    ];
    // Disable the admins of the other tests, so this one is the only active admin.
    await handle.db.update(schema.users).set({ disabledAt: new Date() }).where(eq(schema.users.role, "admin"));
    expect(n).toBeGreaterThan(0);
    const only = await person({ role: "admin" });
    expect(await only.caller.account.delete({ confirm: "DELETE", password: only.password }).catch((e: TRPCError) => e)).toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      message: expect.stringMatching(/^This is the only admin account, so it cannot be deleted/),
    });
    expect((await only.caller.auth.me()).user).toMatchObject({ id: only.user.id });

    const second = await person({ role: "admin" });
    await second.caller.admin.clients.createGoal({ userId: only.user.id, title: "Audit trail entry" });
    expect(await second.caller.account.delete({ confirm: "DELETE", password: second.password })).toEqual({ ok: true });
    // Her entries in the audit trail stay, under the stand-in's name.
    const entries = await handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "coaching.goal.create"));
    expect(entries.at(-1)!.actorUsername).toMatch(/^deleted-/);
  });
});

describe("DELETE /api/user/account in the OpenAPI document", () => {
  it("documents the confirmation and the password as a JSON body, never as query parameters of the URL", () => {
    const doc = openApiDocument() as unknown as {
      paths: Record<
        string,
        Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    const op = doc.paths["/user/account"]!.delete!;
    expect((op.parameters ?? []).filter((p) => p.in === "query")).toEqual([]);
    expect(op.requestBody!.content["application/json"]!.schema).toMatchObject({
      type: "object",
      properties: { confirm: expect.any(Object), password: expect.any(Object) },
      required: expect.arrayContaining(["confirm", "password"]),
    });
  });
});
