import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { asc, eq, schema, seedContent, type DbHandle } from "@coach/db";
import { createTestDb } from "@coach/db/testing";
import { callerAs, callerFor, createUser } from "../testing";
import { handleRestRequest } from "../http/rest";
import { invalidatingFlags, readResultData } from "@coach/assessments/results";

let handle: DbHandle;
const testIds = {} as Record<schema.TestType, number>;

beforeAll(async () => {
  handle = await createTestDb();
  await seedContent(handle.db);
  for (const t of await handle.db.select().from(schema.tests)) testIds[t.type] = t.id;
});
afterAll(async () => handle?.close());

async function codeOf(promise: Promise<unknown>) {
  return promise.then(
    () => "OK",
    (e: unknown) => (e instanceof TRPCError ? e.code : `not a TRPCError: ${String(e)}`),
  );
}

async function questionsOf(type: schema.TestType) {
  return handle.db.select().from(schema.questions).where(eq(schema.questions.testId, testIds[type])).orderBy(asc(schema.questions.order));
}

async function signedIn() {
  const u = await createUser(handle.db);
  return { ...u, caller: await callerAs(handle.db, u.cookie) };
}

const rest = (path: string, init: RequestInit & { cookie?: string } = {}) =>
  handleRestRequest(
    new Request(`http://localhost:3000/api${path}`, {
      ...init,
      headers: { ...(init.cookie ? { cookie: init.cookie } : {}), ...(init.headers as Record<string, string> | undefined) },
    }),
    { db: handle.db },
  );

describe("GET /tests/{id}", () => {
  it("gives signed-in users the test and its questions in order, without correct answers or scoring keys", async () => {
    const { caller, cookie } = await signedIn();
    const { test, questions } = await caller.tests.byId({ id: testIds.iq });
    expect(test.type).toBe("iq");
    expect(questions.length).toBeGreaterThanOrEqual(24);
    expect(questions.map((q) => q.order)).toEqual([...questions.map((q) => q.order)].sort((a, b) => a - b));
    for (const q of questions) {
      expect(q).not.toHaveProperty("correctAnswer");
      expect(q).not.toHaveProperty("scoring");
    }
    const response = await rest(`/tests/${testIds.iq}`, { cookie });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).not.toMatch(/correctAnswer|scoring/);
  });

  it("answers 401 to anonymous visitors and 404 with the spec's message for an unknown test", async () => {
    expect((await rest(`/tests/${testIds.iq}`)).status).toBe(401);
    const { caller, cookie } = await signedIn();
    await expect(caller.tests.byId({ id: 999_999 })).rejects.toThrow("The requested test could not be loaded or doesn't exist.");
    expect((await rest("/tests/999999", { cookie })).status).toBe(404);
    expect((await rest("/tests/abc", { cookie })).status).toBe(400);
  });
});

describe("taking a test", () => {
  it("starts, saves answers, scores on the server and refuses a second completion; half right is an estimate inside the bank's range with a provisional 90% interval", async () => {
    const { caller } = await signedIn();
    const attempt = await caller.attempts.start({ id: testIds.iq });
    expect(attempt.completedAt).toBeNull();
    const questions = await questionsOf("iq");
    // First half right (the easier items come first), second half wrong.
    const half = Math.floor(questions.length / 2);
    for (const [i, q] of questions.entries()) {
      const wrong = q.options!.find((o) => o !== q.correctAnswer)!;
      await caller.attempts.answer({ attemptId: attempt.id, questionId: q.id, answer: i < half ? q.correctAnswer! : wrong });
    }
    const done = await caller.attempts.complete({ attemptId: attempt.id });
    expect(done.completedAt).toBeInstanceOf(Date);
    expect(done.resultData).toMatchObject({ correctAnswers: half, totalQuestions: questions.length });
    expect(done.resultSummary).toMatch(/self-reflection and development, not as a diagnosis/);
    const estimate = (done.resultData as { estimate: { score: number; low: number; high: number; level: number; norm: { kind: string } } })
      .estimate;
    expect(done.score).toBe(estimate.score);
    expect(estimate.score).toBeGreaterThan(70);
    expect(estimate.score).toBeLessThan(150);
    expect(estimate).toMatchObject({ level: 0.9, norm: { kind: "provisional" } });
    expect(estimate.low).toBeLessThan(estimate.score);
    expect(estimate.high).toBeGreaterThan(estimate.score);
    expect((done.resultData as { quality: { flags: string[] } }).quality.flags).not.toContain("chance-level");

    expect(await codeOf(caller.attempts.complete({ attemptId: attempt.id }))).toBe("CONFLICT");
    expect(
      await codeOf(caller.attempts.answer({ attemptId: attempt.id, questionId: questions[0]!.id, answer: questions[0]!.correctAnswer! })),
    ).toBe("CONFLICT");
    const stored = await handle.db.select().from(schema.testAttempts).where(eq(schema.testAttempts.id, attempt.id));
    expect(stored[0]!.score).toBe(done.score);
  });

  it("replaces an earlier answer when a question is answered again", async () => {
    const { caller } = await signedIn();
    const attempt = await caller.attempts.start({ id: testIds.eq });
    const [q] = await questionsOf("eq");
    await caller.attempts.answer({ attemptId: attempt.id, questionId: q!.id, answer: "2" });
    await caller.attempts.answer({ attemptId: attempt.id, questionId: q!.id, answer: "5" });
    const rows = await handle.db.select().from(schema.responses).where(eq(schema.responses.attemptId, attempt.id));
    expect(rows.map((r) => r.answer)).toEqual(["5"]);
  });

  it("validates answers against the question: listed options only, sliders 1-5, questions of this test only", async () => {
    const { caller } = await signedIn();
    const attempt = await caller.attempts.start({ id: testIds.personality });
    const [slider] = await questionsOf("personality");
    const [choice] = await questionsOf("iq");
    for (const answer of ["0", "6", "2.5", "three", ""]) {
      expect(await codeOf(caller.attempts.answer({ attemptId: attempt.id, questionId: slider!.id, answer }))).toBe("BAD_REQUEST");
    }
    await expect(caller.attempts.answer({ attemptId: attempt.id, questionId: choice!.id, answer: choice!.options![0]! })).rejects.toThrow(
      "That question is not part of this test.",
    );
    const iqAttempt = await caller.attempts.start({ id: testIds.iq });
    await expect(caller.attempts.answer({ attemptId: iqAttempt.id, questionId: choice!.id, answer: "not an option" })).rejects.toThrow(
      "Please choose one of the listed options.",
    );
    expect(await codeOf(caller.attempts.answer({ attemptId: attempt.id, questionId: 999_999, answer: "3" }))).toBe("BAD_REQUEST");
  });

  it("refuses to complete while questions are unanswered, and says how many", async () => {
    const { caller } = await signedIn();
    const attempt = await caller.attempts.start({ id: testIds.leadership });
    const questions = await questionsOf("leadership");
    await caller.attempts.answer({ attemptId: attempt.id, questionId: questions[0]!.id, answer: "4" });
    // The adaptive test says how many questions it still expects to ask (fewer than the whole bank).
    const step = await caller.attempts.current({ testId: testIds.leadership });
    expect(questions.length).toBeGreaterThan(1);
    await expect(caller.attempts.complete({ attemptId: attempt.id })).rejects.toThrow(
      `Please answer every question before finishing (${step!.estimatedTotal - step!.answered} still unanswered).`,
    );
  });

  it("resumes: start returns the in-progress attempt with its saved answers instead of opening another", async () => {
    const { caller } = await signedIn();
    const first = await caller.attempts.start({ id: testIds.eq });
    const questions = await questionsOf("eq");
    await caller.attempts.answer({ attemptId: first.id, questionId: questions[0]!.id, answer: "4" });
    await caller.attempts.answer({ attemptId: first.id, questionId: questions[1]!.id, answer: "2" });
    const again = await caller.attempts.start({ id: testIds.eq });
    expect(again.id).toBe(first.id);
    expect(again.answers).toEqual([
      { questionId: questions[0]!.id, answer: "4" },
      { questionId: questions[1]!.id, answer: "2" },
    ]);
    expect((await caller.attempts.current({ testId: testIds.eq }))?.id).toBe(first.id);
    expect(await caller.attempts.current({ testId: testIds.iq })).toBeNull();
  });

  it("scores each type from the stored answers (EQ reverse keys, leadership styles); the same personality answer to every item is flagged straight-lining and gets no type", async () => {
    const { caller } = await signedIn();
    const answerAll = async (type: schema.TestType, pick: (q: typeof schema.questions.$inferSelect) => string) => {
      const attempt = await caller.attempts.start({ id: testIds[type] });
      for (const q of await questionsOf(type)) await caller.attempts.answer({ attemptId: attempt.id, questionId: q.id, answer: pick(q) });
      return caller.attempts.complete({ attemptId: attempt.id });
    };
    // Agreeing with every keyed item and disagreeing with every reverse-keyed one is the top of every EQ
    // scale: far above the population's 50 on the standardized scale (50 + 15θ, the IRT estimate), not a raw 100.
    const eq = await answerAll("eq", (q) => (q.scoring?.reverse ? "1" : "5"));
    expect(eq.score).toBeGreaterThan(80);
    for (const value of Object.values((eq.resultData as { categories: Record<string, number> }).categories))
      expect(value).toBeGreaterThan(80);

    // Strongly agree toward the right pole everywhere: every right pole gets 4 points per item, left poles none.
    const personality = await answerAll("personality", () => "5");
    const data = personality.resultData as Record<string, number>;
    const questions = await questionsOf("personality");
    for (const pole of ["E", "I", "S", "N", "T", "F", "J", "P"]) {
      expect(data[pole]).toBe(4 * questions.filter((q) => q.scoring?.rightPole === pole).length);
    }
    // Agreeing with everything says nothing about preferences: no letter is named.
    expect((personality.resultData as { quality: { flags: string[] } }).quality.flags).toContain("straight-lining");
    expect(personality.resultType).not.toMatch(/[EISNTFJP]/);

    const leadership = await answerAll("leadership", (q) => (q.scoring?.scale === "coaching" ? (q.scoring.reverse ? "1" : "5") : "3"));
    expect(leadership.resultType).toBe("Coaching");
    const styles = (leadership.resultData as { styles: Record<string, number> }).styles;
    expect(styles.coaching).toBeGreaterThan(80);
    expect(Math.max(...Object.values(styles))).toBe(styles.coaching);
  });
});

describe("privacy of attempts", () => {
  it("never lets another user read, answer or complete an attempt by id (404)", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const attempt = await owner.caller.attempts.start({ id: testIds.eq });
    const [q] = await questionsOf("eq");
    expect(await codeOf(other.caller.attempts.get({ attemptId: attempt.id }))).toBe("NOT_FOUND");
    expect(await codeOf(other.caller.attempts.answer({ attemptId: attempt.id, questionId: q!.id, answer: "3" }))).toBe("NOT_FOUND");
    expect(await codeOf(other.caller.attempts.complete({ attemptId: attempt.id }))).toBe("NOT_FOUND");
    const viaRest = await rest(`/tests/attempts/${attempt.id}/responses`, {
      method: "POST",
      cookie: other.cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ questionId: q!.id, answer: "3" }),
    });
    expect(viaRest.status).toBe(404);
    expect((await other.caller.attempts.history()).map((a) => a.id)).not.toContain(attempt.id);
    expect(await codeOf(other.caller.admin.attempts.byId({ id: attempt.id }))).toBe("FORBIDDEN");
    expect(await codeOf(other.caller.admin.attempts.delete({ id: attempt.id }))).toBe("FORBIDDEN");
    expect((await owner.caller.attempts.get({ attemptId: attempt.id })).id).toBe(attempt.id);
  });

  it("refuses anonymous callers with 401 on every taking call", async () => {
    const anonymous = await callerFor(handle.db);
    expect(await codeOf(anonymous.attempts.start({ id: testIds.iq }))).toBe("UNAUTHORIZED");
    expect((await rest(`/tests/${testIds.iq}/start`, { method: "POST" })).status).toBe(401);
    expect((await rest("/tests/attempts/1/complete", { method: "POST" })).status).toBe(401);
    expect((await rest("/user/test-history")).status).toBe(401);
  });
});

describe("REST taking flow", () => {
  it("starts and completes with body-less POSTs, and /tests/attempts/... is not mistaken for /tests/{id}", async () => {
    const { cookie } = await signedIn();
    const started = await rest(`/tests/${testIds.leadership}/start`, { method: "POST", cookie });
    expect(started.status).toBe(200);
    const attempt = (await started.json()) as { id: number; completedAt: string | null };
    expect(attempt.completedAt).toBeNull();
    for (const q of await questionsOf("leadership")) {
      const saved = await rest(`/tests/attempts/${attempt.id}/responses`, {
        method: "POST",
        cookie,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ questionId: q.id, answer: "4" }),
      });
      expect(saved.status).toBe(200);
    }
    const completed = await rest(`/tests/attempts/${attempt.id}/complete`, { method: "POST", cookie });
    expect(completed.status).toBe(200);
    const body = (await completed.json()) as { completedAt: string; score: number; resultData: { styles: Record<string, number> } };
    expect(new Date(body.completedAt).getTime()).not.toBeNaN();
    expect(Object.keys(body.resultData.styles)).toHaveLength(6);
    expect((await rest(`/tests/attempts/${attempt.id}/complete`, { method: "POST", cookie })).status).toBe(409);
    const history = await rest("/user/test-history", { cookie });
    expect(history.status).toBe(200);
    expect(((await history.json()) as Array<{ id: number }>).map((a) => a.id)).toContain(attempt.id);
  });
});

describe("history", () => {
  const takeIq = async (caller: Awaited<ReturnType<typeof signedIn>>["caller"], correct: number) => {
    const questions = await questionsOf("iq");
    const attempt = await caller.attempts.start({ id: testIds.iq });
    for (const [i, q] of questions.entries()) {
      await caller.attempts.answer({
        attemptId: attempt.id,
        questionId: q.id,
        answer: i < correct ? q.correctAnswer! : q.options!.find((o) => o !== q.correctAnswer)!,
      });
    }
    return caller.attempts.complete({ attemptId: attempt.id });
  };

  it("lists in-progress and completed attempts newest first; a later result carries its change, tested against measurement error", async () => {
    const { caller } = await signedIn();
    const questions = await questionsOf("iq");
    const first = await takeIq(caller, Math.floor(questions.length / 2));
    const second = await takeIq(caller, questions.length);
    const open = await caller.attempts.start({ id: testIds.eq });
    await caller.attempts.answer({ attemptId: open.id, questionId: (await questionsOf("eq"))[0]!.id, answer: "3" });

    const history = await caller.attempts.history();
    expect(history.map((h) => h.id)).toEqual([open.id, second.id, first.id]);
    const [inProgress, latest, earliest] = history;
    expect(inProgress).toMatchObject({ completedAt: null, answeredCount: 1, test: { type: "eq" }, change: null });
    // From half right to all right is far beyond the error of either estimate.
    expect(latest!.change).toMatchObject({ delta: second.score! - first.score!, reliable: true });
    expect(latest!.change!.delta).toBeGreaterThan(0);
    expect(earliest!.change).toBeNull();
    expect(latest!.test).toEqual({ title: expect.any(String), type: "iq" });
  });

  it("never compares with a result that is not a measurement, and gives that result no change", async () => {
    const { caller, cookie } = await signedIn();
    const questions = await questionsOf("iq");
    const first = await takeIq(caller, Math.floor(questions.length / 2));
    const guessed = await takeIq(caller, 0);
    const third = await takeIq(caller, questions.length);
    expect(invalidatingFlags(guessed.resultData)).toEqual(["chance-level"]);
    const history = await caller.attempts.history();
    const byId = new Map(history.map((h) => [h.id, h]));
    expect(byId.get(guessed.id)!.change).toBeNull();
    expect(byId.get(third.id)!.change).toMatchObject({ delta: third.score! - first.score! });
    // The stored result is the package's typed ResultData, over tRPC and over REST.
    for (const h of history) expect(readResultData("iq", h.resultData).data).not.toBeNull();
    const response = await rest("/user/test-history", { cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { resultData: unknown }[];
    expect(body).toHaveLength(3);
    for (const h of body) expect(readResultData("iq", h.resultData).data).not.toBeNull();
  });

  it("calls a retake with the same answers no change, not a reliable one", async () => {
    const { caller } = await signedIn();
    // Well above chance on both: a result at guessing level is never a baseline.
    const n = (await questionsOf("iq")).length;
    await takeIq(caller, Math.round(0.6 * n));
    const again = await takeIq(caller, Math.round(0.6 * n));
    const [latest] = await caller.attempts.history();
    expect(latest!.id).toBe(again.id);
    expect(latest!.change).toMatchObject({ delta: 0, reliable: false });
  });

  it('opens one past result again for its owner only: 404 "Result not found" for another user\'s, a missing or an unfinished one', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const n = (await questionsOf("iq")).length;
    const first = await takeIq(owner.caller, Math.round(0.5 * n));
    const second = await takeIq(owner.caller, Math.round(0.8 * n));
    const item = await owner.caller.attempts.historyItem({ attemptId: second.id });
    const fromHistory = (await owner.caller.attempts.history()).find((h) => h.id === second.id);
    // The history's item, plus the reference point (none here: far fewer than 100 people took it).
    expect(item).toEqual({ ...fromHistory, reference: null });
    expect(item).toMatchObject({ id: second.id, score: second.score, test: { type: "iq" }, change: { reliable: expect.any(Boolean) } });
    expect((await owner.caller.attempts.historyItem({ attemptId: first.id })).change).toBeNull();

    await expect(other.caller.attempts.historyItem({ attemptId: second.id })).rejects.toThrow("Result not found");
    await expect(owner.caller.attempts.historyItem({ attemptId: 999_999 })).rejects.toThrow("Result not found");
    const open = await owner.caller.attempts.start({ id: testIds.eq });
    expect(await codeOf(owner.caller.attempts.historyItem({ attemptId: open.id }))).toBe("NOT_FOUND");

    const viaRest = await rest(`/user/test-history/${second.id}`, { cookie: owner.cookie });
    expect(viaRest.status).toBe(200);
    expect((await viaRest.json()) as { id: number; test: { title: string } }).toMatchObject({
      id: second.id,
      test: { title: item.test.title },
    });
    const notYours = await rest(`/user/test-history/${second.id}`, { cookie: other.cookie });
    expect(notYours.status).toBe(404);
    expect(((await notYours.json()) as { message: string }).message).toBe("Result not found");
    expect((await rest(`/user/test-history/${second.id}`)).status).toBe(401);
  });
});
