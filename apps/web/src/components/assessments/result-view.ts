/**
 * What a completed result says, in words and numbers, independent of where it is shown: the result
 * page, the history detail page and the PDF all render this one reading of `resultData`, so the
 * verdict wording, the intervals and the norm note cannot drift apart between them.
 *
 * It reads only what the scorers stored (see docs/decisions/0008); the one rule it applies itself is
 * which EQ domains are "within measurement error" of the top one when no strongest domain is named,
 * with the package's own z (handed over in the copy) — the stored result names only the verdict.
 */
import type { AssessmentCopy, ResultLike } from "./types";

/** One scale drawn as a bar with its 90% interval as an error bar. */
export interface ScaleRow {
  key: string;
  label: string;
  value: number;
  low: number;
  high: number;
  /** the bar's full length (100, or the highest style for leadership) */
  max: number;
  /** short figure next to the label, e.g. "50/100 · 90% range 35–65" */
  detail: string;
  /** the accessible name of the bar: label first, then the figures in words */
  aria: string;
  /** a line under the bar (personality: the letter and its retest agreement) */
  note?: string;
}

/** The IQ estimate on its 55–145 strip. */
export interface IqStrip {
  score: number;
  low: number | null;
  high: number | null;
  aria: string;
}

export interface ResultView {
  /** "Your type", "Estimated score", "Primary style", "Strongest domain" */
  headlineLabel: string;
  headline: string;
  /** a line under the headline (the IQ band, the EQ overall score) */
  subline: string | null;
  /** the verdicts in words, exactly as far as the data carry them */
  verdicts: string[];
  scales: ScaleRow[];
  iq: IqStrip | null;
  /** facts about the result (correct answers, band description) */
  facts: { label: string; value: string }[];
  /** quality flags in plain words */
  quality: string[];
  /** what the scale is compared with (IQ) or what the intervals mean (sliders) */
  normNote: string;
}

type Data = Record<string, unknown>;
const obj = (v: unknown): Data => (v && typeof v === "object" && !Array.isArray(v) ? (v as Data) : {});
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const flagsOf = (data: Data): string[] => {
  const flags = obj(data.quality).flags;
  return Array.isArray(flags) ? flags.filter((f): f is string => typeof f === "string") : [];
};

/** "a", "a and b", "a, b and c" */
export function joinWords(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** A retest agreement (0–1) as a percentage in words, never claiming certainty. */
export function agreementWords(agreement: number): string {
  if (agreement >= 0.995) return "more than 99%";
  return `about ${Math.round(agreement * 100)}%`;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

export const QUALITY_WORDS: Record<string, string> = {
  "straight-lining":
    "Almost all of the answers were the same point on the scale. Such a pattern cannot show differences between scales, so no verdict is given.",
  "chance-level":
    "The number of correct answers is within what guessing alone produces, so this result is not a measurement of reasoning ability.",
  ceiling: "Almost every question was answered correctly: the test cannot tell how far above this level the ability lies.",
  floor:
    "The number of correct answers is at or below what guessing gives: the test cannot tell how far below this level the ability lies.",
  incomplete: "Some questions were left unanswered; the result rests on the answered ones.",
};

const SLIDER_NORM_NOTE =
  "Each bar shows the score with its 90% range: where a retake would plausibly fall, given the measurement error of a six-statement scale. A difference between two scales is treated as real only when it exceeds that error.";

/** The IQ norm note: provisional, or the people the test has been calibrated on. */
export function iqNormNote(norm: Data): string {
  const n = num(norm.n);
  const date = str(norm.date);
  if (norm.kind === "calibrated" && n !== null) {
    const when = date ? ` (calibrated ${date.slice(0, 10)})` : "";
    return `Compared with the ${n} people who have taken this test here${when}, not with the general population.`;
  }
  return "Provisional norm: the scale rests on assumed item difficulties; not yet compared with real test-takers. The range allows for that doubt.";
}

function iqView(result: ResultLike, copy: AssessmentCopy): ResultView {
  const data = obj(result.resultData);
  const estimate = obj(data.estimate);
  const flags = flagsOf(data);
  const score = num(estimate.score) ?? result.score ?? 0;
  const low = num(estimate.low);
  const high = num(estimate.high);
  const chance = flags.includes("chance-level");
  const band = copy.iqBands.find((b) => b.above === null || score > b.above) ?? copy.iqBands.at(-1);
  const bandLabel = str(data.band) ?? band?.label ?? result.resultType ?? "";

  const range =
    estimate.ceiling === true || high === null
      ? low !== null
        ? `90% range: at least ${low}`
        : null
      : estimate.floor === true || low === null
        ? `90% range: at most ${high}`
        : `90% range ${low}–${high}`;
  const estimateWords = range ? `IQ estimate ${score} (${range})` : `IQ estimate ${score}`;
  const correct = num(data.correctAnswers);
  const total = num(data.totalQuestions);

  const verdicts = chance
    ? [
        `Not a measurement: ${correct ?? "?"} of ${total ?? "?"} correct is within what guessing alone produces. ${estimateWords} is shown for completeness only; a calm retake will say more.`,
      ]
    : [`${estimateWords}.`];
  const ariaRange =
    low !== null && high !== null
      ? `90% range ${low} to ${high}`
      : low !== null
        ? `at least ${low}`
        : high !== null
          ? `at most ${high}`
          : "";
  return {
    headlineLabel: "Estimated score",
    headline: chance ? "Not a measurement" : String(score),
    subline: chance ? null : bandLabel,
    verdicts,
    scales: [],
    iq: { score, low, high, aria: `IQ estimate ${score}${ariaRange ? `, ${ariaRange}` : ""}${chance ? ", not a measurement" : ""}` },
    facts: [
      { label: "Correct answers", value: `${correct ?? 0} of ${total ?? 0}` },
      ...(chance ? [{ label: "Band (not a measurement)", value: bandLabel }] : []),
      { label: "IQ estimate", value: range ? `${score} (${range})` : String(score) },
      { label: "Standard error", value: `${num(estimate.se) ?? num(data.standardError) ?? "?"} points` },
    ],
    quality: qualityWords(flags),
    normNote: `${iqNormNote(obj(estimate.norm))} An estimate on a scale with mean 100 and standard deviation 15, from a short online test — not a clinical IQ assessment.${band && !chance ? ` ${band.description}` : ""}`,
  };
}

function intervalOf(data: Data, key: string, value: number, se: number | null, z: number, lo = 0, hi = 100) {
  const stored = obj(obj(data.intervals)[key]);
  const low = num(stored.low);
  const high = num(stored.high);
  if (low !== null && high !== null) return { low, high };
  // A result from before the error model carries no interval: show the point alone.
  if (se === null) return { low: value, high: value };
  return { low: clamp(Math.round(value - z * se), lo, hi), high: clamp(Math.round(value + z * se), lo, hi) };
}

const qualityWords = (flags: string[]): string[] => flags.map((f) => QUALITY_WORDS[f]).filter((w): w is string => Boolean(w));

/** The bars of a slider test (EQ domains, leadership styles): each score 0–100 with its 90% range. */
function sliderRows(
  data: Data,
  keys: string[],
  values: Record<string, number>,
  label: (key: string) => string,
  z: number,
  max: number,
  figure: (value: number) => string,
): ScaleRow[] {
  const ses = obj(data.standardErrors);
  return keys.map((k): ScaleRow => {
    const value = values[k]!;
    const { low, high } = intervalOf(data, k, value, num(ses[k]), z);
    return {
      key: k,
      label: label(k),
      value,
      low,
      high,
      max,
      detail: `${figure(value)} · 90% range ${low}–${high}`,
      aria: `${label(k)}: ${value} out of 100, 90% range ${low} to ${high}`,
    };
  });
}

/** Scales within measurement error of the highest (or lowest), the rule of clearExtreme in the package. */
function withinError(scores: Record<string, number>, ses: Record<string, number>, keys: string[], z: number, direction: 1 | -1) {
  const ranked = [...keys].sort((a, b) => direction * (scores[b]! - scores[a]!));
  const top = ranked[0]!;
  return [top, ...ranked.slice(1).filter((k) => direction * (scores[top]! - scores[k]!) <= z * Math.hypot(ses[top] ?? 0, ses[k] ?? 0))];
}

function eqView(result: ResultLike, copy: AssessmentCopy): ResultView {
  const data = obj(result.resultData);
  const categories = obj(data.categories);
  const ses = obj(data.standardErrors);
  const flags = flagsOf(data);
  const flat = flags.includes("straight-lining");
  const label = (k: string) => copy.eqCategories.find((c) => c.key === k)?.label ?? k;
  const keys = copy.eqCategories.map((c) => c.key);
  const scores = Object.fromEntries(keys.map((k) => [k, num(categories[k]) ?? 0]));
  const sems = Object.fromEntries(keys.map((k) => [k, num(ses[k]) ?? 0]));
  const hasErrors = keys.every((k) => num(ses[k]) !== null);

  const scales = sliderRows(data, keys, scores, label, copy.intervalZ, 100, (value) => `${value}/100`);

  const strongest = str(data.strongest);
  const weakest = str(data.weakest);
  const verdicts: string[] = [];
  if (flat) {
    verdicts.push("No verdict: almost all answers were the same, so the domains cannot be told apart.");
  } else if (hasErrors) {
    verdicts.push(
      strongest
        ? `Strongest domain: ${label(strongest)}, higher than every other domain by more than measurement error.`
        : `No clear strongest domain: ${joinWords(withinError(scores, sems, keys, copy.verdictZ.eq, 1).map(label))} are within measurement error of each other.`,
    );
    verdicts.push(
      weakest
        ? `Most room to grow: ${label(weakest)}, lower than every other domain by more than measurement error.`
        : `No clear weakest domain: ${joinWords(withinError(scores, sems, keys, copy.verdictZ.eq, -1).map(label))} are within measurement error of each other.`,
    );
  }
  const overallSe = num(data.overallStandardError);
  const overall = result.score ?? 0;
  const overallRange =
    overallSe !== null
      ? ` (90% range ${clamp(Math.round(overall - copy.intervalZ * overallSe), 0, 100)}–${clamp(Math.round(overall + copy.intervalZ * overallSe), 0, 100)})`
      : "";
  return {
    headlineLabel: "Strongest domain",
    headline: flat ? "No verdict" : strongest ? label(strongest) : hasErrors ? "No clear strongest domain" : (result.resultType ?? ""),
    subline: `Overall ${overall}/100${overallRange}`,
    verdicts,
    scales,
    iq: null,
    facts: [],
    quality: qualityWords(flags),
    normNote: SLIDER_NORM_NOTE,
  };
}

function leadershipView(result: ResultLike, copy: AssessmentCopy): ResultView {
  const data = obj(result.resultData);
  const styles = obj(data.styles);
  const flags = flagsOf(data);
  const flat = flags.includes("straight-lining");
  const label = (k: string) => copy.leadershipStyles.find((s) => s.key === k)?.label ?? k;
  const keys = copy.leadershipStyles.map((s) => s.key);
  const values = Object.fromEntries(keys.map((k) => [k, num(styles[k]) ?? 0]));
  // Spec: style bars are scaled against the highest style value.
  const max = Math.max(1, ...Object.values(values));
  const scales = sliderRows(data, keys, values, label, copy.intervalZ, max, (value) => `${value}`);
  const primary = str(data.primary);
  const highest = str(data.highest);
  const blends = Array.isArray(data.blends) ? data.blends.filter((b): b is string => typeof b === "string") : [];
  const modern = "primary" in data;
  const verdicts: string[] = [];
  if (flat) verdicts.push("No verdict: almost all answers were the same, so the styles cannot be told apart.");
  else if (primary) verdicts.push(`Primary style: ${label(primary)}, higher than every other style by more than measurement error.`);
  else if (modern && highest)
    verdicts.push(`No single dominant style: ${joinWords([highest, ...blends].map(label))} are within measurement error of each other.`);
  return {
    headlineLabel: "Primary style",
    headline: flat ? "No verdict" : primary ? label(primary) : (result.resultType ?? ""),
    subline: null,
    verdicts,
    scales,
    iq: null,
    facts: [],
    quality: qualityWords(flags),
    normNote: SLIDER_NORM_NOTE,
  };
}

// The spec's pairs: E against I, N against S, F against T, P against J.
const PAIRS: [string, string][] = [
  ["E", "I"],
  ["N", "S"],
  ["F", "T"],
  ["P", "J"],
];

function personalityView(result: ResultLike, copy: AssessmentCopy): ResultView {
  const data = obj(result.resultData);
  const axes = obj(data.axes);
  const ses = obj(data.standardErrors);
  const flags = flagsOf(data);
  const flat = flags.includes("straight-lining");
  const pole = (p: string) => copy.poleLabels[p] ?? p;
  const scales = PAIRS.map(([a, b]): ScaleRow => {
    const countA = num(data[a]) ?? 0;
    const countB = num(data[b]) ?? 0;
    const total = countA + countB;
    const share = total > 0 ? Math.round((countA / total) * 100) : 50;
    const axis = copy.personalityAxes.find((x) => x.first === a || x.second === a);
    // The balance's standard error is on −100…100; the share of one pole is half that scale.
    const se = axis ? num(ses[axis.key]) : null;
    const half = se === null ? 0 : (copy.intervalZ * se) / 2;
    const low = clamp(Math.round(share - half), 0, 100);
    const high = clamp(Math.round(share + half), 0, 100);
    const ax = axis ? obj(axes[axis.key]) : {};
    const letter = str(ax.letter);
    const agreement = num(ax.agreement);
    let note: string | undefined;
    if (letter && agreement !== null) {
      note =
        ax.tentative === true
          ? `Shown as "-": leaning ${pole(letter)}, but a retake would give the same letter only ${agreementWords(agreement)} of the time, so no letter is named.`
          : `${letter} (${pole(letter)}): a retake would give the same letter ${agreementWords(agreement)} of the time.`;
    }
    return {
      key: a,
      label: `${pole(a)} (${a}) vs ${pole(b)} (${b})`,
      value: share,
      low,
      high,
      max: 100,
      detail: `${share}% ${a} · ${100 - share}% ${b}`,
      aria: `${pole(a)} (${a}) vs ${pole(b)} (${b}): ${share}% ${a}, ${100 - share}% ${b}${se !== null ? `, 90% range ${low}% to ${high}% ${a}` : ""}`,
      note,
    };
  });
  const code = str(data.typeCode) ?? result.resultType ?? "";
  const verdicts: string[] = [];
  if (flat) verdicts.push("No verdict: almost all answers were the same, and such answers cannot show a preference on any dimension.");
  else if ("axes" in data) {
    const tentative = copy.personalityAxes.filter((x) => obj(axes[x.key]).tentative === true);
    verdicts.push(
      tentative.length === 0
        ? `Type code ${code}: every letter is firm.`
        : tentative.length === 4
          ? `Type code ${code}: none of the four preferences is clear enough to name a letter that a retake would be likely to repeat.`
          : `Type code ${code}: "-" marks ${tentative.length === 1 ? "a dimension" : "dimensions"} too close to call (${joinWords(tentative.map((x) => x.label))}).`,
    );
  }
  return {
    headlineLabel: "Your type",
    headline: code,
    subline: null,
    verdicts,
    scales,
    iq: null,
    facts: [],
    quality: qualityWords(flags),
    normNote:
      'Each bar shows the share of your answers on each side, with its 90% range. A letter is named only when a retake would give the same letter at least 85% of the time; otherwise it is shown as "-".',
  };
}

/** The reading of one completed result. */
export function resultView(result: ResultLike, copy: AssessmentCopy): ResultView {
  switch (result.testType) {
    case "iq":
      return iqView(result, copy);
    case "eq":
      return eqView(result, copy);
    case "leadership":
      return leadershipView(result, copy);
    case "personality":
      return personalityView(result, copy);
  }
}

/** Summary lines of the stored result (the last is the self-reflection note). */
export function summaryLines(result: ResultLike): string[] {
  return (result.resultSummary ?? "").split("\n").filter(Boolean);
}
