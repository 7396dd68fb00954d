import { describe, expect, it } from "vitest";
import { scoreAttempt } from "../scoring";
import { administer } from "../simulation/administer";
import { realSliderWorld } from "../simulation/real-bank";
import { answerItem, iqAnswer, iqWorld, person, sliderWorld } from "../simulation/world";
import { IQ_MIN_PER_FAMILY, itemBudget } from "./budget";
import { estimatedTotal, nextQuestion } from "./next-question";

const plain = [1, 2, 3].map((id) => ({ id, type: "slider" }));

describe("nextQuestion", () => {
  it("keeps the fixed form for questions the engine cannot place (no scale): first unanswered, then null", () => {
    expect(nextQuestion("leadership", plain, {})).toEqual({ questionId: 1, answered: 0, estimatedTotal: 3 });
    expect(nextQuestion("leadership", plain, { "1": "4", "3": "2" })).toEqual({ questionId: 2, answered: 2, estimatedTotal: 3 });
    expect(
      nextQuestion(
        "leadership",
        plain,
        new Map([
          [1, "1"],
          [2, "2"],
          [3, "3"],
        ]),
      ),
    ).toEqual({
      questionId: null,
      answered: 3,
      estimatedTotal: 3,
    });
  });

  it.each(["leadership", "eq"] as const)(
    "%s: keeps each scale's answers balanced between agree-keyed and reversed statements while both are left",
    (type) => {
      // Real banks (two agree-keyed statements to one reversed): chosen by information alone, 65–80% of
      // a scale's answers were agree-keyed, and a habit of agreeing moved the estimates (decision 54).
      const world = realSliderWorld(type, 3);
      for (let i = 0; i < 20; i++) {
        const p = person(world);
        const answers = administer(type, world.questions, (j) => answerItem(world, world.truth[j]!, p));
        const sums = new Map<string, { sum: number; reversedLeft: number }>();
        for (const [j, item] of world.truth.entries()) {
          const entry = sums.get(item.scale) ?? { sum: 0, reversedLeft: 0 };
          if (answers[String(world.questions[j]!.id)] !== undefined) entry.sum += item.keying;
          else if (item.keying === -1) entry.reversedLeft += 1;
          sums.set(item.scale, entry);
        }
        for (const [scale, { sum, reversedLeft }] of sums) {
          // Never more than one answer ahead on either side while reversed statements are left.
          if (reversedLeft > 0) expect(Math.abs(sum), `${scale} of person ${i}`).toBeLessThanOrEqual(1);
        }
      }
    },
  );

  it.each(["leadership", "eq", "personality"] as const)(
    "%s: asks within the time budget, progress never moves backwards, and the attempt scores",
    (type) => {
      const world = sliderWorld(type, 11);
      for (let i = 0; i < 8; i++) {
        const p = person(world);
        const answers: Record<string, string> = {};
        let last = 0;
        for (;;) {
          const step = nextQuestion(type, world.questions, answers);
          expect(step.estimatedTotal).toBeGreaterThanOrEqual(step.answered);
          const progress = step.answered / step.estimatedTotal;
          expect(progress).toBeGreaterThanOrEqual(last);
          last = progress;
          if (step.questionId === null) break;
          expect(answers[String(step.questionId)]).toBeUndefined();
          const j = world.questions.findIndex((q) => q.id === step.questionId);
          answers[String(step.questionId)] = answerItem(world, world.truth[j]!, p);
        }
        expect(last).toBe(1);
        expect(Object.keys(answers).length).toBeLessThanOrEqual(itemBudget(type));
        const result = scoreAttempt(type, world.questions, answers);
        expect((result.resultData as { quality: { flags: string[] } }).quality.flags).not.toContain("incomplete");
      }
    },
  );

  it("slows the bar down for an attempt that runs past the typical length, instead of showing 100% early", () => {
    // Leadership's figures: about 75 questions typically, at most 90. The page shows question answered + 1 of M.
    const [typical, budget] = [75, 90];
    let last = 0;
    for (let answered = 0; answered < budget; answered++) {
      const m = estimatedTotal(typical, answered, false, budget);
      const shown = (answered + 1) / m;
      expect(shown).toBeGreaterThanOrEqual(last);
      // Below 100% while at least two more questions may come.
      if (answered + 2 < budget) expect(shown).toBeLessThan(1);
      last = shown;
    }
    expect(estimatedTotal(typical, 40, false, budget)).toBe(typical);
    expect(estimatedTotal(typical, 80, true, budget)).toBe(80);
  });

  it("every scale gets its minimum before the engine concentrates", () => {
    const world = sliderWorld("leadership", 3);
    const p = person(world);
    const answers = administer("leadership", world.questions, (j) => answerItem(world, world.truth[j]!, p));
    const perScale = new Map<string, number>();
    for (const id of Object.keys(answers)) {
      const scale = world.questions.find((q) => String(q.id) === id)!.scoring!.scale!;
      perScale.set(scale, (perScale.get(scale) ?? 0) + 1);
    }
    expect(perScale.size).toBe(6);
    for (const n of perScale.values()) expect(n).toBeGreaterThanOrEqual(6);
  });

  it("the simulation's incremental administration asks exactly what nextQuestion asks", () => {
    const world = iqWorld(5);
    const answers: Record<string, string> = {};
    for (;;) {
      const step = nextQuestion("iq", world.questions, answers);
      if (step.questionId === null) break;
      answers[String(step.questionId)] = iqAnswer(world, Number(step.questionId) - 1, 1.5);
    }
    const replay = iqWorld(5);
    const incremental = administer("iq", replay.questions, (j) => iqAnswer(replay, j, 1.5));
    expect(incremental).toEqual(answers);
    expect(Object.keys(answers).length).toBeLessThanOrEqual(itemBudget("iq"));
  });

  it("asks every reasoning family at least its minimum, for an able and a struggling taker alike", () => {
    for (const theta of [2.5, -1.5]) {
      const world = iqWorld(6);
      const answers = administer("iq", world.questions, (j) => iqAnswer(world, j, theta));
      const families = new Map<string, number>();
      for (const id of Object.keys(answers)) {
        const family = String(world.questions[Number(id) - 1]!.scoring?.domain);
        families.set(family, (families.get(family) ?? 0) + 1);
      }
      expect(families.size).toBe(3);
      for (const n of families.values()) expect(n).toBeGreaterThanOrEqual(IQ_MIN_PER_FAMILY);
    }
  });

  it("a client that answers every question in order still completes with a valid result", () => {
    const world = sliderWorld("eq", 4);
    const p = person(world);
    const answers: Record<string, string> = {};
    world.questions.forEach((q, j) => {
      answers[String(q.id)] = answerItem(world, world.truth[j]!, p);
    });
    expect(nextQuestion("eq", world.questions, answers)).toMatchObject({ questionId: null, answered: 110, estimatedTotal: 110 });
    const result = scoreAttempt("eq", world.questions, answers);
    expect(result.resultData).toMatchObject({ answered: 110, quality: { flags: [] } });
  });

  it("reasoning: answers given in the order offered keep the adaptive path; answers to questions of the client's own choosing turn it into the fixed form", () => {
    const world = iqWorld(7);
    const answers: Record<string, string> = {};
    const order: string[] = [];
    for (;;) {
      const step = nextQuestion("iq", world.questions, answers, { order });
      if (step.questionId === null) break;
      order.push(String(step.questionId));
      answers[String(step.questionId)] = iqAnswer(world, Number(step.questionId) - 1, 1.5);
    }
    // The same questions as without the check, and done within the budget.
    const replay = iqWorld(7);
    expect(administer("iq", replay.questions, (j) => iqAnswer(replay, j, 1.5))).toEqual(answers);
    expect(nextQuestion("iq", world.questions, answers, { order })).toMatchObject({ questionId: null, answered: order.length });

    // The budget's worth of the easiest items, answered right without being offered, does not end the test.
    const easiest = [...world.questions].sort((x, y) => x.scoring!.irt!.b - y.scoring!.irt!.b).slice(0, itemBudget("iq"));
    const chosen = Object.fromEntries(easiest.map((q) => [String(q.id), q.correctAnswer!]));
    const step = nextQuestion("iq", world.questions, chosen, { order: easiest.map((q) => q.id) });
    expect(step.estimatedTotal).toBe(world.questions.length);
    expect(step.questionId).toBe(world.questions.find((q) => chosen[String(q.id)] === undefined)!.id);
    // Answering the whole list in order, as the spec's flow does, completes.
    const all = Object.fromEntries(world.questions.map((q, j) => [String(q.id), iqAnswer(world, j, 0)]));
    expect(nextQuestion("iq", world.questions, all, { order: world.questions.map((q) => q.id) })).toMatchObject({ questionId: null });
  });
});
