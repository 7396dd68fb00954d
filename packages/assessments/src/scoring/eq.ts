/**
 * Emotional intelligence scoring by IRT (graded-response EAP per domain, docs/decisions/0037).
 * The overall score is the mean of the five domain θs shown on 0–100, with its error from the
 * posterior (not a fixed figure). A strongest or weakest domain is named only when the probability
 * that it is the person's true strongest (weakest) clears VERDICT_PROBABILITY.
 */
import { sliderFiftyMeans } from "../results";
import { EQ_CATEGORIES, EQ_CATEGORY_DESCRIPTIONS, EQ_CATEGORY_LABELS, type EqCategory } from "../labels";
import { type AnswerMap, type Quality, type ScorableQuestion, type ScoreResult, joinWords, lowerFirst, summary } from "./common";
import { INTERVAL_Z, type Interval } from "./measurement";
import { CARELESS_WORDS, chanceWords, scoreProfile } from "./profile";
import { type Latencies, shown } from "./slider";

export interface EqResultData {
  /** shown score 0–100 per domain (50 + 15 θ) */
  categories: Record<EqCategory, number>;
  /** 90% range for the person's score per domain */
  intervals: Record<EqCategory, Interval>;
  /** posterior SD per domain in shown points, one decimal */
  standardErrors: Record<EqCategory, number>;
  /** posterior SD of the overall score in shown points, one decimal */
  overallStandardError: number;
  strongest: EqCategory | null;
  weakest: EqCategory | null;
  quality: Quality;
  overallInterval: Interval;
  probabilities: Record<EqCategory, number>;
  lowProbabilities: Record<EqCategory, number>;
  theta: Record<EqCategory, number>;
  se: Record<EqCategory, number>;
  personFit: number | null;
  answered: number;
  /** people the items' calibration rests on, when the scores are relative to them (decision 57); absent on the provisional norm */
  calibratedOn?: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const NO_CLEAR_STRONGEST = "No clear strongest domain";

export function scoreEq(questions: readonly ScorableQuestion[], answers: AnswerMap, latencies?: Latencies): ScoreResult<EqResultData> {
  const p = scoreProfile("eq", questions, answers, EQ_CATEGORIES, latencies);
  const k = EQ_CATEGORIES.length;
  // Mean of independent domain posteriors: its SD is √(Σ se²) / k.
  const overallTheta = EQ_CATEGORIES.reduce((s, c) => s + p.theta[c], 0) / k;
  const overallSe = Math.sqrt(EQ_CATEGORIES.reduce((s, c) => s + p.se[c] ** 2, 0)) / k;
  const score = shown(overallTheta);
  const half = INTERVAL_Z * p.allowance * overallSe;
  const overallInterval = { low: shown(overallTheta - half), high: shown(overallTheta + half) };
  const flags = p.quality.flags;
  const label = (c: EqCategory) => `${EQ_CATEGORY_LABELS[c]} (${p.scores[c]}, likely ${p.intervals[c].low}–${p.intervals[c].high})`;
  const lines = [
    `Your overall emotional intelligence score is ${score} (${sliderFiftyMeans(p.calibratedOn)}; likely ${overallInterval.low}–${overallInterval.high}).`,
  ];
  if (flags.includes("straight-lining")) {
    lines.push(
      "Almost all of your answers were the same point on the scale, so the result cannot separate the domains: no strongest or weakest domain is named. Retaking it with answers that reflect each statement will give a usable profile.",
    );
  } else if (flags.includes("careless")) {
    lines.push(CARELESS_WORDS);
  } else {
    if (p.topNamed) {
      lines.push(
        `Your strongest domain is ${label(p.topNamed)}: ${lowerFirst(EQ_CATEGORY_DESCRIPTIONS[p.topNamed])}`,
        `Your answers make it ${chanceWords(p.probabilities[p.topNamed])} that this is your strongest domain; it is the one to build on.`,
      );
    } else {
      lines.push(
        `No single strongest domain: your answers do not settle whether ${joinWords(
          [p.top, ...p.contenders].map((c) => EQ_CATEGORY_LABELS[c]),
          "or",
        )} is your strongest. ${EQ_CATEGORY_LABELS[p.top]} is the most likely (${chanceWords(p.probabilities[p.top])}), which is not sure enough to name it.`,
      );
    }
    if (p.bottomNamed) {
      lines.push(
        `The domain with the most room to grow is ${label(p.bottomNamed)} (${chanceWords(p.lowProbabilities[p.bottomNamed])} that it is your least developed); focused practice here is likely to change most how others experience you.`,
      );
    }
  }
  lines.push(
    "Each domain score is an estimate from your answers to its statements; the ranges show where your score plausibly lies (90%).",
  );
  return {
    score,
    resultType: p.topNamed ? EQ_CATEGORY_LABELS[p.topNamed] : NO_CLEAR_STRONGEST,
    resultSummary: summary(lines),
    resultData: {
      categories: p.scores,
      intervals: p.intervals,
      standardErrors: p.standardErrors,
      overallStandardError: round1(15 * overallSe),
      strongest: p.topNamed,
      weakest: p.bottomNamed,
      quality: p.quality,
      overallInterval,
      probabilities: p.probabilities,
      lowProbabilities: p.lowProbabilities,
      theta: p.theta,
      se: p.se,
      personFit: p.fit,
      answered: p.answered,
      ...(p.calibratedOn === null ? {} : { calibratedOn: p.calibratedOn }),
    },
  };
}
