import { describe, expect, it, vi } from "vitest";
import { INSTRUMENTS, scoreAttempt, type InstrumentType } from "@coach/assessments";
import { changeWords, readChange } from "./change-words";
import { resultView } from "./result-view";

// The guard throws outside React Server Components; these tests run the server module in Node.
vi.mock("server-only", () => ({}));
const { assessmentCopy } = await import("./copy.server");
const copy = assessmentCopy();

/** Scores answers for an instrument with the real scorer, as the API does on completion. */
function scored(type: InstrumentType, answer: (q: (typeof INSTRUMENTS)[number]["questions"][number], i: number) => string) {
  const instrument = INSTRUMENTS.find((i) => i.type === type)!;
  const questions = instrument.questions.map((q, i) => ({
    id: i + 1,
    type: q.type,
    options: q.options,
    correctAnswer: q.correctAnswer,
    scoring: q.scoring,
  }));
  const answers = Object.fromEntries(instrument.questions.map((q, i) => [String(i + 1), answer(q, i)]));
  const result = scoreAttempt(type, questions, answers);
  return {
    testType: type,
    score: result.score,
    resultType: result.resultType,
    resultSummary: result.resultSummary,
    resultData: result.resultData as Record<string, unknown>,
  };
}
const varied = (q: { type: string; options?: string[]; correctAnswer?: string }, i: number) =>
  q.type === "slider" ? String(((i * 7) % 5) + 1) : i % 3 === 0 ? q.options![1]! : q.correctAnswer!;

describe("resultView", () => {
  it("EQ without a clear leader lists the same domains within error as the scorer's own summary", () => {
    const result = scored("eq", varied);
    const view = resultView(result, copy);
    expect(view.headline).toBe("No clear strongest domain");
    const verdict = view.verdicts.find((v) => v.startsWith("No clear strongest domain: "))!;
    const listed = verdict.replace("No clear strongest domain: ", "").replace(" are within measurement error of each other.", "");
    // The scorer words the same finding as "No single strongest domain: … are within measurement error".
    expect(result.resultSummary).toContain(`No single strongest domain: ${listed} are within measurement error of each other.`);
    for (const row of view.scales) {
      expect(row.low).toBeLessThanOrEqual(row.value);
      expect(row.high).toBeGreaterThanOrEqual(row.value);
      expect(row.aria).toMatch(new RegExp(`^${row.label}: ${row.value} out of 100, 90% range ${row.low} to ${row.high}$`));
    }
  });

  it("leadership names a primary style only when it is clear, and lists the styles within error otherwise", () => {
    const clear = scored("leadership", (q) =>
      q.scoring?.scale === "visionary" ? (q.scoring.reverse ? "1" : "5") : q.scoring?.reverse ? "4" : "2",
    );
    expect(resultView(clear, copy).verdicts).toEqual([
      "Primary style: Visionary, higher than every other style by more than measurement error.",
    ]);
    const open = resultView(scored("leadership", varied), copy);
    expect(open.headline).toBe("No single dominant style");
    expect(open.verdicts[0]).toMatch(/^No single dominant style: Visionary, .+ are within measurement error of each other\.$/);
  });

  it("straight-lining gives no verdict and says why in plain words", () => {
    const view = resultView(
      scored("leadership", () => "4"),
      copy,
    );
    expect(view.headline).toBe("No verdict");
    expect(view.quality.join(" ")).toMatch(/Almost all of the answers were the same point on the scale/);
  });

  it("IQ: a full score is 'at least', a guessing-level score is not a measurement, the norm is named", () => {
    const top = resultView(
      scored("iq", (q) => q.correctAnswer!),
      copy,
    );
    expect(top.verdicts[0]).toMatch(/^IQ estimate \d+ \(90% range: at least \d+\)\.$/);
    expect(top.normNote).toMatch(
      /^Provisional norm: the scale rests on assumed item difficulties; not yet compared with real test-takers\./,
    );
    const guess = resultView(
      scored("iq", (q) => q.options![0]!),
      copy,
    );
    expect(guess.headline).toBe("Not a measurement");
    expect(guess.subline).toBeNull();
    expect(guess.quality.join(" ")).toContain("not a measurement of reasoning ability");
    const middle = resultView(scored("iq", varied), copy);
    expect(middle.verdicts[0]).toMatch(/^IQ estimate (\d+) \(90% range (\d+)–(\d+)\)\.$/);
  });

  it("personality shows the type code with tentative letters as '-' and each letter's retest agreement in words", () => {
    const result = scored("personality", (q) =>
      q.scoring?.scale === "EI"
        ? q.scoring.leftPole === "I"
          ? "1"
          : "5"
        : q.scoring?.scale === "SN"
          ? q.scoring.leftPole === "S"
            ? "1"
            : "5"
          : "3",
    );
    const view = resultView(result, copy);
    expect(view.headline).toBe("IS--");
    const notes = view.scales.map((s) => s.note);
    expect(notes[0]).toBe("I (Introversion): a retake would give the same letter more than 99% of the time.");
    expect(notes[2]).toMatch(
      /^Shown as "-": leaning (Feeling|Thinking), but a retake would give the same letter only about 50% of the time/,
    );
  });
});

describe("changeWords", () => {
  const label = (k: string) => k;
  it("says whether a change exceeds measurement error, in words", () => {
    expect(changeWords(readChange({ delta: 6, rci: 0.5, reliable: false, scales: {} })!, label)).toBe(
      "up 6 points — within measurement error",
    );
    expect(changeWords(readChange({ delta: -14, rci: -2.4, reliable: true, scales: {} })!, label)).toBe(
      "down 14 points — a reliable change",
    );
    expect(changeWords(readChange({ delta: 0, rci: 0, reliable: false, scales: {} })!, label)).toBe("No change from your previous result");
    expect(readChange(null)).toBeNull();
  });

  it("personality names the dimensions that moved reliably", () => {
    const change = readChange({
      delta: null,
      rci: null,
      reliable: true,
      scales: { EI: { delta: 40, rci: 2.5, reliable: true }, SN: { delta: 3, rci: 0.2, reliable: false } },
    })!;
    expect(changeWords(change, label)).toBe("A reliable change on EI");
    expect(
      changeWords(readChange({ delta: null, rci: null, reliable: false, scales: { EI: { delta: 3, rci: 0.2, reliable: false } } })!, label),
    ).toBe("No dimension changed by more than measurement error");
  });
});
