/**
 * The IQ figures of issue 29's "Done when" list, for one seed: 90% interval coverage per band of true
 * IQ 85–145, error for true IQ 115–135, executives at the ceiling, items and minutes, reliable change,
 * and coverage after calibrating on a sample with 5% random clickers and 20% practised retakers —
 * both as the sample comes (everyone's latest attempt) and with the rule the API must apply (each
 * person's first attempt, chance-level results left out).
 */
import type { IqCalibration } from "../irt/calibrate";
import { calibrateIq, scoreAttempt } from "../scoring";
import { resultChange } from "../scoring/change";
import type { IqResultData } from "../scoring/iq";
import { normal, rng } from "../testing/simulate";
import { administer } from "./administer";
import { realIqWorld } from "./real-bank";
import type { Bank } from "./slider-figures";
import { iqAnswer, iqWorld, type IqWorld } from "./world";

export interface IqFigures {
  seed: number;
  people: number;
  /** coverage per 10-point band of true IQ (85–95 … 135–145), lowest; and per band */
  coverageMin: number;
  coverage: Record<string, number>;
  /** root-mean-square error (IQ points) for true IQ 115–135, on its own sample of `people`, and its standard error */
  error115to135: number;
  error115to135Se: number;
  executivesAtCeiling: number;
  meanItems: number;
  maxMinutes: number;
  /** unchanged people: reliable change; people up 15 points: flagged */
  falseChange: number;
  trueChangeFlagged: number;
  /** lowest band coverage after calibration: raw sample / first unflagged attempts */
  calibratedCoverageRaw: number;
  calibratedCoverageFiltered: number;
  /** per band, after calibrating on first, unflagged attempts */
  calibratedCoverage: Record<string, number>;
  /** unchanged people, first scored provisional and then on the calibration: reliable change (not rescored / rescored) */
  falseChangeAcrossRecalibration: number;
  falseChangeRescored: number;
}

const BANDS = [85, 95, 105, 115, 125, 135];
type Attempt = { answers: Record<string, string>; resultData: IqResultData; score: number };

function attempt(world: IqWorld, theta: number | "random", calibration?: IqCalibration | null): Attempt {
  const answers = administer("iq", world.questions, (j) => iqAnswer(world, j, theta));
  const r = scoreAttempt("iq", world.questions, answers, { calibration });
  return { answers, resultData: r.resultData as IqResultData, score: r.score };
}

/** Lowest band coverage of new people (true IQ uniform 85–145) scored with `calibration`. */
function bandCoverage(world: IqWorld, rand: () => number, n: number, calibration?: IqCalibration | null) {
  const hits = BANDS.map(() => 0);
  const counts = BANDS.map(() => 0);
  for (let i = 0; i < n; i++) {
    const theta = -1 + 4 * rand();
    const iq = 100 + 15 * theta;
    const data = attempt(world, theta, calibration).resultData;
    const b = Math.min(BANDS.length - 1, Math.floor((iq - 85) / 10));
    counts[b]! += 1;
    const { low, high } = data.estimate;
    if ((low ?? -Infinity) <= iq && iq <= (high ?? Infinity)) hits[b]! += 1;
  }
  const coverage = Object.fromEntries(BANDS.map((b, i) => [`${b}-${b + 10}`, hits[i]! / counts[i]!]));
  return { coverage, min: Math.min(...Object.values(coverage)) };
}

/**
 * Error for true IQ 115–135 on a sample of its own: taken from the band-coverage sample, it rested
 * on a third of the people and its sampling error (about 0.1 point) was as large as the distance
 * to its target. The standard error is the delta method's, from the spread of the squared errors.
 */
function errorInBand(world: IqWorld, rand: () => number, n: number): { rmse: number; se: number } {
  const squares: number[] = [];
  for (let i = 0; i < n; i++) {
    const iq = 115 + 20 * rand();
    squares.push((attempt(world, (iq - 100) / 15).resultData.estimate.score - iq) ** 2);
  }
  const mse = squares.reduce((s, v) => s + v, 0) / n;
  const variance = squares.reduce((s, v) => s + (v - mse) ** 2, 0) / (n - 1);
  const rmse = Math.sqrt(mse);
  return { rmse, se: Math.sqrt(variance / n) / (2 * rmse) };
}

function calibrate(world: IqWorld, rand: () => number, n: number, filtered: boolean): IqCalibration {
  const sets: Record<string, string>[] = [];
  for (let i = 0; i < n; i++) {
    const u = rand();
    if (u < 0.05) {
      const a = attempt(world, "random");
      if (!filtered || !a.resultData.quality.flags.includes("chance-level")) sets.push(a.answers);
      continue;
    }
    const theta = normal(rand);
    // 20% retook it after practice (+0.5 SD); the raw sample holds their latest attempt.
    const practised = u < 0.25;
    sets.push(attempt(world, practised && !filtered ? theta + 0.5 : theta).answers);
  }
  const outcome = calibrateIq(world.questions, sets);
  if (!outcome.ok) throw new Error("calibration sample too small");
  return outcome.calibration;
}

export function iqFigures(seed: number, people: number, bank: Bank = "synthetic"): IqFigures {
  const world = bank === "real" ? realIqWorld(seed) : iqWorld(seed);
  const rand = rng(seed * 7919 + 1);
  const provisional = bandCoverage(world, rand, people);
  const error = errorInBand(world, rand, people);
  let ceiling = 0,
    items = 0,
    maxItems = 0,
    falseAlarms = 0,
    power = 0;
  for (let i = 0; i < people; i++) {
    const theta = 20 / 15 + (12 / 15) * normal(rand);
    const a = attempt(world, theta);
    items += Object.keys(a.answers).length;
    maxItems = Math.max(maxItems, Object.keys(a.answers).length);
    if (a.resultData.estimate.ceiling) ceiling += 1;
    if (resultChange("iq", a, attempt(world, theta))?.headline?.reliable) falseAlarms += 1;
    if (i % 2 === 0 && resultChange("iq", a, attempt(world, theta + 1))?.headline?.reliable) power += 1;
  }
  // At least 300, so the filtered sample still clears MIN_CALIBRATION_PEOPLE.
  const calibrationPeople = Math.max(300, Math.min(2000, people));
  const raw = calibrate(world, rand, calibrationPeople, false);
  const filtered = calibrate(world, rand, calibrationPeople, true);
  const covRaw = bandCoverage(world, rand, Math.ceil(people / 2), raw);
  const covFiltered = bandCoverage(world, rand, Math.ceil(people / 2), filtered);
  let across = 0,
    rescored = 0;
  const recal = Math.ceil(people / 4);
  for (let i = 0; i < recal; i++) {
    const theta = normal(rand);
    const before = attempt(world, theta);
    const after = attempt(world, theta, filtered);
    if (resultChange("iq", before, after)?.headline?.reliable) across += 1;
    const beforeRescored = scoreAttempt("iq", world.questions, before.answers, { calibration: filtered });
    if (resultChange("iq", beforeRescored, after)?.headline?.reliable) rescored += 1;
  }
  return {
    seed,
    people,
    coverageMin: provisional.min,
    coverage: provisional.coverage,
    error115to135: error.rmse,
    error115to135Se: error.se,
    executivesAtCeiling: ceiling / people,
    meanItems: items / people,
    maxMinutes: (maxItems * 50 + 60) / 60,
    falseChange: falseAlarms / people,
    trueChangeFlagged: power / Math.ceil(people / 2),
    calibratedCoverageRaw: covRaw.min,
    calibratedCoverageFiltered: covFiltered.min,
    calibratedCoverage: covFiltered.coverage,
    falseChangeAcrossRecalibration: across / recal,
    falseChangeRescored: rescored / recal,
  };
}
