/**
 * The displayed 90% ranges once the slider items are calibrated (docs/decisions/0057). Every scale is
 * calibrated (irt/calibrate-grm.ts) on the first attempts of `people` simulated takers, 5% of them
 * random clickers, leaving out attempts the scorer flags (as the app does); then `people` new takers
 * answer the adaptive test and are scored with the fitted parameters, and each scale's range is
 * checked against their true score, as slider-figures.ts does with the provisional parameters.
 */
import { calibrateGrmScale } from "../irt/calibrate-grm";
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

/** The bank's questions with every scale's items replaced by their calibration on `sample`. */
function calibrate(world: SliderWorld, sample: readonly Record<string, string>[]): ScorableQuestion[] {
  const questions = world.questions.map((q) => ({ ...q, scoring: { ...q.scoring! } }));
  for (const scale of world.scales) {
    const indices = questions.flatMap((q, j) => (q.scoring.scale === scale ? [j] : []));
    const start = indices.map((j) => ({
      a: questions[j]!.scoring.grm!.a,
      thresholds: [...questions[j]!.scoring.grm!.thresholds],
      keying: world.truth[j]!.keying,
    }));
    const matrix = sample.map((answers) =>
      indices.map((j) => {
        const value = answers[String(questions[j]!.id)];
        return value === undefined ? null : Number(value) - 1;
      }),
    );
    const fit = calibrateGrmScale(start, matrix);
    indices.forEach((j, k) => {
      const { a, thresholds } = fit.items[k]!;
      questions[j]!.scoring.grm = { a, thresholds: thresholds as [number, number, number, number], calibratedOn: fit.n };
    });
  }
  return questions;
}

export function calibratedCoverage(type: SliderType, seed: number, people: number, bank: Bank = "synthetic"): CalibratedCoverage {
  const world = bank === "real" ? realSliderWorld(type, seed) : sliderWorld(type, seed);
  const sample: Record<string, string>[] = [];
  for (let i = 0; i < people; i++) {
    const p = i % 20 === 19 ? clicker(world) : person(world);
    const answers = takeAdaptive(world, world.questions, p);
    const flags = (scoreAttempt(type, world.questions, answers).resultData as Data).quality.flags;
    if (!flags.includes("careless") && !flags.includes("straight-lining")) sample.push(answers);
  }
  const questions = calibrate(world, sample);
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

export function calibratedRows(figs: readonly CalibratedCoverage[]): Row[] {
  const type = figs[0]!.type;
  return [
    row(type, figs, "90% range covers the true score once calibrated, lowest scale", (f) => Math.min(...f.coverage), ">=", 0.88),
    row(type, figs, "90% range covers the true score once calibrated, highest scale", (f) => Math.max(...f.coverage), "<=", 0.92),
    row(type, figs, "first, unflagged attempts the calibration rested on (number)", (f) => f.calibratedOn, "info", null),
  ];
}
