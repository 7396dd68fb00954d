/**
 * Cognitive test scoring with an item-response model (3PL, guessing floor fixed at 1/options),
 * see irt/model.ts. The estimate is the posterior mean of θ (EAP, prior IQ_PRIOR) reported as
 * IQ = 100 + 15 θ, with a 90% interval from the posterior quantiles — it widens where the test has
 * little information (very high and very low scores).
 *
 * The norm is either
 * - provisional: the item parameters are the documented assumptions carried on each item
 *   (`scoring.irt`); because those assumptions may be off, the interval also carries the norm's
 *   doubt: an assumed SD of 5 IQ points in the norm's mean and 20% in its spread, added in
 *   quadrature to each side of the interval; or
 * - calibrated: parameters fitted to the people who took the test here (calibrateIq), scale set so
 *   that sample has mean 100 / SD 15; the interval is then the model's alone.
 */
import { calibrateItems, type CalibrationOutcome, type IqCalibration } from "../irt/calibrate";
import { type ItemParameters, IQ_SD, type NormalPrior, posterior, STANDARD_NORMAL, toIq } from "../irt/model";
import { IQ_DOMAIN_LABELS, IQ_DOMAINS, type IqDomain } from "../labels";
import { binomialUpperTail } from "../stats/distributions";
import { type AnswerMap, type Quality, type QualityFlag, type ScorableQuestion, type ScoreResult, answerFor, summary } from "./common";
import { INTERVAL_LEVEL, INTERVAL_Z } from "./measurement";

export type IqNormKind = "provisional" | "calibrated";

/**
 * Who takes the test, before any answer (docs/decisions/0056). On the provisional norm θ is on the
 * reference population's scale, but the people who take it here are mostly executives: the prior is
 * centred half an SD above that population's mean and wider than it (IQ 107.5, SD 18), so a high
 * scorer is pulled less far toward 100 while a low scorer's range still covers them. On a calibrated
 * norm the scale is set on the people who took the test here, whose distribution is then Normal(0, 1).
 */
export const IQ_PRIOR: Record<IqNormKind, NormalPrior> = { provisional: { mean: 0.5, sd: 1.2 }, calibrated: STANDARD_NORMAL };

/** Doubt about the provisional norm, in θ units: SD of its mean (5 IQ points) and of its spread (20%). */
export const PROVISIONAL_NORM_DOUBT = { meanSd: 1 / 3, scaleSd: 0.2 } as const;
/**
 * Doubt about a calibrated norm far from the middle: the calibration sample holds few people at
 * IQ 135+, so the hardest items' parameters rest on little data. Without it the 90% interval of
 * people at 135–145 covered 76% in the simulation (docs/decisions/0039).
 */
export const CALIBRATED_NORM_DOUBT = { meanSd: 0, scaleSd: 0.15 } as const;
/** Used for an iq item that carries no `scoring.irt` (should not happen with the seeded items). */
export const DEFAULT_ITEM = { a: 1, b: 0 } as const;
/** Performance this likely (or more) under pure guessing is "chance-level". */
export const CHANCE_P = 0.05;

export interface IqBand {
  label: string;
  description: string;
}

/** Section 9 bands; a score must be strictly greater than `above` (so 130 is Superior, not Very Superior). */
export const IQ_BANDS: readonly (IqBand & { above: number })[] = [
  { above: 130, label: "Very Superior", description: "An estimate more than two standard deviations above the mean of the scale." },
  {
    above: 120,
    label: "Superior",
    description:
      "An estimate clearly above the mean of the scale: you identified patterns and drew sound conclusions on most of the harder items.",
  },
  { above: 110, label: "High Average", description: "An estimate in the upper part of the typical range of the scale." },
  { above: 90, label: "Average", description: "An estimate within the typical range of the scale, around its mean." },
  { above: 80, label: "Low Average", description: "An estimate in the lower part of the typical range of the scale." },
  {
    above: Number.NEGATIVE_INFINITY,
    label: "Below Average",
    description:
      "An estimate below the typical range of the scale; timing, familiarity and focus all influence a short online measure like this one.",
  },
];

/** The band of a score. Which norm the scale rests on is said once, in the summary's last line. */
export function iqBand(score: number): IqBand {
  const band = IQ_BANDS.find((b) => score > b.above) ?? IQ_BANDS[IQ_BANDS.length - 1]!;
  return { label: band.label, description: band.description };
}

export interface IqEstimate {
  score: number;
  /** null at the floor: the test cannot tell how far below it a score lies */
  low: number | null;
  /** null at the ceiling: report "at least low" */
  high: number | null;
  level: number;
  ceiling: boolean;
  floor: boolean;
  /** the model's standard error in IQ points (posterior SD), one decimal; used for reliable change */
  se: number;
  norm: { kind: IqNormKind; n: number | null; date: string | null };
  /** the prior the estimate was made under, in θ units (absent on results from before decision 56: Normal(0, 1)) */
  prior?: NormalPrior;
}

export interface IqResultData {
  correctAnswers: number;
  totalQuestions: number;
  estimate: IqEstimate;
  /** = estimate.se, kept for readers of the earlier field */
  standardError: number;
  /** band label of the reported score */
  band: string;
  /** per item family, for the families present in the test */
  domains: Partial<Record<IqDomain, { correct: number; total: number }>>;
  quality: Quality;
}

export interface KeyedIqItem {
  id: string;
  question: ScorableQuestion;
  options: number;
  provisional: ItemParameters;
}

/** The scored items of a test: keyed multiple-choice questions, with their provisional parameters. */
export function keyedIqItems(questions: readonly ScorableQuestion[]): KeyedIqItem[] {
  return questions
    .filter((q) => q.type === "multiple-choice" && typeof q.correctAnswer === "string" && q.correctAnswer !== "")
    .map((q) => {
      const options = Math.max(2, q.options?.length ?? 4);
      const irt = q.scoring?.irt ?? DEFAULT_ITEM;
      const c = "c" in irt && typeof irt.c === "number" ? irt.c : 1 / options;
      const d = "d" in irt && typeof irt.d === "number" ? irt.d : undefined;
      return { id: String(q.id), question: q, options, provisional: { a: irt.a, b: irt.b, c, ...(d === undefined ? {} : { d }) } };
    });
}

/** Item parameters to score with: the calibration when it covers every keyed item, otherwise provisional. */
function parametersFor(items: readonly KeyedIqItem[], calibration?: IqCalibration | null) {
  if (calibration) {
    const byId = new Map(calibration.items.map((it) => [it.id, it]));
    if (items.every((it) => byId.has(it.id))) {
      return { kind: "calibrated" as const, params: items.map((it) => byId.get(it.id)!), calibration };
    }
  }
  return { kind: "provisional" as const, params: items.map((it) => it.provisional), calibration: null };
}

/**
 * Fits the items to the answers of at least MIN_CALIBRATION_PEOPLE people (pass one answer set per
 * person: their first complete, unflagged attempt). Items a person was not asked are left out, as in
 * scoring (an adaptive attempt asks a subset).
 */
export function calibrateIq(
  questions: readonly ScorableQuestion[],
  answerSets: readonly AnswerMap[],
  date: Date = new Date(),
): CalibrationOutcome {
  const items = keyedIqItems(questions);
  const matrix = answerSets.map((answers) =>
    items.map((it): 0 | 1 | null => {
      const answer = answerFor(answers, it.question.id);
      return answer === undefined ? null : answer === it.question.correctAnswer ? 1 : 0;
    }),
  );
  return calibrateItems(
    items.map((it) => it.id),
    items.map((it) => it.provisional.c),
    matrix,
    date,
    items.map((it) => it.provisional),
  );
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Scores the items the person was shown and answered: an adaptive administration asks a subset, so
 * an item never asked says nothing. A fixed-order client that answers everything gets every item
 * scored; "incomplete" is added by scoreAttempt when the administration was not finished.
 */
export function scoreIq(
  questions: readonly ScorableQuestion[],
  answers: AnswerMap,
  calibration?: IqCalibration | null,
): ScoreResult<IqResultData> {
  const all = keyedIqItems(questions);
  if (all.length === 0) throw new Error("IQ scoring needs at least one keyed multiple-choice question");
  const { kind, params: allParams, calibration: used } = parametersFor(all, calibration);
  const asked = all.flatMap((it, j) => (answerFor(answers, it.question.id) === undefined ? [] : [{ it, p: allParams[j]! }]));
  // Nothing answered: score as the whole test unanswered (all wrong), as before, so the result is defined.
  const items = asked.length > 0 ? asked.map((a) => a.it) : all;
  const params = asked.length > 0 ? asked.map((a) => a.p) : allParams;
  const n = items.length;

  let correct = 0;
  const responses: (0 | 1)[] = [];
  const domains: IqResultData["domains"] = {};
  for (const { question: q } of items) {
    const ok = answerFor(answers, q.id) === q.correctAnswer;
    responses.push(ok ? 1 : 0);
    if (ok) correct += 1;
    const domain = IQ_DOMAINS.find((d) => d === q.scoring?.domain);
    if (domain) {
      const d = (domains[domain] ??= { correct: 0, total: 0 });
      d.total += 1;
      if (ok) d.correct += 1;
    }
  }
  const answered = asked.length;

  const post = posterior(params, responses, IQ_PRIOR[kind]);
  const tail = (1 - INTERVAL_LEVEL) / 2;
  const doubt = kind === "provisional" ? PROVISIONAL_NORM_DOUBT : CALIBRATED_NORM_DOUBT;
  const extra = (theta: number) => INTERVAL_Z * Math.hypot(doubt.meanSd, doubt.scaleSd * theta);
  const lowTheta = post.mean - Math.hypot(post.mean - post.quantile(tail), extra(post.quantile(tail)));
  const highTheta = post.mean + Math.hypot(post.quantile(1 - tail) - post.mean, extra(post.quantile(1 - tail)));

  // Chance: the number correct is not above what guessing alone gives with probability >= 5%.
  const guessRate = params.reduce((s, p) => s + p.c, 0) / n;
  const chanceLevel = binomialUpperTail(correct, n, guessRate) >= CHANCE_P;
  const ceiling = n - correct <= Math.floor(n / 20);
  const floor = correct <= Math.round(guessRate * n);
  const flags: QualityFlag[] = [];
  if (chanceLevel) flags.push("chance-level");
  if (ceiling) flags.push("ceiling");
  if (floor) flags.push("floor");
  if (answered < all.length && answered === 0) flags.push("incomplete");

  const score = Math.round(toIq(post.mean));
  const estimate: IqEstimate = {
    score,
    low: floor ? null : Math.round(toIq(lowTheta)),
    high: ceiling ? null : Math.round(toIq(highTheta)),
    level: INTERVAL_LEVEL,
    ceiling,
    floor,
    se: round1(post.sd * IQ_SD),
    norm: { kind, n: used?.n ?? null, date: used?.date ?? null },
    prior: IQ_PRIOR[kind],
  };
  const band = iqBand(score);

  const lines = [`You answered ${correct} of ${n} questions correctly.`];
  if (chanceLevel) {
    lines.push(
      `That is within the range that guessing alone produces on questions with ${Math.round(items.reduce((s, it) => s + it.options, 0) / n)} options, so this result is not a measurement of your reasoning; if you were interrupted or rushed, a retake will say more.`,
    );
  } else {
    const range = ceiling
      ? `at least ${estimate.low}: you reached the top of what this test can measure`
      : floor
        ? `at most ${estimate.high}`
        : `between ${estimate.low} and ${estimate.high}`;
    lines.push(`Your estimated score is ${score} (${band.label}); with 90% confidence it lies ${range}. ${band.description}`);
  }
  const families = IQ_DOMAINS.flatMap((d) => {
    const r = domains[d];
    return r && r.total > 0 ? [{ d, ...r, rate: r.correct / r.total }] : [];
  }).sort((a, b) => b.rate - a.rate);
  const best = families[0];
  const worst = families.at(-1);
  if (!chanceLevel && best && worst && best.rate > worst.rate) {
    lines.push(
      `You did best on ${IQ_DOMAIN_LABELS[best.d].toLowerCase()} (${best.correct} of ${best.total}) and least well on ${IQ_DOMAIN_LABELS[worst.d].toLowerCase()} (${worst.correct} of ${worst.total}); with so few items per family this is a description, not a measured difference.`,
    );
  }
  lines.push(
    kind === "calibrated"
      ? `The scale is set on the ${used!.n} people who have taken this test here (mean 100, SD 15). This is a short online reasoning test without a time limit, not a clinical or diagnostic IQ assessment.`
      : "The scale is provisional: it rests on assumed item difficulties until enough people have taken the test here to calibrate it, and the range above allows for that. This is a short online reasoning test without a time limit, not a clinical or diagnostic IQ assessment.",
  );

  return {
    score,
    resultType: band.label,
    resultSummary: summary(lines),
    resultData: {
      correctAnswers: correct,
      totalQuestions: n,
      estimate,
      standardError: estimate.se,
      band: band.label,
      domains,
      quality: { flags },
    },
  };
}
