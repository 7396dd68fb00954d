/**
 * The slider-test figures of issue 29's "Done when" list, for one seed: verdict naming, retake
 * agreement, true-top rate, top-share bias, interval coverage, careless flags and time used.
 * Each attempt is administered adaptively (or as the full form) and scored with scoreAttempt.
 */
import { scoreAttempt } from "../scoring";
import { resultChange } from "../scoring/change";
import type { ScoreResult } from "../scoring/common";
import { administer } from "./administer";
import { realSliderWorld } from "./real-bank";
import { type Person, type SliderType, type SliderWorld, answerAll, answerItem, clicker, person, sliderWorld } from "./world";

export type Mode = "adaptive" | "full";
/** "real": the written banks of instruments/ (real-bank.ts); "synthetic": generated banks of the planned sizes (world.ts). */
export type Bank = "real" | "synthetic";

export interface SliderFigures {
  type: SliderType;
  seed: number;
  people: number;
  /** leadership/EQ: share of people with a named top */
  named: number;
  /** of named tops: the retake's most probable top is the same */
  retakeSame: number;
  /** of named tops: the retake names the same one */
  retakeNamedSame: number;
  /** of named tops: it is the true top */
  trueTop: number;
  /** largest |shown-top share − true-top share| over scales, in percentage points */
  topShareGap: number;
  /** personality: mean firm letters, share with all four firm, firm letters repeated / correct */
  firmLetters: number;
  allFour: number;
  letterRetake: number;
  letterTrue: number;
  /** coverage of the displayed 90% range, lowest and highest over scales */
  coverageMin: number;
  coverageMax: number;
  /** coverage of the displayed 90% range per scale */
  coverage: Record<string, number>;
  /** share of genuine respondents flagged careless */
  genuineFlagged: number;
  /** random clickers: share flagged careless, share given a named verdict */
  randomFlagged: number;
  randomNamed: number;
  /** unchanged people: share with a reliable change on the headline (EQ overall; personality and leadership: any scale) */
  falseChange: number;
  /** people whose first scale (EQ: every domain, by one SD of the overall) moved by 1 SD: share flagged */
  trueChangeFlagged: number;
  /** mean items asked and the minutes they take (7 s per item + 1 min instructions) */
  meanItems: number;
  maxMinutes: number;
}

type Data = Record<string, unknown> & { quality: { flags: string[] } };

/** Whether a retake asks up to the budget (decision 0045); SIM_RETAKE=adaptive measures the old rule. */
// eslint-disable-next-line no-restricted-properties -- simulation switch, not an app setting
const RETAKE_TO_BUDGET = process.env.SIM_RETAKE !== "adaptive";

function take(world: SliderWorld, p: Person, mode: Mode, retake = false): { result: ScoreResult; items: number } {
  const answers =
    mode === "full"
      ? answerAll(world, p)
      : administer(world.type, world.questions, (j) => answerItem(world, world.truth[j]!, p), retake && RETAKE_TO_BUDGET);
  return { result: scoreAttempt(world.type, world.questions, answers), items: Object.keys(answers).length };
}

const topOf = (theta: Record<string, number>) => Object.entries(theta).reduce((a, b) => (b[1] > a[1] ? b : a))[0];

/** The named verdict of a leadership/EQ result, and its most probable top. */
function verdict(type: SliderType, data: Data): { named: string | null; top: string } {
  return type === "leadership"
    ? { named: data.primary as string | null, top: data.highest as string }
    : { named: data.strongest as string | null, top: topOf(data.probabilities as Record<string, number>) };
}

export function sliderFigures(
  type: SliderType,
  seed: number,
  people: number,
  mode: Mode = "adaptive",
  clickers = 1000,
  bank: Bank = "synthetic",
): SliderFigures {
  const world = bank === "real" ? realSliderWorld(type, seed) : sliderWorld(type, seed);
  const scores = type === "leadership" ? "styles" : type === "eq" ? "categories" : null;
  let falseAlarms = 0,
    power = 0;
  let named = 0,
    same = 0,
    namedSame = 0,
    trueTop = 0,
    firm = 0,
    allFour = 0,
    firmSame = 0,
    firmTrue = 0,
    flagged = 0,
    items = 0,
    maxItems = 0;
  const covered = Object.fromEntries(world.scales.map((s) => [s, 0]));
  const shownTop = Object.fromEntries(world.scales.map((s) => [s, 0]));
  const realTop = Object.fromEntries(world.scales.map((s) => [s, 0]));
  for (let i = 0; i < people; i++) {
    const p = person(world);
    const first = take(world, p, mode);
    const second = take(world, p, mode, true);
    items += first.items;
    maxItems = Math.max(maxItems, first.items);
    const d1 = first.result.resultData as Data;
    const d2 = second.result.resultData as Data;
    if (d1.quality.flags.includes("careless")) flagged += 1;
    if (changed(type, first.result, second.result, null)) falseAlarms += 1;
    for (const s of world.scales) {
      const interval = (d1.intervals as Record<string, { low: number; high: number }> | undefined)?.[s];
      // The true score on the scale the range is shown on (personality: the balance, −40 θ, clamped).
      const truth =
        type === "personality" ? Math.max(-100, Math.min(100, -40 * p.theta[s]!)) : Math.max(0, Math.min(100, 50 + 15 * p.theta[s]!));
      // Shown bounds are rounded to whole points: a true score within half a point of them is inside.
      if (interval && truth >= interval.low - 0.5 && truth <= interval.high + 0.5) covered[s]! += 1;
    }
    if (scores) {
      const v1 = verdict(type, d1);
      const v2 = verdict(type, d2);
      shownTop[v1.top]! += 1;
      realTop[topOf(p.theta)]! += 1;
      if (v1.named) {
        named += 1;
        if (v2.top === v1.named) same += 1;
        if (v2.named === v1.named) namedSame += 1;
        if (topOf(p.theta) === v1.named) trueTop += 1;
      }
    } else {
      const axes = d1.axes as Record<string, { letter: string; tentative: boolean }>;
      const axes2 = d2.axes as Record<string, { letter: string }>;
      const firmHere = world.scales.filter((s) => !axes[s]!.tentative);
      firm += firmHere.length;
      if (firmHere.length === 4) allFour += 1;
      for (const s of firmHere) {
        if (axes2[s]!.letter === axes[s]!.letter) firmSame += 1;
        const trueSecond = p.theta[s]! > 0;
        const shownSecond = ["I", "N", "F", "P"].includes(axes[s]!.letter);
        if (trueSecond === shownSecond) firmTrue += 1;
      }
    }
  }
  // True change: 1 SD on the first scale (EQ: the overall, i.e. every domain by its SD 0.66).
  const changedPeople = Math.ceil(people / 2);
  for (let i = 0; i < changedPeople; i++) {
    const p = person(world);
    const before = take(world, p, mode).result;
    const shift: Record<string, number> =
      type === "eq" ? Object.fromEntries(world.scales.map((s) => [s, 0.66])) : { [world.scales[0]!]: 1 };
    const moved = { ...p, theta: Object.fromEntries(world.scales.map((s) => [s, p.theta[s]! + (shift[s] ?? 0)])) };
    if (changed(type, before, take(world, moved, mode, true).result, type === "eq" ? null : world.scales[0]!)) power += 1;
  }
  let rFlag = 0,
    rNamed = 0;
  for (let i = 0; i < clickers; i++) {
    const r = take(world, clicker(world), mode).result;
    const d = r.resultData as Data;
    if (d.quality.flags.includes("careless")) rFlag += 1;
    const hasVerdict = scores ? verdict(type, d).named !== null : (d.typeCode as string).replace(/-/g, "").length > 0;
    if (hasVerdict) rNamed += 1;
  }
  const cover = Object.values(covered).map((c) => c / people);
  const gap = scores ? Math.max(...world.scales.map((s) => Math.abs(shownTop[s]! - realTop[s]!) / people)) * 100 : 0;
  return {
    type,
    seed,
    people,
    named: named / people,
    retakeSame: named ? same / named : 0,
    retakeNamedSame: named ? namedSame / named : 0,
    trueTop: named ? trueTop / named : 0,
    topShareGap: gap,
    firmLetters: firm / people,
    allFour: allFour / people,
    letterRetake: firm ? firmSame / firm : 0,
    letterTrue: firm ? firmTrue / firm : 0,
    coverageMin: Math.min(...cover),
    coverageMax: Math.max(...cover),
    coverage: Object.fromEntries(world.scales.map((s) => [s, covered[s]! / people])),
    genuineFlagged: flagged / people,
    randomFlagged: rFlag / clickers,
    randomNamed: rNamed / clickers,
    falseChange: falseAlarms / people,
    trueChangeFlagged: power / changedPeople,
    meanItems: items / people,
    maxMinutes: (maxItems * 7 + 60) / 60,
  };
}

/** Headline change (scale = null: EQ overall, or any scale for personality/leadership) or one scale's. */
function changed(type: SliderType, a: ScoreResult, b: ScoreResult, scale: string | null): boolean {
  const c = resultChange(type, a, b);
  if (!c) return false;
  if (scale) return c.scales[scale]?.reliable ?? false;
  if (c.headline) return c.headline.reliable;
  return Object.values(c.scales).some((s) => s.reliable);
}
