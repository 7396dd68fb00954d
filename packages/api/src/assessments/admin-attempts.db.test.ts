import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Papa from "papaparse";
import { TRPCError } from "@trpc/server";
import { asc, eq, schema, seedContent, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { callerAs, createUser } from "../testing";
import { handleRestRequest } from "../http/rest";

let handle: DbHandle;
let iqTestId: number;
let eqTestId: number;

beforeAll(async () => {
  handle = await createTestDb();
  await seedContent(handle.db);
  const tests = await handle.db.select().from(schema.tests);
  iqTestId = tests.find((t) => t.type === "iq")!.id;
  eqTestId = tests.find((t) => t.type === "eq")!.id;
});
afterAll(async () => handle?.close());

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => "OK",
    (e: unknown) => (e instanceof TRPCError ? e.code : `not a TRPCError: ${String(e)}`),
  );
}

async function admin() {
  const u = await createUser(handle.db, { role: "admin" });
  return { ...u, caller: await callerAs(handle.db, u.cookie) };
}

/** A user who completed the IQ test, answering the first question wrong (every question when `allWrong`). */
async function completedIqAttempt({ allWrong = false } = {}) {
  const u = await createUser(handle.db, { firstName: "Ada", lastName: "Lovelace" });
  const caller = await callerAs(handle.db, u.cookie);
  const attempt = await caller.attempts.start({ id: iqTestId });
  const questions = await handle.db
    .select()
    .from(schema.questions)
    .where(eq(schema.questions.testId, iqTestId))
    .orderBy(asc(schema.questions.order));
  for (const [i, q] of questions.entries()) {
    const answer = i === 0 || allWrong ? q.options!.find((o) => o !== q.correctAnswer)! : q.correctAnswer!;
    await caller.attempts.answer({ attemptId: attempt.id, questionId: q.id, answer });
  }
  await caller.attempts.complete({ attemptId: attempt.id });
  return { user: u.user, attemptId: attempt.id, questions };
}

const rest = (path: string, cookie: string, method = "GET") =>
  handleRestRequest(new Request(`http://localhost:3000/api${path}`, { method, headers: { cookie } }), { db: handle.db });

describe("admin test attempts", () => {
  it("lists completed attempts only, newest first, with user and test", async () => {
    const { caller } = await admin();
    const done = await completedIqAttempt();
    const u = await createUser(handle.db);
    await (await callerAs(handle.db, u.cookie)).attempts.start({ id: eqTestId });
    const list = await caller.admin.attempts.list();
    expect(list[0]).toMatchObject({
      id: done.attemptId,
      user: { username: done.user.username, firstName: "Ada", lastName: "Lovelace" },
      test: { type: "iq" },
    });
    expect(list.every((a) => a.completedAt !== null)).toBe(true);
  });

  it("marks a flagged result as not a measurement in the list and the export, keeping its answers", async () => {
    const { caller } = await admin();
    const measured = await completedIqAttempt();
    const guessed = await completedIqAttempt({ allWrong: true });
    const list = await caller.admin.attempts.list();
    expect(list.find((a) => a.id === measured.attemptId)!.invalidFlags).toEqual([]);
    expect(list.find((a) => a.id === guessed.attemptId)!.invalidFlags).toEqual(["chance-level"]);
    const detail = await caller.admin.attempts.byId({ id: guessed.attemptId });
    expect(detail.responses).toHaveLength(guessed.questions.length);
    const { csv } = await caller.admin.attempts.exportCsv();
    const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
    expect(rows.find((r) => r.attempt_id === String(guessed.attemptId))!.not_a_measurement).toBe("chance-level");
    expect(rows.find((r) => r.attempt_id === String(measured.attemptId))!.not_a_measurement).toBe("");
  });

  it("shows each response against its question and correct answer", async () => {
    const { caller } = await admin();
    const done = await completedIqAttempt();
    const detail = await caller.admin.attempts.byId({ id: done.attemptId });
    expect(detail.user.username).toBe(done.user.username);
    expect(detail.responses).toHaveLength(done.questions.length);
    const first = detail.responses[0]!;
    expect(first.question.order).toBe(done.questions[0]!.order);
    expect(first.question.correctAnswer).toBe(done.questions[0]!.correctAnswer);
    expect(first.answer).not.toBe(first.question.correctAnswer);
    expect(detail.responses[1]!.answer).toBe(detail.responses[1]!.question.correctAnswer);
    expect(detail.attempt.score).toBeGreaterThan(100);
    expect(await codeOf(caller.admin.attempts.byId({ id: 999_999 }))).toBe("NOT_FOUND");
  });

  it("deletes one attempt with its responses and records it in the audit trail", async () => {
    const { caller, user } = await admin();
    const done = await completedIqAttempt();
    expect(await caller.admin.attempts.delete({ id: done.attemptId })).toEqual({ success: true });
    expect(await handle.db.select().from(schema.testAttempts).where(eq(schema.testAttempts.id, done.attemptId))).toHaveLength(0);
    expect(await handle.db.select().from(schema.responses).where(eq(schema.responses.attemptId, done.attemptId))).toHaveLength(0);
    const audit = await handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "test_attempt.delete"));
    expect(audit.at(-1)).toMatchObject({ actorId: user.id, targetType: "test_attempt", targetId: String(done.attemptId) });
    expect(await codeOf(caller.admin.attempts.delete({ id: done.attemptId }))).toBe("NOT_FOUND");
  });

  it("exports attempts with their responses as CSV with formula cells escaped", async () => {
    const { caller } = await admin();
    const done = await completedIqAttempt();
    const sneaky = await createUser(handle.db, { firstName: '=HYPERLINK("http://evil")' });
    await (await callerAs(handle.db, sneaky.cookie)).attempts.start({ id: eqTestId });
    const { csv, filename } = await caller.admin.attempts.exportCsv();
    expect(filename).toMatch(/^test-attempts-\d{4}-\d{2}-\d{2}\.csv$/);
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    const rows = parsed.data.filter((r) => r.attempt_id === String(done.attemptId));
    expect(rows).toHaveLength(done.questions.length);
    expect(rows[0]).toMatchObject({ username: done.user.username, type: "iq", correct: "no", question: done.questions[0]!.text });
    expect(rows[1]!.correct).toBe("yes");
    const evil = parsed.data.find((r) => r.username === sneaky.user.username)!;
    expect(evil.name?.startsWith("'=")).toBe(true);
  });

  it("deletes all attempts over REST, answering {stats:{success:n}}, and refuses non-admins", async () => {
    const { cookie } = await admin();
    await completedIqAttempt();
    const user = await createUser(handle.db);
    expect((await rest("/admin/test-attempts", user.cookie)).status).toBe(403);
    expect((await rest("/admin/test-attempts", "", "DELETE")).status).toBe(401);
    expect((await rest("/admin/test-attempts", user.cookie, "DELETE")).status).toBe(403);
    const total = (await handle.db.select().from(schema.testAttempts)).length;
    const response = await rest("/admin/test-attempts", cookie, "DELETE");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ stats: { success: total } });
    expect(await handle.db.select().from(schema.testAttempts)).toHaveLength(0);
    const audit = await handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "test_attempts.delete_all"));
    expect(audit.at(-1)!.details).toEqual({ count: total });
  });
});
