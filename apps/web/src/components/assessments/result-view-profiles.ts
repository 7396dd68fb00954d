/**
 * The reading of the slider results (leadership, EQ, personality): their bars with the stored 90%
 * ranges, the verdicts with the probabilities the scorer stored, and what to do about each named
 * one. Nothing here decides a verdict; see result-view.ts and docs/decisions/0043.
 */
import {
  EQ_ADVICE,
  FIRM_PROBABILITY,
  LEADERSHIP_ADVICE,
  VERDICT_PROBABILITY,
  chanceInWords,
  chancesInWords,
  sliderFiftyMeans,
  invalidatingFlags,
  type EqResult,
  type LeadershipResult,
  type PersonalityResult,
} from "@coach/assessments/results";
import { NOT_A_MEASUREMENT, joinWords, qualityWords, type ActionItem, type ResultView, type ScaleRow } from "./result-words";
import type { AssessmentCopy, ResultLike } from "./types";

/**
 * Below this probability of being the top a scale is not listed as "a real chance" when nothing is
 * named: the scorer's own contender cut (CONTENDER_PROBABILITY in scoring/profile.ts), which it
 * stores as `blends` for leadership but not for EQ.
 */
const REAL_CHANCE = 0.05;

const sliderNormNote = (calibratedOn: number | undefined) =>
  `Each bar shows the score (${sliderFiftyMeans(calibratedOn)}) with its 90% range: the range in which your own score lies with 90% probability, given how much your answers can tell. A style or domain is named only when the chance that it is truly your highest (or lowest) is at least ${Math.round(VERDICT_PROBABILITY * 10)} in 10.`;

function rows<K extends string>(
  keys: readonly K[],
  values: Record<K, number>,
  intervals: Record<K, { low: number; high: number }>,
  label: (k: K) => string,
  max: number,
): ScaleRow[] {
  return keys.map((k): ScaleRow => {
    const { low, high } = intervals[k];
    return {
      key: k,
      label: label(k),
      value: values[k],
      low,
      high,
      max,
      detail: `${values[k]}/100 · 90% range ${low}–${high}`,
      aria: `${label(k)}: ${values[k]} out of 100, 90% range ${low} to ${high}`,
    };
  });
}

/** The headline and verdicts of a result that is not a measurement: the flags say why, nothing else is named. */
function invalidView(
  headlineLabel: string,
  data: { quality: { flags: LeadershipResult["quality"]["flags"] }; calibratedOn?: number },
): ResultView {
  return {
    headlineLabel,
    headline: NOT_A_MEASUREMENT,
    subline: null,
    verdicts: ["No verdict is named and the scores are not shown: they would not describe you."],
    actions: [],
    scales: [],
    iq: null,
    facts: [],
    quality: qualityWords(data.quality.flags),
    invalid: true,
    // No bars or ranges are shown, so no note about reading them.
    normNote: "Why some response patterns are not a measurement, and how results are measured:",
  };
}

const realChances = <K extends string>(p: Record<K, number>, keys: readonly K[]) =>
  [...keys].filter((k) => p[k] >= REAL_CHANCE).sort((a, b) => p[b] - p[a]);

export function leadershipView(data: LeadershipResult, copy: AssessmentCopy): ResultView {
  if (invalidatingFlags(data).length > 0) return invalidView("Primary style", data);
  const keys = copy.leadershipStyles.map((s) => s.key) as (keyof LeadershipResult["styles"])[];
  const label = (k: string) => copy.leadershipStyles.find((s) => s.key === k)?.label ?? k;
  // Spec: style bars are scaled against the highest style value.
  const max = Math.max(1, ...keys.map((k) => data.styles[k]));
  const verdicts: string[] = [];
  const actions: ActionItem[] = [];
  if (data.primary) {
    const s = label(data.primary);
    verdicts.push(
      `Primary style: ${s}. Your answers make it ${chanceInWords(data.probabilities[data.primary])} that ${s} is the style you use most.`,
    );
    actions.push({ title: `Making the most of ${s}`, text: LEADERSHIP_ADVICE[data.primary].strength });
  } else {
    const contenders = [data.highest, ...data.blends];
    const chances = chancesInWords(contenders.map((k) => data.probabilities[k]));
    const listed = contenders.map((k, i) => `${label(k)} (${chances[i]})`);
    verdicts.push(`No single dominant style: ${joinWords(listed)} each have a real chance of being the style you use most.`);
  }
  if (data.leastUsed) {
    const s = label(data.leastUsed);
    verdicts.push(
      `Least-used style: ${s}. Your answers make it ${chanceInWords(data.lowProbabilities[data.leastUsed])} that ${s} is the style you use least.`,
    );
    actions.push({ title: `When ${s} would help`, text: LEADERSHIP_ADVICE[data.leastUsed].growth });
  }
  return {
    headlineLabel: "Primary style",
    headline: data.primary ? label(data.primary) : "No single dominant style",
    subline: null,
    verdicts,
    actions,
    scales: rows(keys, data.styles, data.intervals, label, max),
    iq: null,
    facts: [],
    quality: qualityWords(data.quality.flags),
    invalid: false,
    normNote: sliderNormNote(data.calibratedOn),
  };
}

export function eqView(result: ResultLike, data: EqResult, copy: AssessmentCopy): ResultView {
  if (invalidatingFlags(data).length > 0) return invalidView("Strongest domain", data);
  const keys = copy.eqCategories.map((c) => c.key) as (keyof EqResult["categories"])[];
  const label = (k: string) => copy.eqCategories.find((c) => c.key === k)?.label ?? k;
  const verdicts: string[] = [];
  const actions: ActionItem[] = [];
  if (data.strongest) {
    const d = label(data.strongest);
    verdicts.push(
      `Strongest domain: ${d}. Your answers make it ${chanceInWords(data.probabilities[data.strongest])} that ${d} is your strongest domain.`,
    );
    actions.push({ title: `Building on ${d}`, text: EQ_ADVICE[data.strongest].strength });
  } else {
    const contenders = realChances(data.probabilities, keys);
    const chances = chancesInWords(contenders.map((k) => data.probabilities[k]));
    const listed = contenders.map((k, i) => `${label(k)} (${chances[i]})`);
    verdicts.push(`No clear strongest domain: ${joinWords(listed)} each have a real chance of being your strongest.`);
  }
  if (data.weakest) {
    const d = label(data.weakest);
    verdicts.push(
      `Most room to grow: ${d}. Your answers make it ${chanceInWords(data.lowProbabilities[data.weakest])} that ${d} is your least developed domain.`,
    );
    actions.push({ title: `Developing ${d}`, text: EQ_ADVICE[data.weakest].growth });
  }
  const { low, high } = data.overallInterval;
  return {
    headlineLabel: "Strongest domain",
    headline: data.strongest ? label(data.strongest) : "No clear strongest domain",
    subline: `Overall ${result.score ?? ""}/100 (90% range ${low}–${high})`,
    verdicts,
    actions,
    scales: rows(keys, data.categories, data.intervals, label, 100),
    iq: null,
    facts: [],
    quality: qualityWords(data.quality.flags),
    invalid: false,
    normNote: sliderNormNote(data.calibratedOn),
  };
}

// The spec's pairs: E against I, N against S, F against T, P against J.
const PAIRS: [string, string][] = [
  ["E", "I"],
  ["N", "S"],
  ["F", "T"],
  ["P", "J"],
];

export function personalityView(result: ResultLike, data: PersonalityResult, copy: AssessmentCopy): ResultView {
  if (invalidatingFlags(data).length > 0) return invalidView("Your type", data);
  const pole = (p: string) => copy.poleLabels[p] ?? p;
  const scales = PAIRS.flatMap(([a, b]): ScaleRow[] => {
    const axis = copy.personalityAxes.find((x) => x.first === a || x.second === a);
    if (!axis) return [];
    const key = axis.key as keyof PersonalityResult["axes"];
    // The balance runs −100 (second pole) … 100 (first pole); the bar shows the lean toward `a` on 0–100.
    const toward = (balance: number) => Math.round(axis.first === a ? (balance + 100) / 2 : (100 - balance) / 2);
    const value = toward(data.balance[key]);
    const [low, high] = [toward(data.intervals[key].low), toward(data.intervals[key].high)].sort((x, y) => x - y) as [number, number];
    const ax = data.axes[key];
    const chance = chanceInWords(ax.probability);
    const note = ax.tentative
      ? `Shown as "-": leaning ${pole(ax.letter)}, ${chance} that this is your true preference, which is not enough to name a letter.`
      : `${ax.letter} (${pole(ax.letter)}): ${chance} that this is your true preference.`;
    return [
      {
        key: a,
        label: `${pole(a)} (${a}) vs ${pole(b)} (${b})`,
        value,
        low,
        high,
        max: 100,
        detail: `${value}% ${a} · ${100 - value}% ${b}`,
        aria: `${pole(a)} (${a}) vs ${pole(b)} (${b}): ${value}% ${a}, ${100 - value}% ${b}, 90% range ${low}% to ${high}% ${a}`,
        note,
      },
    ];
  });
  const code = data.typeCode;
  const tentative = copy.personalityAxes.filter((x) => data.tentative.includes(x.key as PersonalityResult["tentative"][number]));
  const firm = `${Math.round(FIRM_PROBABILITY * 100)} in 100`;
  return {
    headlineLabel: "Your type",
    headline: code || (result.resultType ?? ""),
    subline: null,
    verdicts: [
      tentative.length === 0
        ? `Type code ${code}: every letter is firm.`
        : tentative.length === 4
          ? `Type code ${code}: none of the four preferences is clear enough to name a letter (at least ${firm} that it is your true preference).`
          : `Type code ${code}: "-" marks ${tentative.length === 1 ? "a dimension" : "dimensions"} too close to call (${joinWords(tentative.map((x) => x.label))}).`,
    ],
    actions: [],
    scales,
    iq: null,
    facts: [],
    quality: qualityWords(data.quality.flags),
    invalid: false,
    normNote: `Each bar shows where your answers place you between the two poles, with its 90% range. A letter is named only when the chance that it is your true preference is at least ${firm}; otherwise it is shown as "-".`,
  };
}
