/**
 * Personality type scoring. Each slider answer r (1-5) gives the item's left pole 5 - r points
 * and its right pole r - 1, so every answered item distributes exactly 4 points on its axis and a
 * neutral 3 splits them evenly. The axis score is the signed balance
 *   s = 100 × (first − second) / (first + second)  ∈ [−100, 100],
 * clarity is |s|, and a letter is firm only when the predicted probability that a retest gives the
 * same letter (retestAgreement) reaches FIRM_AGREEMENT; otherwise it is shown as "-" in the code.
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
  sliderQuality,
  summary,
} from "./common";
import { FIRM_AGREEMENT, retestAgreement, standardError } from "./measurement";
import { type ScaleNorms, normFor } from "./norms";

export interface PersonalityAxisResult {
  /** the pole the answers lean to (a tie goes to the second pole) */
  letter: PersonalityPole;
  /** |balance|, 0-100 */
  clarity: number;
  /** true when a retest would too often give the other letter */
  tentative: boolean;
  /** estimated probability (0-1, two decimals) that a retest gives the same letter */
  agreement: number;
}

export type PersonalityResultData = Record<PersonalityPole, number> & {
  /** |A - B| / (A + B) × 100 per axis, rounded; 0 when the axis has no answers */
  clarity: Record<PersonalityAxis, number>;
  /** signed balance per axis, −100 (second pole) … 100 (first pole), rounded */
  balance: Record<PersonalityAxis, number>;
  /** standard error of the balance per axis, one decimal */
  standardErrors: Record<PersonalityAxis, number>;
  /** tentative axes, in axis order */
  tentative: PersonalityAxis[];
  axes: Record<PersonalityAxis, PersonalityAxisResult>;
  /** the four leaning letters, e.g. "INTP" */
  letters: string;
  /** the code shown to the reader: tentative letters as "-", e.g. "IN-P" (= resultType) */
  typeCode: string;
  quality: Quality;
};

const POLES: readonly PersonalityPole[] = ["E", "I", "S", "N", "T", "F", "J", "P"];
const round1 = (x: number) => Math.round(x * 10) / 10;

export function scorePersonality(
  questions: readonly ScorableQuestion[],
  answers: AnswerMap,
  norms?: ScaleNorms,
): ScoreResult<PersonalityResultData> {
  const counts = Object.fromEntries(POLES.map((p) => [p, 0])) as Record<PersonalityPole, number>;
  for (const q of questions) {
    const axis = PERSONALITY_AXES.find((a) => a.key === q.scoring?.scale);
    const r = parseSlider(answerFor(answers, q.id));
    const left = q.scoring?.leftPole as PersonalityPole | undefined;
    const right = q.scoring?.rightPole as PersonalityPole | undefined;
    // Only items whose two poles are exactly the axis's poles count; anything else is a content error.
    const poles = axis ? [axis.first, axis.second] : [];
    if (r === null || !left || !right || left === right || !poles.includes(left) || !poles.includes(right)) continue;
    counts[left] += 5 - r;
    counts[right] += r - 1;
  }

  const quality = sliderQuality(questions, answers);
  const noVerdict = quality.flags.includes("straight-lining");
  const clarity = {} as Record<PersonalityAxis, number>;
  const balance = {} as Record<PersonalityAxis, number>;
  const standardErrors = {} as Record<PersonalityAxis, number>;
  const axes = {} as Record<PersonalityAxis, PersonalityAxisResult>;
  const tentative: PersonalityAxis[] = [];
  let letters = "";
  let typeCode = "";
  let claritySum = 0;
  for (const { key, first, second } of PERSONALITY_AXES) {
    const a = counts[first];
    const b = counts[second];
    const s = a + b === 0 ? 0 : ((a - b) / (a + b)) * 100;
    const norm = normFor("personality", key, norms);
    // Tie rule: a tie goes to the second-listed pole (I, N, F, P); a tie is always tentative.
    const letter = s > 0 ? first : second;
    const agreement = Math.round(retestAgreement(s, norm) * 100) / 100;
    const isTentative = noVerdict || s === 0 || agreement < FIRM_AGREEMENT;
    letters += letter;
    typeCode += isTentative ? "-" : letter;
    clarity[key] = Math.round(Math.abs(s));
    balance[key] = Math.round(s);
    standardErrors[key] = round1(standardError(norm));
    claritySum += Math.abs(s);
    axes[key] = { letter, clarity: clarity[key], tentative: isTentative, agreement };
    if (isTentative) tentative.push(key);
  }

  const resultData: PersonalityResultData = {
    ...counts,
    clarity,
    balance,
    standardErrors,
    tentative,
    axes,
    letters,
    typeCode,
    quality,
  };
  return {
    score: Math.round(claritySum / PERSONALITY_AXES.length),
    resultType: typeCode,
    resultSummary: describe(typeCode, axes, noVerdict),
    resultData,
  };
}

function describe(typeCode: string, axes: Record<PersonalityAxis, PersonalityAxisResult>, noVerdict: boolean): string {
  if (noVerdict) {
    return summary([
      `Your type code is ${typeCode}: almost all of your answers were the same point on the scale, and because half the statements on each dimension point one way and half the other, such answers cannot show a preference. Retaking it with answers that reflect each statement will give a usable result.`,
    ]);
  }
  const firm = PERSONALITY_AXES.filter((a) => !axes[a.key].tentative);
  const open = PERSONALITY_AXES.filter((a) => axes[a.key].tentative);
  const pct = (a: (typeof PERSONALITY_AXES)[number]) => `${Math.round(axes[a.key].agreement * 100)}%`;
  const lines = [`Your type code is ${typeCode}.`];
  if (firm.length === 0) {
    lines.push(
      "None of your four preferences came through clearly enough that a retake would be likely to give the same letter; your answers were close to balanced on every dimension.",
    );
  } else {
    const clearest = [...firm].sort((x, y) => axes[y.key].clarity - axes[x.key].clarity)[0]!;
    const pole = axes[clearest.key].letter;
    lines.push(
      `Firm preferences: ${joinWords(firm.map((a) => `${PERSONALITY_POLE_LABELS[axes[a.key].letter]} (a retake would give the same letter about ${pct(a)} of the time)`))}.`,
      `Your clearest preference is ${PERSONALITY_POLE_LABELS[pole]}: you tend to ${PERSONALITY_POLE_DESCRIPTIONS[pole]}.`,
    );
  }
  if (open.length > 0) {
    const parts = open.map(
      (a) => `${a.label} (leaning ${PERSONALITY_POLE_LABELS[axes[a.key].letter]}, same letter on a retake about ${pct(a)})`,
    );
    const one = parts.length === 1;
    lines.push(
      `Shown as "-": ${parts.join("; ")}. Your answers on ${one ? "this dimension were" : "these dimensions were"} too close to balanced to name a letter; consider which description fits you better.`,
    );
  }
  return summary(lines);
}
