/**
 * Cognitive test scoring: proportion correct → an estimate on the mean-100 / SD-15 scale.
 *
 * Norming assumption (there is no normative sample behind this test): in the general adult
 * population the proportion correct on these items is taken to be Normal(mean 0.5, sd 0.18),
 * so IQ = 100 + 15 × (p − 0.5) / 0.18, clamped to 55-145 because a short test cannot
 * discriminate beyond three standard deviations.
 *
 * Standard error: the binomial standard error of p, sqrt(p̃(1 − p̃)/n), converted to IQ points
 * with the same 15/0.18 factor. p̃ = (correct + 1)/(n + 2) so that a perfect or zero score still
 * carries uncertainty. It reflects item sampling only, not doubt about the norm itself.
 */
import { IQ_DOMAIN_LABELS, IQ_DOMAINS, type IqDomain } from "../labels";
import { type AnswerMap, type ScorableQuestion, type ScoreResult, answerFor, summary } from "./common";

export const IQ_NORM = { meanProportion: 0.5, sdProportion: 0.18, min: 55, max: 145 } as const;

export interface IqBand {
  label: string;
  description: string;
}

/** Section 9 bands; a score must be strictly greater than `above` (so 130 is Superior, not Very Superior). */
export const IQ_BANDS: readonly (IqBand & { above: number })[] = [
  {
    above: 130,
    label: "Very Superior",
    description: "Reasoning performance well above the typical range, reached by roughly 2% of the general population.",
  },
  {
    above: 120,
    label: "Superior",
    description: "Clearly above-average reasoning: you identify patterns and draw sound conclusions quickly, even on complex problems.",
  },
  {
    above: 110,
    label: "High Average",
    description: "Reasoning at the upper end of the typical range; you handle most abstract problems with confidence.",
  },
  {
    above: 90,
    label: "Average",
    description: "Reasoning within the typical range of the general population, where about half of all adults score.",
  },
  {
    above: 80,
    label: "Low Average",
    description: "Reasoning at the lower end of the typical range; unfamiliar abstract problems may take more time.",
  },
  {
    above: Number.NEGATIVE_INFINITY,
    label: "Below Average",
    description: "A result below the typical range on this test; timing, familiarity and focus all influence a short online measure like this one.",
  },
];

export function iqBand(score: number): IqBand {
  const band = IQ_BANDS.find((b) => score > b.above) ?? IQ_BANDS[IQ_BANDS.length - 1]!;
  return { label: band.label, description: band.description };
}

export interface IqResultData {
  correctAnswers: number;
  totalQuestions: number;
  /** one decimal */
  estimate: number;
  /** one decimal, in IQ points */
  standardError: number;
  /** band label of the reported (rounded) score */
  band: string;
  /** per item family, for the families present in the test */
  domains: Partial<Record<IqDomain, { correct: number; total: number }>>;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Unanswered items count as incorrect: the denominator is every keyed multiple-choice item. */
export function scoreIq(questions: readonly ScorableQuestion[], answers: AnswerMap): ScoreResult<IqResultData> {
  const keyed = questions.filter((q) => q.type === "multiple-choice" && typeof q.correctAnswer === "string" && q.correctAnswer !== "");
  const n = keyed.length;
  if (n === 0) throw new Error("IQ scoring needs at least one keyed multiple-choice question");

  let correct = 0;
  const domains: IqResultData["domains"] = {};
  for (const q of keyed) {
    const ok = answerFor(answers, q.id) === q.correctAnswer;
    if (ok) correct += 1;
    const domain = IQ_DOMAINS.find((d) => d === q.scoring?.domain);
    if (domain) {
      const d = (domains[domain] ??= { correct: 0, total: 0 });
      d.total += 1;
      if (ok) d.correct += 1;
    }
  }

  const { meanProportion, sdProportion, min, max } = IQ_NORM;
  const p = correct / n;
  const raw = 100 + (15 * (p - meanProportion)) / sdProportion;
  const estimate = round1(Math.min(max, Math.max(min, raw)));
  const smoothed = (correct + 1) / (n + 2);
  const standardError = round1((15 * Math.sqrt((smoothed * (1 - smoothed)) / n)) / sdProportion);
  // The band follows the reported integer score so the label always matches the number shown.
  const score = Math.round(estimate);
  const band = iqBand(score);

  const lines = [
    `You answered ${correct} of ${n} questions correctly, giving an estimated score of ${score} (${band.label}). ${band.description}`,
    `Allowing for measurement error (±${standardError} points), your score most likely lies between ${Math.round(estimate - standardError)} and ${Math.round(estimate + standardError)}.`,
  ];
  const families = IQ_DOMAINS.flatMap((d) => {
    const r = domains[d];
    return r && r.total > 0 ? [{ d, ...r, rate: r.correct / r.total }] : [];
  }).sort((a, b) => b.rate - a.rate);
  const best = families[0];
  const worst = families.at(-1);
  if (best && worst && best.rate > worst.rate) {
    lines.push(
      `Your strongest area was ${IQ_DOMAIN_LABELS[best.d].toLowerCase()} (${best.correct} of ${best.total}); your weakest was ${IQ_DOMAIN_LABELS[worst.d].toLowerCase()} (${worst.correct} of ${worst.total}).`,
    );
  }
  lines.push(
    "This is an estimate from a short, untimed online reasoning test scored against an assumed population norm; it is not a clinical or diagnostic IQ assessment.",
  );

  return {
    score,
    resultType: band.label,
    resultSummary: summary(lines),
    resultData: { correctAnswers: correct, totalQuestions: n, estimate, standardError, band: band.label, domains },
  };
}
