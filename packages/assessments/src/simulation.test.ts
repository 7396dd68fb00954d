/**
 * Measurement simulation (issue 16, "Done when"). Respondents come from models the scorers do not
 * assume (testing/simulate.ts); every claim the results make is checked against what happens to
 * simulated people whose true traits we know. Monte Carlo uncertainty is given per test: with N
 * people a proportion near p has a standard error of √(p(1 − p)/N).
 */
import { describe, expect, it } from "vitest";
import { EQ_CATEGORIES, LEADERSHIP_STYLES, PERSONALITY_AXES } from "./labels";
import { calibrateIq, scoreEq, scoreIq, scoreLeadership, scorePersonality } from "./scoring";
import { resultChange } from "./scoring/change";
import type { AnswerMap } from "./scoring/common";
import { scaleNormsFromData } from "./stats/instrument";
import { type GradedItem, gradedAnswer, gradedItems, normal, pearson, questionsOf, rng } from "./testing/simulate";

// ------------------------------------------------------------------ sliders

type SliderType = "eq" | "leadership" | "personality";

/** Scale of an item and whether agreeing points up the scale's trait (personality: toward the first pole). */
function keying(type: SliderType) {
  const questions = questionsOf(type);
  const directions = questions.map((q): 1 | -1 => {
    if (type === "personality") return PERSONALITY_AXES.some((a) => a.first === q.scoring?.rightPole) ? 1 : -1;
    return q.scoring?.reverse ? -1 : 1;
  });
  return { questions, directions, scales: questions.map((q) => q.scoring!.scale!) };
}

/** A population of one instrument: fixed GRM items, people with N(0, 1) traits per scale. */
function sliderWorld(type: SliderType, seed: number) {
  const rand = rng(seed);
  const { questions, directions, scales } = keying(type);
  const items: GradedItem[] = gradedItems(rand, directions);
  const keys = [...new Set(scales)];
  const person = () => Object.fromEntries(keys.map((k) => [k, normal(rand)])) as Record<string, number>;
  const answer = (traits: Record<string, number>): AnswerMap =>
    Object.fromEntries(questions.map((q, j) => [String(q.id), gradedAnswer(rand, items[j]!, traits[scales[j]!]!)]));
  // Norms from the items' own data, as the API will pass them: 300 earlier respondents.
  const norms =
    type === "personality" || type === "eq" || type === "leadership"
      ? scaleNormsFromData(
          type,
          questions,
          Array.from({ length: 300 }, () => answer(person())),
        )
      : {};
  return { questions, person, answer, norms };
}

describe("verdicts repeat on a retest (GRM respondents, slopes 0.8–2.5)", () => {
  const PEOPLE = 1500;
  const RETEST_PEOPLE = 4000;
  /** Share of clear profiles that must get a named verdict (about 800-900 clear profiles: MC SE about 0.015); the simulation gives about 0.22 (six styles) and 0.30 (five domains). */
  const CLEAR_NAMED = 0.15;
  /** A clear profile: the true highest trait is at least 1 SD above the next. */
  const clearTop = (traits: Record<string, number>) => {
    const sorted = Object.values(traits).sort((a, b) => b - a);
    return sorted[0]! - sorted[1]! >= 1;
  };

  it("leadership: a named primary style comes back >= 80% of the time (about 270 named, MC SE about 0.022) and clear profiles are named", () => {
    const w = sliderWorld("leadership", 11);
    let named = 0;
    let repeated = 0;
    let clear = 0;
    let clearNamed = 0;
    for (let i = 0; i < RETEST_PEOPLE; i++) {
      const traits = w.person();
      const first = scoreLeadership(w.questions, w.answer(traits), w.norms).resultData;
      if (clearTop(traits)) {
        clear += 1;
        if (first.primary !== null) clearNamed += 1;
      }
      if (first.primary === null) continue;
      named += 1;
      const again = scoreLeadership(w.questions, w.answer(traits), w.norms).resultData;
      if (again.highest === first.primary) repeated += 1;
    }
    console.log(
      `leadership: named ${named}/${RETEST_PEOPLE}, same highest style on retest ${repeated}/${named}; clear profiles named ${clearNamed}/${clear}`,
    );
    expect(repeated / named).toBeGreaterThanOrEqual(0.8);
    expect(clearNamed / clear).toBeGreaterThanOrEqual(CLEAR_NAMED);
  });

  it("eq: a named strongest domain comes back >= 80% of the time (about 430 named, MC SE about 0.015) and clear profiles are named", () => {
    const w = sliderWorld("eq", 12);
    let named = 0;
    let repeated = 0;
    let clear = 0;
    let clearNamed = 0;
    for (let i = 0; i < RETEST_PEOPLE; i++) {
      const traits = w.person();
      const first = scoreEq(w.questions, w.answer(traits), w.norms).resultData;
      if (clearTop(traits)) {
        clear += 1;
        if (first.strongest !== null) clearNamed += 1;
      }
      if (first.strongest === null) continue;
      named += 1;
      const again = scoreEq(w.questions, w.answer(traits), w.norms).resultData;
      const top = EQ_CATEGORIES.reduce((a, b) => (again.categories[b] > again.categories[a] ? b : a));
      if (top === first.strongest) repeated += 1;
    }
    console.log(
      `eq: named ${named}/${RETEST_PEOPLE}, same strongest on retest ${repeated}/${named}; clear profiles named ${clearNamed}/${clear}`,
    );
    expect(repeated / named).toBeGreaterThanOrEqual(0.8);
    expect(clearNamed / clear).toBeGreaterThanOrEqual(CLEAR_NAMED);
  });

  it("personality: firm letters repeat >= 80%, predicted agreement matches observed within 0.1 per bin (4 × 1500 letters)", () => {
    const w = sliderWorld("personality", 13);
    const bins = Array.from({ length: 5 }, () => ({ predicted: 0, same: 0, n: 0 }));
    let firm = 0;
    let firmSame = 0;
    for (let i = 0; i < PEOPLE; i++) {
      const traits = w.person();
      const first = scorePersonality(w.questions, w.answer(traits), w.norms).resultData;
      const again = scorePersonality(w.questions, w.answer(traits), w.norms).resultData;
      for (const { key } of PERSONALITY_AXES) {
        const a = first.axes[key];
        const same = again.axes[key].letter === a.letter ? 1 : 0;
        const bin = bins[Math.min(4, Math.max(0, Math.floor((a.agreement - 0.5) * 10)))]!;
        bin.predicted += a.agreement;
        bin.same += same;
        bin.n += 1;
        if (!a.tentative) {
          firm += 1;
          firmSame += same;
        }
      }
    }
    const table = bins.map(
      (b, i) =>
        `${0.5 + i / 10}-${0.6 + i / 10}: n=${b.n} predicted ${(b.predicted / b.n).toFixed(3)} observed ${(b.same / b.n).toFixed(3)}`,
    );
    console.log(`personality: firm ${firm}/${PEOPLE * 4}, firm repeat ${(firmSame / firm).toFixed(3)}\n  ${table.join("\n  ")}`);
    expect(firmSame / firm).toBeGreaterThanOrEqual(0.8);
    expect(firm / (PEOPLE * 4)).toBeGreaterThanOrEqual(0.25);
    // Bins with at least 100 letters: MC SE of the observed rate <= 0.05.
    for (const b of bins.filter((x) => x.n >= 100)) expect(Math.abs(b.predicted / b.n - b.same / b.n)).toBeLessThanOrEqual(0.1);
  });

  it("reliable change fires on < 10% of retests of unchanged people (EQ overall and every style; 1000 people, MC SE <= 0.01)", () => {
    const eq = sliderWorld("eq", 14);
    const lead = sliderWorld("leadership", 15);
    let eqFired = 0;
    let styleFired = 0;
    let styleTotal = 0;
    for (let i = 0; i < 1000; i++) {
      const t = eq.person();
      const a = scoreEq(eq.questions, eq.answer(t), eq.norms);
      const b = scoreEq(eq.questions, eq.answer(t), eq.norms);
      if (resultChange("eq", a, b)!.headline!.reliable) eqFired += 1;
      const u = lead.person();
      const c = resultChange(
        "leadership",
        scoreLeadership(lead.questions, lead.answer(u), lead.norms),
        scoreLeadership(lead.questions, lead.answer(u), lead.norms),
      )!;
      for (const s of LEADERSHIP_STYLES) {
        styleTotal += 1;
        if (c.scales[s]!.reliable) styleFired += 1;
      }
    }
    console.log(`reliable change on unchanged people: eq ${eqFired}/1000, styles ${styleFired}/${styleTotal}`);
    expect(eqFired / 1000).toBeLessThan(0.1);
    expect(styleFired / styleTotal).toBeLessThan(0.1);
  });

  it("a straight-lined answer sheet gets the flag and no verdict", () => {
    for (const type of ["eq", "leadership", "personality"] as const) {
      const { questions } = keying(type);
      const all5 = Object.fromEntries(questions.map((q) => [String(q.id), "5"]));
      const r =
        type === "eq"
          ? scoreEq(questions, all5)
          : type === "leadership"
            ? scoreLeadership(questions, all5)
            : scorePersonality(questions, all5);
      expect(r.resultData.quality.flags).toContain("straight-lining");
    }
    const { questions } = keying("leadership");
    const ones = Object.fromEntries(questions.map((q) => [String(q.id), "1"]));
    expect(scoreLeadership(questions, ones).resultData.primary).toBeNull();
    const p = scorePersonality(
      keying("personality").questions,
      Object.fromEntries(keying("personality").questions.map((q) => [String(q.id), "5"])),
    );
    expect(p.resultType).toBe("----");
  });
});

// ------------------------------------------------------------------ IQ

describe("IQ estimate (3PL respondents with discriminations 0.6–2.2 and difficulties unlike the provisional ones)", () => {
  const questions = questionsOf("iq");
  const rand = rng(21);
  const truth = questions.map((q) => ({
    a: 0.6 + rand() * 1.6,
    b: -1.8 + rand() * 3.2,
    c: 1 / q.options!.length,
  }));
  const answer = (theta: number, r: () => number): AnswerMap =>
    Object.fromEntries(
      questions.map((q, j) => {
        const t = truth[j]!;
        const p = t.c + (1 - t.c) / (1 + Math.exp(-t.a * (theta - t.b)));
        if (r() < p) return [String(q.id), q.correctAnswer!];
        const wrong = q.options!.filter((o) => o !== q.correctAnswer);
        return [String(q.id), wrong[Math.floor(r() * wrong.length)]!];
      }),
    );
  const sample = Array.from({ length: 300 }, () => answer(normal(rand), rand));
  const outcome = calibrateIq(questions, sample, new Date("2026-11-23T00:00:00Z"));

  it("calibration needs 200 people and says how many are missing", () => {
    const few = calibrateIq(questions, sample.slice(0, 150));
    expect(few).toMatchObject({ ok: false, n: 150, needed: 50 });
  });

  it("after calibration on 300 people the 90% interval covers the true IQ for 85–95% of 1000 new people (MC SE about 0.01)", () => {
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const cal = outcome.calibration;
    expect(cal.n).toBe(300);
    expect(cal.items).toHaveLength(questions.length);
    // Recovered difficulties track the true ones.
    expect(
      pearson(
        cal.items.map((i) => i.b),
        truth.map((t) => t.b),
      ),
    ).toBeGreaterThan(0.9);
    let covered = 0;
    const r = rng(22);
    for (let i = 0; i < 1000; i++) {
      const theta = normal(r);
      const result = scoreIq(questions, answer(theta, r), cal);
      const { low, high, norm } = result.resultData.estimate;
      expect(norm).toMatchObject({ kind: "calibrated", n: 300 });
      const iq = 100 + 15 * theta;
      if ((low ?? -Infinity) <= iq && iq <= (high ?? Infinity)) covered += 1;
    }
    console.log(`iq coverage after calibration: ${covered}/1000`);
    expect(covered / 1000).toBeGreaterThanOrEqual(0.85);
    expect(covered / 1000).toBeLessThanOrEqual(0.95);
  });

  it("the interval widens at the extremes (test information curve)", () => {
    if (!outcome.ok) throw new Error("calibration failed");
    const se = outcome.calibration.information;
    const middle = se.find((p) => p.iq === 100)!.se;
    expect(se[0]!.se).toBeGreaterThan(middle);
    expect(se.at(-1)!.se).toBeGreaterThan(middle);
  });

  it("random clickers are flagged chance-level >= 90% of the time (1000 clickers, MC SE <= 0.01)", () => {
    const r = rng(23);
    let flagged = 0;
    for (let i = 0; i < 1000; i++) {
      const answers = Object.fromEntries(questions.map((q) => [String(q.id), q.options![Math.floor(r() * q.options!.length)]!]));
      if (scoreIq(questions, answers).resultData.quality.flags.includes("chance-level")) flagged += 1;
    }
    console.log(`random clickers flagged: ${flagged}/1000`);
    expect(flagged / 1000).toBeGreaterThanOrEqual(0.9);
  });

  it("reliable change fires on < 10% of retests of unchanged people (1000 people, MC SE <= 0.01)", () => {
    if (!outcome.ok) throw new Error("calibration failed");
    const r = rng(24);
    let fired = 0;
    for (let i = 0; i < 1000; i++) {
      const theta = normal(r);
      const a = scoreIq(questions, answer(theta, r), outcome.calibration);
      const b = scoreIq(questions, answer(theta, r), outcome.calibration);
      if (resultChange("iq", a, b)!.headline!.reliable) fired += 1;
    }
    console.log(`iq reliable change on unchanged people: ${fired}/1000`);
    expect(fired / 1000).toBeLessThan(0.1);
  });
});
