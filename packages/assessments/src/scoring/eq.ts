/**
 * Emotional intelligence scoring: each domain is the mean of its items (reverse-keyed items as
 * 6 − r) mapped onto 0-100; the overall score is the mean of the five rounded domain scores.
 * Each domain carries a 90% interval from its standard error; a strongest or weakest domain is
 * named only when it stands clear of every other domain by more than measurement error.
 */
import { EQ_CATEGORIES, EQ_CATEGORY_DESCRIPTIONS, EQ_CATEGORY_LABELS, type EqCategory } from "../labels";
import {
  type AnswerMap,
  type Quality,
  type ScorableQuestion,
  type ScoreResult,
  joinWords,
  lowerFirst,
  rawScaleScores,
  sliderQuality,
  summary,
} from "./common";
import { type Interval, clearExtreme, scoreInterval, standardError } from "./measurement";
import { EQ_OVERALL, type ScaleNorms, normFor } from "./norms";

export interface EqResultData {
  categories: Record<EqCategory, number>;
  /** 90% interval per domain */
  intervals: Record<EqCategory, Interval>;
  /** standard error of measurement per domain, one decimal */
  standardErrors: Record<EqCategory, number>;
  /** standard error of the overall score, one decimal */
  overallStandardError: number;
  /** named only when clear of every other domain by more than measurement error */
  strongest: EqCategory | null;
  weakest: EqCategory | null;
  quality: Quality;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const NO_CLEAR_STRONGEST = "No clear strongest domain";

export function scoreEq(questions: readonly ScorableQuestion[], answers: AnswerMap, norms?: ScaleNorms): ScoreResult<EqResultData> {
  const raw = rawScaleScores(questions, answers, EQ_CATEGORIES);
  const categories = {} as Record<EqCategory, number>;
  const intervals = {} as Record<EqCategory, Interval>;
  const standardErrors = {} as Record<EqCategory, number>;
  for (const c of EQ_CATEGORIES) {
    categories[c] = Number.isNaN(raw[c]) ? 0 : Math.round(raw[c]);
    const sem = standardError(normFor("eq", c, norms));
    standardErrors[c] = round1(sem);
    intervals[c] = scoreInterval(categories[c], sem, 0, 100);
  }
  const score = Math.round(EQ_CATEGORIES.reduce((s, c) => s + categories[c], 0) / EQ_CATEGORIES.length);
  const quality = sliderQuality(questions, answers);
  const noVerdict = quality.flags.includes("straight-lining");

  const high = clearExtreme(categories, standardErrors, EQ_CATEGORIES, "highest");
  const low = clearExtreme(categories, standardErrors, EQ_CATEGORIES, "lowest");
  const strongest = noVerdict ? null : high.clear;
  const weakest = noVerdict ? null : low.clear;

  const label = (c: EqCategory) => `${EQ_CATEGORY_LABELS[c]} (${categories[c]}, likely ${intervals[c].low}–${intervals[c].high})`;
  const lines = [`Your overall emotional intelligence score is ${score} out of 100 on this questionnaire.`];
  if (noVerdict) {
    lines.push(
      "Almost all of your answers were the same point on the scale, so the result cannot separate the domains: no strongest or weakest domain is named. Retaking it with answers that reflect each statement will give a usable profile.",
    );
  } else {
    if (strongest) {
      lines.push(`Your strongest domain is ${label(strongest)}: ${lowerFirst(EQ_CATEGORY_DESCRIPTIONS[strongest])}`);
    } else {
      lines.push(
        `No single strongest domain: ${joinWords([high.top, ...high.withinError].map((c) => EQ_CATEGORY_LABELS[c]))} are within measurement error of each other.`,
      );
    }
    if (weakest) {
      lines.push(
        `The domain with the most room to grow is ${label(weakest)}; focused practice here is likely to change most how others experience you.`,
      );
    } else if (strongest) {
      lines.push(
        `No single weakest domain: ${joinWords([low.top, ...low.withinError].map((c) => EQ_CATEGORY_LABELS[c]))} are within measurement error of each other.`,
      );
    }
  }
  lines.push("Each domain score is an estimate from six statements; the ranges show where a retake would plausibly fall (90%).");
  return {
    score,
    resultType: strongest ? EQ_CATEGORY_LABELS[strongest] : NO_CLEAR_STRONGEST,
    resultSummary: summary(lines),
    resultData: {
      categories,
      intervals,
      standardErrors,
      overallStandardError: round1(standardError(normFor("eq", EQ_OVERALL, norms))),
      strongest,
      weakest,
      quality,
    },
  };
}
