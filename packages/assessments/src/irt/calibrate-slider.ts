/**
 * Calibration of a slider test (decision 57): every scale's items fitted by calibrate-grm.ts to one
 * answer set per person (the caller passes each person's first complete, unflagged attempt), and the
 * fitted parameters laid over the questions' provisional ones for the adaptive choice and the scorer.
 * A calibration sets each scale to the people it rests on (mean 0, SD 1): scores then say "compared
 * with the people who took this test here", not "with the reference population".
 */
import { type AnswerMap, type ScorableQuestion, answerFor, parseSlider } from "../scoring/common";
import { itemKeying } from "../scoring/slider";
import { calibrateGrmScale } from "./calibrate-grm";
import { DEFAULT_GRM } from "./grm";

/**
 * A calibration rests on at least this many people. Set by simulation (decision 58): the calibrated
 * ranges drop the allowance for errors in the parameters, and on 1,500 people the fitted parameters'
 * own error still left the lowest EQ domain's range at 87.6% in the worst seed.
 */
export const MIN_SLIDER_CALIBRATION_PEOPLE = 2000;

/**
 * The slider tests the app calibrates. Personality is not: its letters divide at the balance point
 * its statements were written around, and a calibration sets the origin to the average of the people
 * it rests on, so a letter would come to mean "more than the typical taker here" (decision 58).
 */
export const CALIBRATED_SLIDER_TYPES = ["eq", "leadership"] as const;

export interface SliderCalibratedItem {
  /** the question id the parameters belong to */
  id: string;
  scale: string;
  a: number;
  thresholds: [number, number, number, number];
}

export interface SliderCalibration {
  kind: "grm";
  /** people in the calibration sample */
  n: number;
  /** ISO timestamp of the calibration */
  date: string;
  items: SliderCalibratedItem[];
  /** per scale: people with an answer on it and whether the fit converged */
  scales: { scale: string; n: number; converged: boolean }[];
}

export type SliderCalibrationOutcome =
  { ok: true; calibration: SliderCalibration } | { ok: false; reason: "too-few-people"; n: number; minimum: number; needed: number };

/** Fits every scale of a slider test to `answerSets` (one per person), starting from the questions' provisional parameters. */
export function calibrateSliderTest(
  questions: readonly ScorableQuestion[],
  answerSets: readonly AnswerMap[],
  date: Date = new Date(),
  minimum = MIN_SLIDER_CALIBRATION_PEOPLE,
): SliderCalibrationOutcome {
  const n = answerSets.length;
  if (n < minimum) return { ok: false, reason: "too-few-people", n, minimum, needed: minimum - n };
  const byScale = new Map<string, ScorableQuestion[]>();
  for (const q of questions) {
    const scale = q.scoring?.scale;
    if (q.type === "slider" && scale) byScale.set(scale, [...(byScale.get(scale) ?? []), q]);
  }
  const items: SliderCalibratedItem[] = [];
  const scales: SliderCalibration["scales"] = [];
  for (const [scale, scaleQuestions] of byScale) {
    const start = scaleQuestions.map((q) => {
      const grm = q.scoring!.grm ?? DEFAULT_GRM;
      return { a: grm.a, thresholds: [...grm.thresholds], keying: itemKeying(q.scoring!) };
    });
    const matrix = answerSets.map((answers) =>
      scaleQuestions.map((q) => {
        const value = parseSlider(answerFor(answers, q.id));
        return value === null ? null : value - 1;
      }),
    );
    // Items nobody answered keep their provisional parameters: the data say nothing about them.
    const asked = scaleQuestions.map((_, j) => matrix.some((row) => row[j] !== null));
    const fit = calibrateGrmScale(
      start.filter((_, j) => asked[j]),
      matrix.map((row) => row.filter((_, j) => asked[j])),
    );
    let k = 0;
    scaleQuestions.forEach((q, j) => {
      if (!asked[j]) return;
      const { a, thresholds } = fit.items[k++]!;
      items.push({ id: String(q.id), scale, a, thresholds: thresholds as SliderCalibratedItem["thresholds"] });
    });
    scales.push({ scale, n: fit.n, converged: fit.converged });
  }
  return { ok: true, calibration: { kind: "grm", n, date: date.toISOString(), items, scales } };
}

/**
 * The questions with each calibrated item's parameters in place of the provisional ones, marked with
 * the number of people they rest on (which drops the range's allowance for parameter error,
 * slider.ts intervalAllowance). Questions the calibration does not cover are returned as they are.
 */
export function withSliderCalibration<Q extends ScorableQuestion>(questions: readonly Q[], calibration: SliderCalibration | null): Q[] {
  if (!calibration) return [...questions];
  const fitted = new Map(calibration.items.map((it) => [it.id, it]));
  const perScale = new Map(calibration.scales.map((s) => [s.scale, s.n]));
  return questions.map((q) => {
    const fit = fitted.get(String(q.id));
    if (!fit || !q.scoring || q.scoring.scale !== fit.scale) return q;
    const calibratedOn = perScale.get(fit.scale) ?? calibration.n;
    return { ...q, scoring: { ...q.scoring, grm: { a: fit.a, thresholds: fit.thresholds, calibratedOn } } };
  });
}

/** A stored calibration is a slider one (the reasoning test's carry `kind: "calibrated"`). */
export function isSliderCalibration(value: unknown): value is SliderCalibration {
  return typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "grm";
}
