import { describe, expect, it } from "vitest";
import { flowReducer, initialFlow, positionOf, positionText, type FlowState, type Step } from "./flow-state";

type A = { id: number; completedAt: Date | null };
const attempt = (step: Step, answers: [number, string][] = [], completedAt: Date | null = null) => ({
  id: 7,
  completedAt,
  ...step,
  answers: answers.map(([questionId, answer]) => ({ questionId, answer })),
});
const q = (id: number) => ({ id });

/** Answers the question on screen with "4" and applies what the server said. */
function answer(state: FlowState<A>, step: Step): FlowState<A> {
  return flowReducer(state, { type: "saved", questionId: state.shown[state.index]!, answer: "4", step });
}

describe("the taking flow reducer", () => {
  it("starts at the question the server names and says 'Question 1 of M' for a fixed form", () => {
    const s = flowReducer(initialFlow<A>(), { type: "loaded", attempt: attempt({ next: q(11), answered: 0, estimatedTotal: 3 }) });
    expect(s).toMatchObject({ phase: "questions", shown: [11], index: 0 });
    const p = positionOf(s, 3);
    expect(positionText(p)).toBe("Question 1 of 3");
    expect(p).toMatchObject({ percent: 33, last: false, approximate: false });
  });

  it("follows `next`, says Finish on the expected last question and asks to complete when next is null", () => {
    let s = flowReducer(initialFlow<A>(), { type: "loaded", attempt: attempt({ next: q(11), answered: 0, estimatedTotal: 3 }) });
    s = answer(s, { next: q(12), answered: 1, estimatedTotal: 3 });
    s = answer(s, { next: q(13), answered: 2, estimatedTotal: 3 });
    expect(positionOf(s, 3)).toMatchObject({ n: 3, last: true, percent: 100 });
    s = answer(s, { next: null, answered: 3, estimatedTotal: 3 });
    expect(s.readyToComplete).toBe(true);
    s = flowReducer(s, { type: "completed", attempt: { completedAt: new Date("2026-11-26T10:00:00Z") } });
    expect(s.phase).toBe("results");
    expect(s.attempt).toMatchObject({ id: 7, completedAt: new Date("2026-11-26T10:00:00Z") });
  });

  it("says 'of about M' when the server's estimate is not the bank's size, and the bar never moves backwards when it grows", () => {
    let s = flowReducer(initialFlow<A>(), { type: "loaded", attempt: attempt({ next: q(1), answered: 0, estimatedTotal: 10 }) });
    const seen: number[] = [positionOf(s, 60).percent];
    const estimates = [10, 14, 20, 20, 18, 18, 25];
    for (const [i, estimatedTotal] of estimates.entries()) {
      s = answer(s, { next: q(i + 2), answered: i + 1, estimatedTotal });
      seen.push(positionOf(s, 60).percent);
    }
    expect(positionText(positionOf(s, 60))).toBe("Question 8 of about 25");
    for (let i = 1; i < seen.length; i += 1) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]!);
    // Question 7 of about 18 showed 39%; the estimate growing to 25 would put question 8 at 32%: the bar stays at 39%.
    expect(seen.at(-2)).toBe(39);
    expect(seen.at(-1)).toBe(39);
  });

  it("goes back over the questions shown without a call or a lower bar; re-answering moves on to the one that followed", () => {
    let s = flowReducer(initialFlow<A>(), { type: "loaded", attempt: attempt({ next: q(5), answered: 0, estimatedTotal: 4 }) });
    s = answer(s, { next: q(9), answered: 1, estimatedTotal: 4 });
    s = answer(s, { next: q(2), answered: 2, estimatedTotal: 4 });
    const before = positionOf(s, 4).percent;
    s = flowReducer(s, { type: "back" });
    s = flowReducer(s, { type: "back" });
    expect(s.shown[s.index]).toBe(5);
    expect(positionOf(s, 4)).toMatchObject({ n: 1, percent: before, last: false });
    expect(flowReducer(s, { type: "back" })).toBe(s);
    s = flowReducer(s, { type: "saved", questionId: 5, answer: "1", step: { next: q(2), answered: 2, estimatedTotal: 4 } });
    expect(s.shown[s.index]).toBe(9);
    expect(s.answers[5]).toBe("1");
    expect(s.readyToComplete).toBe(false);
  });

  it("resumes after the saved answers at the server's next question, or on the last one when all are answered", () => {
    const resumed = flowReducer(initialFlow<A>(), {
      type: "loaded",
      attempt: attempt({ next: q(3), answered: 2, estimatedTotal: 4 }, [
        [1, "2"],
        [2, "5"],
      ]),
    });
    expect(resumed).toMatchObject({ shown: [1, 2, 3], index: 2, answers: { 1: "2", 2: "5" } });
    expect(positionText(positionOf(resumed, 4))).toBe("Question 3 of 4");
    const done = flowReducer(initialFlow<A>(), {
      type: "loaded",
      attempt: attempt({ next: null, answered: 2, estimatedTotal: 2 }, [
        [1, "2"],
        [2, "5"],
      ]),
    });
    expect(done).toMatchObject({ index: 1, phase: "questions" });
    expect(positionOf(done, 2)).toMatchObject({ n: 2, last: true });
  });

  it("shows a completed attempt's results", () => {
    const s = flowReducer(initialFlow<A>(), {
      type: "loaded",
      attempt: attempt({ next: null, answered: 1, estimatedTotal: 1 }, [[1, "3"]], new Date()),
    });
    expect(s.phase).toBe("results");
  });
});
