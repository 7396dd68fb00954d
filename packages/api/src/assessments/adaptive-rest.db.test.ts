import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, isNull, schema, seedContent, type DbHandle } from "@coach/db";
import { createTestDb, testDbDriver } from "@coach/db/testing";
import { createUser } from "../testing";
import { handleRestRequest } from "../http/rest";
import { MAX_LATENCY_MS, REASONING_ANSWER_FINAL_MESSAGE, RETIRED_QUESTION_MESSAGE } from "./taking";

let handle: DbHandle;
const testIds = {} as Record<schema.TestType, number>;

beforeAll(async () => {
  handle = await createTestDb();
  await seedContent(handle.db);
  for (const t of await handle.db.select().from(schema.tests)) testIds[t.type] = t.id;
});
afterAll(async () => handle?.close());

const rest = (path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) =>
  handleRestRequest(
    new Request(`http://localhost:3000/api${path}`, {
      ...init,
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      headers: {
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.json === undefined ? {} : { "content-type": "application/json" }),
      },
    }),
    { db: handle.db },
  );

type Question = {
  id: number;
  testId: number;
  text: string;
  order: number;
  type: string;
  options: string[] | null;
  imageUrl: string | null;
};
type Step = { next: Question | null; answered: number; estimatedTotal: number };

const questionsInUse = (type: schema.TestType) =>
  handle.db
    .select()
    .from(schema.questions)
    .where(and(eq(schema.questions.testId, testIds[type]), isNull(schema.questions.retiredAt)))
    .orderBy(asc(schema.questions.order));

async function begin(type: schema.TestType) {
  const { cookie } = await createUser(handle.db);
  const started = await rest(`/tests/${testIds[type]}/start`, { method: "POST", cookie });
  expect(started.status).toBe(200);
  return { cookie, attempt: (await started.json()) as { id: number } & Step };
}

const answer = (cookie: string, attemptId: number, body: Record<string, unknown>) =>
  rest(`/tests/attempts/${attemptId}/responses`, { method: "POST", cookie, json: body });

describe(`the adaptive taking contract over REST on ${testDbDriver()}`, () => {
  it("start answers the first question to show; each saved answer says what comes next; following `next` to null completes", async () => {
    const { cookie, attempt } = await begin("leadership");
    const shown = (await (await rest(`/tests/${testIds.leadership}`, { cookie })).json()) as { questions: Question[] };
    expect(attempt).toMatchObject({ answered: 0, estimatedTotal: expect.any(Number) });
    expect(attempt.estimatedTotal).toBeGreaterThan(0);
    // `next` is the full question, exactly as GET /tests/{id} gives it.
    expect(shown.questions).toContainEqual(attempt.next);

    let step: Step = attempt;
    let lastProgress = 0;
    while (step.next) {
      const response = await answer(cookie, attempt.id, { questionId: step.next.id, answer: "4", latencyMs: 2_500 });
      expect(response.status).toBe(200);
      const body = (await response.json()) as Step & { id: number; attemptId: number; questionId: number; answer: string };
      // The spec's fields stay.
      expect(body).toMatchObject({ attemptId: attempt.id, questionId: step.next.id, answer: "4", id: expect.any(Number) });
      expect(body.answered).toBe(step.answered + 1);
      expect(body.estimatedTotal).toBeGreaterThanOrEqual(body.answered);
      lastProgress = Math.max(lastProgress, body.answered / body.estimatedTotal);
      step = body;
      expect(step.answered).toBeLessThanOrEqual(shown.questions.length);
    }
    expect(lastProgress).toBe(1);
    const completed = await rest(`/tests/attempts/${attempt.id}/complete`, { method: "POST", cookie });
    expect(completed.status).toBe(200);
    expect(((await completed.json()) as { resultType: string | null; completedAt: string }).completedAt).toEqual(expect.any(String));
  });

  it("a retake after a measured result asks every scale up to the budget, so the change since then can be judged", async () => {
    const items = await questionsInUse("leadership");
    const byId = new Map(items.map((q) => [q.id, q]));
    // A consistent person who clearly coaches most: the first attempt settles the verdict early.
    const consistent = (id: number) => {
      const q = byId.get(id)!;
      const level = q.scoring?.scale === "coaching" ? 5 : 2;
      const reversed = (q.scoring?.keying ?? (q.scoring?.reverse ? -1 : 1)) === -1;
      return String(reversed ? 6 - level : level);
    };
    const takeAll = async (cookie: string, attempt: { id: number } & Step) => {
      let step: Step = attempt;
      while (step.next)
        step = (await (await answer(cookie, attempt.id, { questionId: step.next.id, answer: consistent(step.next.id) })).json()) as Step;
      const completed = await rest(`/tests/attempts/${attempt.id}/complete`, { method: "POST", cookie });
      expect(completed.status).toBe(200);
      return { answered: step.answered, result: (await completed.json()) as { resultData: { quality: { flags: string[] } } } };
    };
    const { cookie, attempt } = await begin("leadership");
    const first = await takeAll(cookie, attempt);
    expect(first.result.resultData.quality.flags).toEqual([]);
    expect(first.answered).toBeLessThan(items.length);

    const retake = (await (await rest(`/tests/${testIds.leadership}/start`, { method: "POST", cookie })).json()) as { id: number } & Step;
    expect(retake.estimatedTotal).toBe(items.length); // the bank (90) is within the 12-minute budget (94)
    expect((await takeAll(cookie, retake)).answered).toBe(items.length);
  });

  it("stores the latency the client measured, clamped to a sane range; refuses one that is not a number", async () => {
    const { cookie, attempt } = await begin("eq");
    const [first, second, third] = await questionsInUse("eq");
    expect((await answer(cookie, attempt.id, { questionId: first!.id, answer: "2", latencyMs: 3_141.6 })).status).toBe(200);
    expect((await answer(cookie, attempt.id, { questionId: second!.id, answer: "2", latencyMs: -40 })).status).toBe(200);
    expect((await answer(cookie, attempt.id, { questionId: third!.id, answer: "2", latencyMs: 99_000_000 })).status).toBe(200);
    const bad = await answer(cookie, attempt.id, { questionId: third!.id, answer: "2", latencyMs: "soon" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/latencyMs must be a number of milliseconds/);
    const stored = await handle.db
      .select()
      .from(schema.responses)
      .where(eq(schema.responses.attemptId, attempt.id))
      .orderBy(asc(schema.responses.id));
    expect(stored.map((r) => r.latencyMs)).toEqual([3_142, 0, MAX_LATENCY_MS]);
    // Without it (the spec's body), the answer is saved with no latency.
    const [, , , fourth] = await questionsInUse("eq");
    expect((await answer(cookie, attempt.id, { questionId: fourth!.id, answer: "5" })).status).toBe(200);
    const [row] = await handle.db
      .select()
      .from(schema.responses)
      .where(and(eq(schema.responses.attemptId, attempt.id), eq(schema.responses.questionId, fourth!.id)));
    expect(row!.latencyMs).toBeNull();
  });

  it("resumes with the answers in the order they were given, so Previous goes back over them as they were asked", async () => {
    const { cookie, attempt } = await begin("eq");
    const [first, , third] = await questionsInUse("eq");
    await answer(cookie, attempt.id, { questionId: third!.id, answer: "2" });
    await answer(cookie, attempt.id, { questionId: first!.id, answer: "4" });
    await answer(cookie, attempt.id, { questionId: third!.id, answer: "5" });
    const again = (await (await rest(`/tests/${testIds.eq}/start`, { method: "POST", cookie })).json()) as Step & {
      id: number;
      answers: { questionId: number; answer: string }[];
    };
    expect(again.id).toBe(attempt.id);
    expect(again.answers).toEqual([
      { questionId: third!.id, answer: "5" },
      { questionId: first!.id, answer: "4" },
    ]);
    expect(again.answered).toBe(2);
  });

  it("refuses to complete while the attempt is not done, with a 400 that says how many remain", async () => {
    const { cookie, attempt } = await begin("personality");
    const response = await answer(cookie, attempt.id, { questionId: attempt.next!.id, answer: "4" });
    const step = (await response.json()) as Step;
    expect(step.next).not.toBeNull();
    const refused = await rest(`/tests/attempts/${attempt.id}/complete`, { method: "POST", cookie });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      `Please answer every question before finishing (${step.estimatedTotal - step.answered} still unanswered).`,
    );
  });

  it("refuses an answer to another test's question or to a retired one (400), and no longer shows the retired one", async () => {
    const { cookie, attempt } = await begin("personality");
    const [iqQuestion] = await questionsInUse("iq");
    const other = await answer(cookie, attempt.id, { questionId: iqQuestion!.id, answer: iqQuestion!.options![0] });
    expect(other.status).toBe(400);
    expect(((await other.json()) as { message: string }).message).toBe("That question is not part of this test.");

    const [first, second] = await questionsInUse("personality");
    await handle.db.update(schema.questions).set({ retiredAt: new Date() }).where(eq(schema.questions.id, second!.id));
    try {
      const retired = await answer(cookie, attempt.id, { questionId: second!.id, answer: "3" });
      expect(retired.status).toBe(400);
      expect(((await retired.json()) as { message: string }).message).toBe(RETIRED_QUESTION_MESSAGE);
      const shown = (await (await rest(`/tests/${testIds.personality}`, { cookie })).json()) as { questions: Question[] };
      expect(shown.questions.map((q) => q.id)).not.toContain(second!.id);
      expect(shown.questions.map((q) => q.id)).toContain(first!.id);
      const items = (await (await rest(`/tests/${testIds.personality}/items`)).json()) as { items: { questionId: number }[] };
      expect(items.items.map((i) => i.questionId)).not.toContain(second!.id);
      // The flow never offers it either.
      const step = (await (await answer(cookie, attempt.id, { questionId: first!.id, answer: "3" })).json()) as Step;
      expect(step.next?.id).not.toBe(second!.id);
    } finally {
      await handle.db.update(schema.questions).set({ retiredAt: null }).where(eq(schema.questions.id, second!.id));
    }
  });
});

describe(`GET /tests/{id}/items on ${testDbDriver()}`, () => {
  type Item = {
    questionId: number;
    key: string;
    scale: string | null;
    keying: 1 | -1 | null;
    grm: unknown;
    irt: { a: number; b: number } | null;
    basedOn: number;
  };

  it("publishes every leadership item in use with its scale and keying, to anyone", async () => {
    const response = await rest(`/tests/${testIds.leadership}/items`);
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: Item[] };
    const stored = await questionsInUse("leadership");
    expect(items.map((i) => i.questionId)).toEqual(stored.map((q) => q.id));
    for (const [i, item] of items.entries()) {
      const q = stored[i]!;
      expect(item).toMatchObject({ key: q.key, scale: q.scoring!.scale, basedOn: 0 });
      expect(item.keying).toBe(q.scoring!.keying ?? (q.scoring!.reverse ? -1 : 1));
    }
    expect(new Set(items.map((i) => i.keying))).toEqual(new Set([1, -1]));
  });

  it("publishes personality keying toward the axis's second pole", async () => {
    const { items } = (await (await rest(`/tests/${testIds.personality}/items`)).json()) as { items: Item[] };
    const stored = new Map((await questionsInUse("personality")).map((q) => [q.id, q]));
    for (const item of items) {
      const q = stored.get(item.questionId)!;
      const towardSecond = q.scoring!.keying ? q.scoring!.keying === 1 : q.scoring!.rightPole === q.scoring!.scale![1];
      expect(item.keying).toBe(towardSecond ? 1 : -1);
    }
  });

  it("gives IQ items without correct answers, provisional until a calibration, then the calibrated parameters and its N", async () => {
    const first = await rest(`/tests/${testIds.iq}/items`);
    const text = await first.text();
    expect(text).not.toMatch(/correctAnswer/);
    const stored = await questionsInUse("iq");
    for (const q of stored) if (q.correctAnswer) expect(text).not.toContain(JSON.stringify(q.correctAnswer));
    const before = (JSON.parse(text) as { items: Item[] }).items;
    expect(before.every((i) => i.basedOn === 0 && i.irt !== null && i.keying === null)).toBe(true);

    const fitted = stored.slice(0, 3).map((q, i) => ({ id: String(q.id), a: 1.1 + i, b: -0.5 + i, c: 0.2 }));
    await handle.db.insert(schema.testCalibrations).values({
      testId: testIds.iq,
      n: 321,
      calibration: {
        kind: "calibrated",
        n: 321,
        date: new Date().toISOString(),
        items: fitted,
        information: [],
        iterations: 10,
        converged: true,
      },
    });
    const after = ((await (await rest(`/tests/${testIds.iq}/items`)).json()) as { items: Item[] }).items;
    const byId = new Map(after.map((i) => [i.questionId, i]));
    expect(byId.get(stored[0]!.id)).toMatchObject({ irt: { a: 1.1, b: -0.5, c: 0.2 }, basedOn: 321 });
    expect(byId.get(stored[2]!.id)).toMatchObject({ irt: { a: 3.1, b: 1.5 }, basedOn: 321 });
    // Items the calibration did not cover keep their provisional parameters.
    expect(byId.get(stored[3]!.id)!.basedOn).toBe(0);
  });

  it("answers 404 for an unknown test and 400 for an id that is not one", async () => {
    const missing = await rest("/tests/999999/items");
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe("The requested test could not be loaded or doesn't exist.");
    expect((await rest("/tests/abc/items")).status).toBe(400);
  });
});

describe(`what a client cannot get out of the taking flow on ${testDbDriver()}`, () => {
  it("reasoning: a saved answer is final, so trying each option and watching `next` tells nothing", async () => {
    const { cookie, attempt } = await begin("iq");
    const items = new Map((await questionsInUse("iq")).map((q) => [q.id, q]));
    const first = items.get(attempt.next!.id)!;
    const wrong = first.options!.find((o) => o !== first.correctAnswer)!;
    const saved = (await (await answer(cookie, attempt.id, { questionId: first.id, answer: wrong })).json()) as Step;
    for (const option of first.options!.filter((o) => o !== wrong)) {
      const changed = await answer(cookie, attempt.id, { questionId: first.id, answer: option });
      expect(changed.status).toBe(409);
      expect(((await changed.json()) as { message: string }).message).toBe(REASONING_ANSWER_FINAL_MESSAGE);
    }
    // The same answer again (Previous, then the same option) is still accepted and shows the same next question.
    const again = await answer(cookie, attempt.id, { questionId: first.id, answer: wrong });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Step).next?.id).toBe(saved.next?.id);
  });

  it("reasoning: answering the easiest questions without being offered them does not end the test at its budget", async () => {
    const { cookie, attempt } = await begin("iq");
    const items = await questionsInUse("iq");
    const easiest = [...items].sort((x, y) => x.scoring!.irt!.b - y.scoring!.irt!.b).slice(0, 22);
    let step: Step = attempt;
    for (const q of easiest)
      step = (await (await answer(cookie, attempt.id, { questionId: q.id, answer: q.correctAnswer! })).json()) as Step;
    expect(step.next).not.toBeNull();
    expect(step.estimatedTotal).toBe(items.length);
    const refused = await rest(`/tests/attempts/${attempt.id}/complete`, { method: "POST", cookie });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Please answer every question before finishing/);
  });

  it("answers sent faster than anyone can read them are flagged careless and name no verdict", async () => {
    const verdictWith = async (latencyMs: number) => {
      const { cookie, attempt } = await begin("leadership");
      const items = new Map((await questionsInUse("leadership")).map((q) => [q.id, q]));
      let step: Step = attempt;
      while (step.next) {
        const q = items.get(step.next.id)!;
        const level = q.scoring?.scale === "visionary" ? 5 : 2;
        const value = String((q.scoring?.keying ?? (q.scoring?.reverse ? -1 : 1)) === -1 ? 6 - level : level);
        step = (await (await answer(cookie, attempt.id, { questionId: q.id, answer: value, latencyMs })).json()) as Step;
      }
      const done = (await (await rest(`/tests/attempts/${attempt.id}/complete`, { method: "POST", cookie })).json()) as {
        resultType: string | null;
        resultData: { quality: { flags: string[] } };
      };
      return { flags: done.resultData.quality.flags, resultType: done.resultType };
    };
    expect(await verdictWith(3_000)).toMatchObject({ flags: [] });
    const hurried = await verdictWith(150);
    expect(hurried.flags).toContain("careless");
    expect(hurried.resultType).not.toBe("visionary");
  });

  it("two starts at once (a double-clicked Begin) open one attempt", async () => {
    const { cookie } = await createUser(handle.db);
    const starts = await Promise.all([1, 2, 3].map(() => rest(`/tests/${testIds.eq}/start`, { method: "POST", cookie })));
    const ids = await Promise.all(starts.map(async (r) => ((await r.json()) as { id: number }).id));
    expect(new Set(ids).size).toBe(1);
  });
});
