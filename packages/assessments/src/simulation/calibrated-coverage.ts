/**
 * The displayed 90% ranges once the slider items are calibrated (docs/decisions/0057). Every scale is
 * calibrated (irt/calibrate-slider.ts) on the first attempts of simulated takers, 5% of them random
 * clickers, leaving out attempts the scorer flags (as the app does); then `people` new takers
 * answer the adaptive test and are scored with the fitted parameters, and each scale's range is
 * checked against their true score, as slider-figures.ts does with the provisional parameters.
 */
import {
  CALIBRATED_SLIDER_TYPES,
  MIN_SLIDER_CALIBRATION_PEOPLE,
  calibrateSliderTest,
  withSliderCalibration,
} from "../irt/calibrate-slider";
import { scoreAttempt } from "../scoring";
import type { ScorableQuestion } from "../scoring/common";
import { administer } from "./administer";
import { realSliderWorld } from "./real-bank";
import { type Row, row } from "./report";
import type { Bank } from "./slider-figures";
import { answerItem, clicker, person, sliderWorld, type SliderType, type SliderWorld } from "./world";

export interface CalibratedCoverage {
  type: SliderType;
  seed: number;
  /** attempts the calibration rested on (first, unflagged) */
  calibratedOn: number;
  /** per scale: share of new takers whose displayed range held their true score */
  coverage: number[];
}

type Data = { intervals?: Record<string, { low: number; high: number }>; quality: { flags: string[] } };

const takeAdaptive = (world: SliderWorld, questions: readonly ScorableQuestion[], p: ReturnType<typeof person>) =>
  administer(world.type, questions, (j) => answerItem(world, world.truth[j]!, p));

/**
 * `people` new takers scored on a calibration fitted to `sampleSize` first, unflagged attempts (as many
 * as `people` unless told; MIN_SLIDER_CALIBRATION_PEOPLE tests the smallest sample the app calibrates on).
 */
export function calibratedCoverage(
  type: SliderType,
  seed: number,
  people: number,
  bank: Bank = "synthetic",
  sampleSize = people,
): CalibratedCoverage {
  const world = bank === "real" ? realSliderWorld(type, seed) : sliderWorld(type, seed);
  const sample: Record<string, string>[] = [];
  for (let i = 0; sample.length < sampleSize; i++) {
    const p = i % 20 === 19 ? clicker(world) : person(world);
    const answers = takeAdaptive(world, world.questions, p);
    const flags = (scoreAttempt(type, world.questions, answers).resultData as Data).quality.flags;
    if (!flags.includes("careless") && !flags.includes("straight-lining")) sample.push(answers);
  }
  const fit = calibrateSliderTest(world.questions, sample, new Date(0), 1);
  if (!fit.ok) throw new Error("no calibration sample");
  const questions = withSliderCalibration(world.questions, fit.calibration);
  const covered = world.scales.map(() => 0);
  for (let i = 0; i < people; i++) {
    const p = person(world);
    const data = scoreAttempt(type, questions, takeAdaptive(world, questions, p)).resultData as Data;
    world.scales.forEach((s, k) => {
      const interval = data.intervals?.[s];
      const truth =
        type === "personality" ? Math.max(-100, Math.min(100, -40 * p.theta[s]!)) : Math.max(0, Math.min(100, 50 + 15 * p.theta[s]!));
      if (interval && truth >= interval.low - 0.5 && truth <= interval.high + 0.5) covered[k]! += 1;
    });
  }
  return { type, seed, calibratedOn: sample.length, coverage: covered.map((c) => c / people) };
}

function calibratedRows(figs: readonly CalibratedCoverage[], sample: string): Row[] {
  const type = figs[0]!.type;
  return [
    row(
      type,
      figs,
      `90% range covers the true score once calibrated on ${sample}, lowest scale`,
      (f) => Math.min(...f.coverage),
      ">=",
      0.88,
    ),
    row(
      type,
      figs,
      `90% range covers the true score once calibrated on ${sample}, highest scale`,
      (f) => Math.max(...f.coverage),
      "<=",
      0.92,
    ),
  ];
}

/**
 * The calibrated ranges of a test the app calibrates (CALIBRATED_SLIDER_TYPES), per seed: on a sample
 * as large as `people`, and on the smallest the app calibrates on (MIN_SLIDER_CALIBRATION_PEOPLE).
 */
export function calibratedTargetRows(type: SliderType, seeds: readonly number[], people: number, bank: Bank): Row[] {
  if (!(CALIBRATED_SLIDER_TYPES as readonly string[]).includes(type)) return [];
  const minimum = MIN_SLIDER_CALIBRATION_PEOPLE;
  return [
    ...calibratedRows(
      seeds.map((seed) => calibratedCoverage(type, seed, people, bank)),
      `${people.toLocaleString("en-US")} people`,
    ),
    ...calibratedRows(
      seeds.map((seed) => calibratedCoverage(type, seed, people, bank, minimum)),
      `the minimum, ${minimum.toLocaleString("en-US")} people`,
    ),
  ];
}
