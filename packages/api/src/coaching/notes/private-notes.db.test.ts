/**
 * A private note never reaches the client: written with a unique marker, it must not appear in any
 * answer the client can get from the whole router (every query that is not the coach's, walked like
 * admin-coverage.db.test.ts so procedures added later are covered too, tried with every id the client
 * could send), in the coaching mutations' answers, in any REST GET, in the export, in any email the
 * engagement sends (outbox table and delivered mail files) or in a log line.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import superjson from "superjson";
import { eq, schema, seedContent, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { readOutbox } from "@coach/email/testing";
import { appRouter } from "../../root";
import { callerAs, createUser } from "../../testing";
import { sessionFor, takeSliderTest } from "../../testing/coaching";
import { handleRestRequest } from "../../http/rest";
import { adminProcedure } from "../../trpc/init";
import { sendDueActionItemReminders } from "../action-items/reminders";

type AnyProcedure = { _def: { type: string; middlewares?: unknown[]; meta?: { openapi?: { path?: string; method?: string } } } };
const procedures = Object.entries((appRouter._def as unknown as { procedures: Record<string, AnyProcedure> }).procedures);
const adminCheck = (adminProcedure as unknown as AnyProcedure)._def.middlewares!.at(-1);
const isAdminOnly = (p: string, procedure: AnyProcedure) => {
  const restPath = procedure._def.meta?.openapi?.path ?? "";
  return (
    p.startsWith("admin.") ||
    (procedure._def.middlewares ?? []).includes(adminCheck) ||
    restPath.startsWith("/admin") ||
    restPath.startsWith("/settings")
  );
};
const clientQueries = procedures.filter(([p, proc]) => proc._def.type === "query" && !isAdminOnly(p, proc)).map(([p]) => p);

const PRIVATE = `PRIVATE-${Math.random().toString(36).slice(2, 10)}`;
const SHARED = `SHARED-${Math.random().toString(36).slice(2, 10)}`;
const DAY = 86_400_000;

let handle: DbHandle;
let mailDir: string;
const logged: string[] = [];

beforeAll(async () => {
  mailDir = mkdtempSync(path.join(os.tmpdir(), "coach-private-"));
  vi.stubEnv("DATA_DIR", mailDir);
  vi.stubEnv("RESEND_API_KEY", "");
  // Every log line of the run (the logger writes JSON lines to stdout and stderr).
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, "write").mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
      logged.push(String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write);
  }
  handle = await createTestDb();
  await seedContent(handle.db);
});
afterAll(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await handle?.close();
});

const text = (value: unknown) => JSON.stringify(superjson.serialize(value));

describe("private notes", () => {
  it("appear in no answer, export, email or log line the client can reach", async () => {
    const coach = await createUser(handle.db, { role: "admin" });
    const coachCaller = await callerAs(handle.db, coach.cookie);
    const client = await createUser(handle.db, { firstName: "Nell", lastName: "Private" });
    const caller = await callerAs(handle.db, client.cookie);
    const [eqTest] = await handle.db.select().from(schema.tests).where(eq(schema.tests.type, "eq"));

    // The whole engagement: results, a past and an upcoming session, notes of both kinds on each, a goal, items.
    const attempt = await takeSliderTest(handle.db, caller, eqTest!.id, 3);
    const past = await sessionFor(handle.db, client.user.id, { start: new Date(Date.now() - 3 * DAY), status: "completed" });
    const upcoming = await sessionFor(handle.db, client.user.id, { start: new Date(Date.now() + 3 * DAY) });
    for (const session of [past, upcoming]) {
      await coachCaller.admin.clients.addNote({ appointmentId: session.id, body: `${SHARED} agreed next steps`, shared: true });
      await coachCaller.admin.clients.addNote({ appointmentId: session.id, body: `${PRIVATE} hypothesis about the client`, shared: false });
    }
    const goal = await coachCaller.admin.clients.createGoal({
      userId: client.user.id,
      title: "Calmer meetings",
      scale: { testId: eqTest!.id, scaleKey: "selfRegulation", target: 70 },
    });
    const item = await coachCaller.admin.clients.createActionItem({
      userId: client.user.id,
      text: "Prepare the agenda",
      dueDate: "2030-02-01",
      goalId: goal.id,
      appointmentId: past.id,
    });
    // The coach reads the record (decrypting the private notes) before the client looks around.
    expect(text(await coachCaller.admin.clients.record({ userId: client.user.id }))).toContain(PRIVATE);

    // ---- every client-reachable query, with every id the client could try
    const ids = [past.id, upcoming.id, attempt.id, goal.id, item.id, eqTest!.id, client.user.id];
    const inputs: unknown[] = [
      undefined,
      {},
      ...ids.flatMap((id) => [{ id }, { attemptId: id }, { testId: id }, { appointmentId: id }, { userId: id }, { goalId: id }]),
    ];
    const answered = new Set<string>();
    const answers: string[] = [];
    for (const p of clientQueries) {
      const fn = p.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
        i?: unknown,
      ) => Promise<unknown>;
      for (const input of inputs) {
        try {
          answers.push(text(await fn(input)));
          answered.add(p);
        } catch (error) {
          answers.push(text({ message: (error as Error).message }));
        }
      }
    }
    // The walk reaches the answers that carry notes (shared ones show, so it would see a private one).
    expect([...answered]).toEqual(expect.arrayContaining(["coaching.portal", "account.export", "attempts.history", "appointments.mine"]));
    expect(answers.join("\n")).toContain(SHARED);

    // ---- the coaching mutations the client can call, on their own ids
    answers.push(text(await caller.coaching.setActionItemDone({ id: item.id, done: true })));
    answers.push(text(await caller.coaching.updateGoal({ id: goal.id, status: "achieved" })));
    answers.push(
      text(await caller.coaching.createGoal({ title: "My own goal", scale: { testId: eqTest!.id, scaleKey: "empathy", target: 80 } })),
    );

    // ---- every REST GET that is not the coach's, with the same ids in its path
    const gets = procedures
      .filter(([p, proc]) => !isAdminOnly(p, proc) && proc._def.meta?.openapi?.method === "GET")
      .map(([, proc]) => proc._def.meta!.openapi!.path!);
    expect(gets).toEqual(expect.arrayContaining(["/portal", "/user/export", "/appointments/user", "/user/test-history"]));
    for (const template of gets) {
      for (const id of template.includes("{") ? ids : [0]) {
        const response = await handleRestRequest(
          new Request(`http://localhost:3000/api${template.replace(/\{[^}]+\}/g, String(id))}`, { headers: { cookie: client.cookie } }),
          { db: handle.db },
        );
        answers.push(await response.text());
      }
    }
    const exported = await handleRestRequest(new Request("http://localhost:3000/api/user/export", { headers: { cookie: client.cookie } }), {
      db: handle.db,
    });
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-.+\.json"$/);
    const exportText = await exported.text();
    expect(exportText).toContain(SHARED);
    answers.push(exportText);

    // ---- the emails the engagement sends: the action item's reminder, the deletion confirmation
    expect((await sendDueActionItemReminders(handle.db, { now: new Date("2030-02-01T15:00:00Z") })).queued).toBe(0); // done: no reminder
    await caller.coaching.setActionItemDone({ id: item.id, done: false });
    await handle.db.update(schema.actionItems).set({ reminderSentAt: null });
    expect((await sendDueActionItemReminders(handle.db, { now: new Date("2030-02-01T15:00:00Z") })).queued).toBe(1);
    await caller.account.delete({ confirm: "DELETE", password: client.password });
    const outbox = await handle.db.select().from(schema.emailOutbox);
    const files = readOutbox(mailDir);
    expect(files.map((m) => m.subject)).toEqual(
      expect.arrayContaining(["Due today: Prepare the agenda", expect.stringMatching(/^Your account has been deleted/)]),
    );

    expect(answers.join("\n")).not.toContain(PRIVATE);
    expect(text(outbox)).not.toContain(PRIVATE);
    expect(text(files)).not.toContain(PRIVATE);
    expect(logged.join("")).toContain("account deleted by its owner"); // the capture works
    expect(logged.join("")).not.toContain(PRIVATE);
  });
});
