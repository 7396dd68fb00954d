/**
 * Personality type scoring by IRT (docs/decisions/0037): each axis is a graded-response EAP on a
 * trait θ whose positive side is the axis's second pole (I, N, F, P). A letter is firm when the
 * posterior probability that the person's true trait lies on that side reaches FIRM_PROBABILITY
 * (set by simulation so firm letters repeat on a retake ≥ 95%, docs/decisions/0039); otherwise it
 * is shown as "-" in the code. The raw pole points (5 − r / r − 1 per answer) are kept for readers
 * of the earlier fields.
 */
import {
  PERSONALITY_AXES,
  PERSONALITY_POLE_DESCRIPTIONS,
  PERSONALITY_POLE_LABELS,
  type PersonalityAxis,
  type PersonalityPole,
} from "../labels";
import {
  type AnswerMap,
  type Quality,
  type ScorableQuestion,
  type ScoreResult,
  answerFor,
  joinWords,
  parseSlider,
  summary,
} from "./common";
import { probabilityAbove, retakeSameSide } from "./probability";
import { CARELESS_WORDS, chanceWords } from "./profile";
import { INTERVAL_Z, type Interval } from "./measurement";
import { type Latencies, noVerdict, sliderEstimates } from "./slider";

import { FIRM_PROBABILITY } from "./thresholds";

export { FIRM_PROBABILITY };

export interface PersonalityAxisResult {
  /** the pole the answers lean to (a tie goes to the second pole) */
  letter: PersonalityPole;
  /** |balance|, 0-100 */
  clarity: number;
  /** true when the letter is not firm */
  tentative: boolean;
  /** model-predicted probability (0-1, two decimals) that a retake gives the same letter */
  agreement: number;
  /** posterior probability (0-1, two decimals) that the person's true preference is this letter */
  probability: number;
}

export type PersonalityResultData = Record<PersonalityPole, number> & {
  clarity: Record<PersonalityAxis, number>;
  /** signed balance per axis, −100 (second pole) … 100 (first pole): −40 θ, rounded and clamped */
  balance: Record<PersonalityAxis, number>;
  /** posterior SD of the balance per axis, one decimal */
  standardErrors: Record<PersonalityAxis, number>;
  /** 90% range for the person's balance per axis (same widening as the other slider ranges) */
  intervals: Record<PersonalityAxis, Interval>;
  tentative: PersonalityAxis[];
  axes: Record<PersonalityAxis, PersonalityAxisResult>;
  letters: string;
  typeCode: string;
  quality: Quality;
  theta: Record<PersonalityAxis, number>;
  se: Record<PersonalityAxis, number>;
  personFit: number | null;
  /** people the items' calibration rests on, when the scores are relative to them (decision 57); absent on the provisional norm */
  calibratedOn?: number;
};

const POLES: readonly PersonalityPole[] = ["E", "I", "S", "N", "T", "F", "J", "P"];
const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;
const BALANCE_PER_THETA = 40;
/** θ (positive = second pole) → the signed balance shown, positive toward the first pole. */
export const toBalance = (theta: number) => Math.max(-100, Math.min(100, Math.round(-BALANCE_PER_THETA * theta)));

function polePoints(questions: readonly ScorableQuestion[], answers: AnswerMap): Record<PersonalityPole, number> {
  const counts = Object.fromEntries(POLES.map((p) => [p, 0])) as Record<PersonalityPole, number>;
  for (const q of questions) {
    const axis = PERSONALITY_AXES.find((a) => a.key === q.scoring?.scale);
    const r = parseSlider(answerFor(answers, q.id));
    const left = q.scoring?.leftPole as PersonalityPole | undefined;
    const right = q.scoring?.rightPole as PersonalityPole | undefined;
    const poles = axis ? [axis.first, axis.second] : [];
    if (r === null || !left || !right || left === right || !poles.includes(left) || !poles.includes(right)) continue;
    counts[left] += 5 - r;
    counts[right] += r - 1;
  }
  return counts;
}

export function scorePersonality(
  questions: readonly ScorableQuestion[],
  answers: AnswerMap,
  latencies?: Latencies,
): ScoreResult<PersonalityResultData> {
  const keys = PERSONALITY_AXES.map((a) => a.key);
  const est = sliderEstimates("personality", questions, answers, keys, latencies);
  const blocked = noVerdict(est.quality);
  const clarity = {} as Record<PersonalityAxis, number>;
  const balance = {} as Record<PersonalityAxis, number>;
  const standardErrors = {} as Record<PersonalityAxis, number>;
  const intervals = {} as Record<PersonalityAxis, Interval>;
  const theta = {} as Record<PersonalityAxis, number>;
  const se = {} as Record<PersonalityAxis, number>;
  const axes = {} as Record<PersonalityAxis, PersonalityAxisResult>;
  const tentative: PersonalityAxis[] = [];
  let letters = "";
  let typeCode = "";
  let claritySum = 0;
  for (const { key, first, second } of PERSONALITY_AXES) {
    const e = est.scales[key];
    const pSecond = probabilityAbove(e.posterior);
    // Tie rule: a tie goes to the second-listed pole (I, N, F, P); a tie is never firm.
    const letter = pSecond >= 0.5 ? second : first;
    const probability = Math.max(pSecond, 1 - pSecond);
    const isTentative = blocked || e.answered === 0 || probability < FIRM_PROBABILITY;
    const b = toBalance(e.theta);
    letters += letter;
    typeCode += isTentative ? "-" : letter;
    balance[key] = b;
    clarity[key] = Math.abs(b);
    standardErrors[key] = round1(BALANCE_PER_THETA * e.se);
    const half = INTERVAL_Z * e.allowance * e.se;
    intervals[key] = { low: toBalance(e.theta + half), high: toBalance(e.theta - half) };
    theta[key] = round2(e.theta);
    se[key] = round2(e.se);
    claritySum += Math.abs(b);
    const agreement = round2(retakeSameSide(e.posterior, letter === second ? 1 : -1));
    axes[key] = { letter, clarity: clarity[key], tentative: isTentative, agreement, probability: round2(probability) };
    if (isTentative) tentative.push(key);
  }
  const resultData: PersonalityResultData = {
    ...polePoints(questions, answers),
    clarity,
    balance,
    standardErrors,
    intervals,
    tentative,
    axes,
    letters,
    typeCode,
    quality: est.quality,
    theta,
    se,
    personFit: est.fit === null ? null : round2(est.fit),
    ...(est.calibratedOn === null ? {} : { calibratedOn: est.calibratedOn }),
  };
  return {
    score: Math.round(claritySum / PERSONALITY_AXES.length),
    resultType: typeCode,
    resultSummary: describe(typeCode, axes, est.quality),
    resultData,
  };
}

function describe(typeCode: string, axes: Record<PersonalityAxis, PersonalityAxisResult>, quality: Quality): string {
  if (quality.flags.includes("straight-lining")) {
    return summary([
      `No type is named: almost all of your answers were the same point on the scale, and because half the statements on each dimension point one way and half the other, such answers cannot show a preference. Retaking it with answers that reflect each statement will give a usable result.`,
    ]);
  }
  if (quality.flags.includes("careless")) return summary([CARELESS_WORDS]);
  const firm = PERSONALITY_AXES.filter((a) => !axes[a.key].tentative);
  const open = PERSONALITY_AXES.filter((a) => axes[a.key].tentative);
  const chance = (a: (typeof PERSONALITY_AXES)[number]) => chanceWords(axes[a.key].probability);
  const lines = [`Your type code is ${typeCode}.`];
  if (firm.length === 0) {
    lines.push("None of your four preferences came through clearly; your answers were close to balanced on every dimension.");
  } else {
    const clearest = [...firm].sort((x, y) => axes[y.key].clarity - axes[x.key].clarity)[0]!;
    const pole = axes[clearest.key].letter;
    lines.push(
      `Firm preferences: ${joinWords(firm.map((a) => `${PERSONALITY_POLE_LABELS[axes[a.key].letter]} (${chance(a)} that this is your true preference)`))}.`,
      `Your clearest preference is ${PERSONALITY_POLE_LABELS[pole]}: you tend to ${PERSONALITY_POLE_DESCRIPTIONS[pole]}.`,
    );
  }
  if (open.length > 0) {
    const parts = open.map((a) => `${a.label} (leaning ${PERSONALITY_POLE_LABELS[axes[a.key].letter]}, ${chance(a)})`);
    const one = parts.length === 1;
    lines.push(
      `Shown as "-": ${parts.join("; ")}. Your answers on ${one ? "this dimension were" : "these dimensions were"} too close to balanced to name a letter; consider which description fits you better.`,
    );
  }
  return summary(lines);
}
