/**
 * The reasoning test's prior (docs/decisions/0056): on the provisional norm an estimate starts from
 * the practice's takers, not the reference population, and the change test unshrinks each estimate
 * around the prior it was made under.
 */
import { describe, expect, it } from "vitest";
import { nextQuestion } from "../adaptive/next-question";
import { INSTRUMENTS } from "../instruments";
import { rng } from "../testing/simulate";
import { posterior, probability, STANDARD_NORMAL, toIq } from "../irt/model";
import { resultChange } from "./change";
import type { ScorableQuestion } from "./common";
import { IQ_PRIOR, keyedIqItems, scoreIq } from "./iq";

/** The written bank as the API loads it: with ids. */
const questions: ScorableQuestion[] = INSTRUMENTS.find((i) => i.type === "iq")!.questions.map((q) => ({
  id: q.order,
  type: q.type,
  options: q.options ?? null,
  correctAnswer: q.correctAnswer ?? null,
  scoring: q.scoring ?? null,
}));
const items = keyedIqItems(questions);
const wrongOption = (q: ScorableQuestion) => q.options!.find((o) => o !== q.correctAnswer)!;

/**
 * The adaptive test as a person of ability θ takes it: each answer right with the item's probability
 * (`random` draws), or, without draws, right exactly when that probability is at least 1/2.
 */
function take(theta: number, limit = Number.POSITIVE_INFINITY, random?: () => number): Record<string, string> {
  const answers: Record<string, string> = {};
  for (let n = 0; n < limit; n++) {
    const { questionId } = nextQuestion("iq", questions, answers);
    if (questionId === null) break;
    const it = items.find((i) => i.question.id === questionId)!;
    const right = random ? random() < probability(it.provisional, theta) : probability(it.provisional, theta) >= 0.5;
    answers[String(questionId)] = right ? it.question.correctAnswer! : wrongOption(it.question);
  }
  return answers;
}

describe("the reasoning test's prior", () => {
  it("pulls high scorers on the provisional norm less toward 100 than the reference population's prior", () => {
    const random = rng(56);
    const shown: number[] = [];
    const underPopulationPrior: number[] = [];
    for (let person = 0; person < 200; person++) {
      const answers = take(2, Number.POSITIVE_INFINITY, random); // IQ 130
      const result = scoreIq(questions, answers);
      expect(result.resultData.estimate.prior).toEqual(IQ_PRIOR.provisional);
      const asked = items.filter((i) => answers[String(i.question.id)] !== undefined);
      const responses = asked.map((i) => (answers[String(i.question.id)] === i.question.correctAnswer ? 1 : 0) as 0 | 1);
      shown.push(result.score);
      underPopulationPrior.push(
        toIq(
          posterior(
            asked.map((i) => i.provisional),
            responses,
            STANDARD_NORMAL,
          ).mean,
        ),
      );
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    // Both fall short of 130 on average (shrinkage); the practice's prior by less.
    expect(mean(shown)).toBeGreaterThan(mean(underPopulationPrior) + 1);
    expect(130 - mean(shown)).toBeLessThan(130 - mean(underPopulationPrior));
  });

  it("does not call an unchanged person changed when a short and a full attempt are compared", () => {
    for (const theta of [-0.5, 1, 2]) {
      const short = scoreIq(questions, take(theta, 12));
      const full = scoreIq(questions, take(theta));
      const change = resultChange("iq", short, full)!;
      expect(change.headline!.reliable, `θ ${theta}: ${short.score} → ${full.score}, rci ${change.headline!.rci}`).toBe(false);
    }
  });

  it("reads a result stored before the prior was recorded as made under Normal(0, 1)", () => {
    const full = scoreIq(questions, take(1));
    const stored = JSON.parse(JSON.stringify(full)) as typeof full;
    delete stored.resultData.estimate.prior;
    const withPrior = resultChange("iq", full, full)!;
    const withoutPrior = resultChange("iq", stored, full)!;
    expect(withPrior.headline!.rci).toBe(0);
    // The same estimate unshrunk around 0 instead of 0.5 lands further out: a (small) difference remains.
    expect(withoutPrior.headline!.rci).not.toBe(0);
    expect(withoutPrior.headline!.reliable).toBe(false);
  });
});
