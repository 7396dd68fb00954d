import { describe, expect, it, vi } from "vitest";
import { INSTRUMENTS, scoreAttempt, type InstrumentType } from "@coach/assessments";
import { changeWords, readChange } from "./change-words";
import { chanceInWords, chancesInWords, resultHeadline, resultView, validityWords } from "./result-view";

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
    resultData: result.resultData as unknown,
  };
}
/**
 * A consistent respondent: a level per scale (1–5, default 3), agreed with on keyed items and
 * mirrored on reversed ones, one step off on every fourth item, as genuine answers are.
 */
const trait =
  (levels: Record<string, number>) =>
  (
    q: {
      type: string;
      scoring?: { scale?: string; reverse?: boolean; keying?: number; leftPole?: string };
      options?: string[];
      correctAnswer?: string;
    },
    i: number,
  ) => {
    const level = levels[q.scoring?.scale ?? ""] ?? 3;
    const keyed = q.scoring?.reverse || q.scoring?.keying === -1 ? 6 - level : level;
    return String(Math.max(1, Math.min(5, keyed + (i % 4 === 0 ? (i % 8 === 0 ? 1 : -1) : 0))));
  };
const varied = (q: { type: string; options?: string[]; correctAnswer?: string }, i: number) =>
  q.type === "slider" ? String(((i * 7) % 5) + 1) : i % 3 === 0 ? q.options![1]! : q.correctAnswer!;

const CHANCE = "(?:about \\d+ in 10|about \\d+ in 100|more than 99 in 100)";

describe("resultView", () => {
  it("EQ without a named strongest domain lists the domains with a real chance, with the stored probabilities", () => {
    const result = scored("eq", trait({ selfAwareness: 4, empathy: 4, motivation: 3, selfRegulation: 3, socialSkills: 2 }));
    const view = resultView(result, copy);
    expect(view.headline).toBe("No clear strongest domain");
    const data = result.resultData as { probabilities: Record<string, number> };
    const listed = copy.eqCategories.filter((c) => data.probabilities[c.key]! >= 0.05);
    const verdict = view.verdicts.find((v) => v.startsWith("No clear strongest domain: "))!;
    const chances = chancesInWords(listed.map((c) => data.probabilities[c.key]!));
    listed.forEach((c, i) => expect(verdict).toContain(`${c.label} (${chances[i]})`));
    expect(verdict).toMatch(/each have a real chance of being your strongest\.$/);
    expect(view.actions.every((a) => !a.title.startsWith("Building on"))).toBe(true);
    for (const row of view.scales) {
      expect(row.low).toBeLessThanOrEqual(row.value);
      expect(row.high).toBeGreaterThanOrEqual(row.value);
      expect(row.aria).toMatch(new RegExp(`^${row.label}: ${row.value} out of 100, 90% range ${row.low} to ${row.high}$`));
    }
  });

  it("leadership names the primary and least-used styles with their probability in words and what to do about each", () => {
    const clear = resultView(
      scored("leadership", (q) =>
        q.scoring?.scale === "visionary"
          ? q.scoring.reverse
            ? "1"
            : "5"
          : q.scoring?.scale === "commanding"
            ? q.scoring.reverse
              ? "5"
              : "1"
            : q.scoring?.reverse
              ? "3"
              : "3",
      ),
      copy,
    );
    expect(clear.headline).toBe("Visionary");
    expect(clear.verdicts[0]).toMatch(
      new RegExp(`^Primary style: Visionary\\. Your answers make it ${CHANCE} that Visionary is the style you use most\\.$`),
    );
    expect(clear.verdicts[1]).toMatch(
      new RegExp(`^Least-used style: Commanding\\. Your answers make it ${CHANCE} that Commanding is the style you use least\\.$`),
    );
    expect(clear.actions.map((a) => a.title)).toEqual(["Making the most of Visionary", "When Commanding would help"]);
    const open = resultView(scored("leadership", trait({ visionary: 4, coaching: 4, democratic: 4 })), copy);
    expect(open.headline).toBe("No single dominant style");
    expect(open.verdicts[0]).toMatch(/^No single dominant style: .+ each have a real chance of being the style you use most\.$/);
  });

  it("a straight-lined or careless result is not a measurement: no verdict, no scores, the flag in words", () => {
    const flat = resultView(
      scored("leadership", () => "4"),
      copy,
    );
    expect(flat.headline).toBe("Not a measurement");
    expect(flat.invalid).toBe(true);
    expect(flat.scales).toEqual([]);
    expect(flat.quality.join(" ")).toMatch(/almost all of the answers were the same point on the scale/);
    const eq = scored("eq", trait({ empathy: 4 }));
    const careless = { ...eq, resultData: { ...(eq.resultData as object), quality: { flags: ["careless"] } } };
    expect(resultView(careless, copy).headline).toBe("Not a measurement");
    expect(resultHeadline(careless)).toBe("Not a measurement");
    expect(validityWords(careless)[0]).toMatch(/did not follow a consistent pattern/);
  });

  it("IQ: a full score is 'at least', a guessing-level score is never given a band, the norm is named", () => {
    const top = resultView(
      scored("iq", (q) => q.correctAnswer!),
      copy,
    );
    expect(top.verdicts[0]).toMatch(/^IQ estimate \d+ \(90% range: at least \d+\)\.$/);
    expect(top.normNote).toMatch(
      /^Provisional norm: the scale rests on assumed item difficulties; not yet compared with real test-takers\./,
    );
    const guessed = scored("iq", (q) => q.options!.find((o) => o !== q.correctAnswer)!);
    const guess = resultView(guessed, copy);
    expect(guess.headline).toBe("Not a measurement");
    expect(guess.subline).toBeNull();
    expect(JSON.stringify(guess)).not.toMatch(/Below Average|Low Average/);
    expect(resultHeadline(guessed)).toBe("Not a measurement");
    const middle = resultView(scored("iq", varied), copy);
    expect(middle.verdicts[0]).toMatch(/^IQ estimate (\d+) \(90% range (\d+)–(\d+)\)\.$/);
  });

  it("personality shows tentative letters as '-' and each letter's probability in words", () => {
    // Clear Introversion and Sensing; on the other two, each pole agreed with half the time.
    const result = scored("personality", (q, i) =>
      q.scoring?.scale === "EI"
        ? q.scoring.leftPole === "I"
          ? "1"
          : "5"
        : q.scoring?.scale === "SN"
          ? q.scoring.leftPole === "S"
            ? "1"
            : "5"
          : i % 2 === 0
            ? "2"
            : "4",
    );
    const view = resultView(result, copy);
    expect(view.headline).toMatch(/^IS[TF-][JP-]$/);
    expect(view.headline).toContain("-");
    const notes = view.scales.map((s) => s.note!);
    expect(notes[0]).toBe("I (Introversion): more than 99 in 100 that this is your true preference.");
    expect(notes.find((n) => n.startsWith("Shown as"))).toMatch(
      new RegExp(
        `^Shown as "-": leaning (Feeling|Thinking|Judging|Perceiving), ${CHANCE} that this is your true preference, which is not enough to name a letter\\.$`,
      ),
    );
  });

  it("a result stored by an earlier scorer keeps its headline and no view invents figures for it", () => {
    const view = resultView(
      { testType: "leadership", score: 70, resultType: "Visionary", resultSummary: "old", resultData: { styles: { visionary: 70 } } },
      copy,
    );
    expect(view.headline).toBe("Visionary");
    expect(view.scales).toEqual([]);
  });

  it("says where a score sits among the people who took it here, with N, and nothing when there is no reference or the result is flagged", () => {
    const eq = scored("eq", trait({ empathy: 4, motivation: 2 }));
    const reference = { n: 240, percentiles: { overall: 62, empathy: 81, motivation: 9 } };
    const view = resultView({ ...eq, reference }, copy);
    expect(view.facts).toContainEqual({
      label: "Among people who took it here",
      value: "Your score is higher than about 62 in 100 of the 240 people who took it here",
    });
    expect(view.scales.find((r) => r.key === "empathy")!.note).toBe(
      "Your score is higher than about 81 in 100 of the 240 people who took it here.",
    );
    expect(view.scales.find((r) => r.key === "selfAwareness")!.note).toBeUndefined();
    expect(resultView(eq, copy).facts.some((f) => f.label === "Among people who took it here")).toBe(false);
    const careless = { ...eq, reference, resultData: { ...(eq.resultData as object), quality: { flags: ["careless"] } } };
    expect(JSON.stringify(resultView(careless, copy))).not.toMatch(/in 100 of the/);
  });

  it("no view speaks of where a retake would fall", () => {
    for (const type of ["eq", "leadership", "personality", "iq"] as const) {
      expect(JSON.stringify(resultView(scored(type, varied), copy))).not.toMatch(/retake would/);
    }
  });

  it("words probabilities a client understands, never as a certainty", () => {
    expect(chanceInWords(0.62)).toBe("about 6 in 10");
    // Near the naming threshold (9 in 10) an unnamed verdict's chance is not rounded up to it.
    expect(chanceInWords(0.87)).toBe("about 87 in 100");
    expect(chanceInWords(0.92)).toBe("about 92 in 100");
    expect(chanceInWords(0.97)).toBe("about 97 in 100");
    expect(chanceInWords(0.999)).toBe("more than 99 in 100");
    expect(chanceInWords(0.02)).toBe("less than 1 in 10");
  });

  it("words the chances of several contenders so they never add up to more than the whole", () => {
    // Each rounds to 5, 5 and 1 alone: 11 in 10. Equal chances read the same.
    expect(chancesInWords([0.45, 0.45, 0.1])).toEqual(["about 4 in 10", "about 4 in 10", "about 1 in 10"]);
    expect(chancesInWords([0.35, 0.35, 0.25, 0.05])).toEqual(["about 3 in 10", "about 3 in 10", "about 2 in 10", "about 1 in 10"]);
    // Near the naming threshold, in hundredths like chanceInWords, every part of the list alike.
    expect(chancesInWords([0.875, 0.125])).toEqual(["about 88 in 100", "about 12 in 100"]);
    expect(chancesInWords([0.9, 0.06, 0.04])).toEqual(["about 90 in 100", "about 6 in 100", "about 4 in 100"]);
    for (let seed = 1; seed <= 200; seed++) {
      const raw = Array.from({ length: 2 + (seed % 4) }, (_, i) => ((seed * 7919 + i * 104729) % 97) + 5);
      const total = raw.reduce((s, x) => s + x, 0);
      const ps = raw.map((x) => Math.round((x / total) * 100) / 100);
      const words = chancesInWords(ps);
      const unit = words[0]!.endsWith("in 100") ? 100 : 10;
      expect(words.every((w) => w.endsWith(`in ${unit}`))).toBe(true);
      // "less than 1 in 10" counts as nothing.
      const shown = words.map((w) => Number(/about (\d+) in/.exec(w)?.[1] ?? 0));
      expect(shown.reduce((s, n) => s + n, 0)).toBeLessThanOrEqual(Math.max(unit, shown.length));
      // The same chances in another order read the same.
      const reversed = chancesInWords([...ps].reverse()).reverse();
      expect(reversed).toEqual(words);
      ps.forEach((p, i) => ps.forEach((q, j) => p === q && expect(words[i]).toBe(words[j])));
    }
  });
});

describe("changeWords", () => {
  const label = (k: string) => k;
  it("says whether a change exceeds measurement error, in words", () => {
    expect(changeWords(readChange({ delta: 6, rci: 0.5, reliable: false, scales: {} })!, label)).toBe(
      "up 6 points — within measurement error",
    );
    expect(changeWords(readChange({ delta: -14, rci: -2.4, reliable: true, scales: {} })!, label)).toBe(
      "down 14 points — more than measurement error",
    );
    expect(changeWords(readChange({ delta: 0, rci: 0, reliable: false, scales: {} })!, label)).toBe("No change from your previous result");
    expect(readChange(null)).toBeNull();
  });

  it("names the scales that moved by more than measurement error, with direction and size", () => {
    const change = readChange({
      delta: null,
      rci: null,
      reliable: true,
      scales: { EI: { delta: 40, rci: 2.5, reliable: true }, SN: { delta: 3, rci: 0.2, reliable: false } },
    })!;
    expect(changeWords(change, label)).toBe(
      "EI up 40 points — more than measurement error; the other changes are within measurement error",
    );
    const toward = (k: string, d: number) => `toward ${d > 0 ? k[0] : k[1]} by ${Math.abs(d)} points`;
    expect(changeWords(change, label, toward)).toBe(
      "EI toward E by 40 points — more than measurement error; the other changes are within measurement error",
    );
    const both = readChange({
      delta: null,
      rci: null,
      reliable: true,
      scales: { commanding: { delta: -24, rci: -3, reliable: true }, visionary: { delta: 18, rci: 2.9, reliable: true } },
    })!;
    expect(changeWords(both, label)).toBe("commanding down 24 points, visionary up 18 points — each more than measurement error");
    expect(
      changeWords(readChange({ delta: null, rci: null, reliable: false, scales: { EI: { delta: 3, rci: 0.2, reliable: false } } })!, label),
    ).toBe("Nothing changed by more than measurement error");
  });
});
