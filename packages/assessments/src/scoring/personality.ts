/**
 * Personality type scoring. Each slider answer r (1-5) gives the item's left pole 5 - r points
 * and its right pole r - 1, so every answered item distributes exactly 4 points on its axis and a
 * neutral 3 splits them evenly.
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
  type ScorableQuestion,
  type ScoreResult,
  answerFor,
  joinWords,
  parseSlider,
  summary,
} from "./common";

/**
 * Clarity below this marks a letter as tentative. With 11 items per axis (44 points) clarity moves
 * in steps of about 4.5, and 20 is the point below which answering roughly a third of that axis's
 * items one slider step differently would reverse the letter — well within ordinary retest noise.
 */
export const TENTATIVE_CLARITY = 20;

export type PersonalityResultData = Record<PersonalityPole, number> & {
  /** |A - B| / (A + B) × 100 per axis, rounded; 0 when the axis has no answers */
  clarity: Record<PersonalityAxis, number>;
  /** axes whose clarity is below TENTATIVE_CLARITY, in axis order */
  tentative: PersonalityAxis[];
};

const POLES: readonly PersonalityPole[] = ["E", "I", "S", "N", "T", "F", "J", "P"];

export function scorePersonality(
  questions: readonly ScorableQuestion[],
  answers: AnswerMap,
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

  const clarity = {} as Record<PersonalityAxis, number>;
  const tentative: PersonalityAxis[] = [];
  let letters = "";
  let claritySum = 0;
  for (const { key, first, second } of PERSONALITY_AXES) {
    const a = counts[first];
    const b = counts[second];
    const c = a + b === 0 ? 0 : (Math.abs(a - b) / (a + b)) * 100;
    // Tie rule: a tie goes to the second-listed pole (I, N, F, P). Respondents over-endorse the
    // pole a workplace rewards (outgoing, practical, logical, organised), so an exact balance is
    // more likely to hide a lean toward the other pole. A tie always has clarity 0, so it is also tentative.
    letters += a > b ? first : second;
    clarity[key] = Math.round(c);
    claritySum += c;
    if (c < TENTATIVE_CLARITY) tentative.push(key);
  }

  const resultData: PersonalityResultData = { ...counts, clarity, tentative };
  return {
    score: Math.round(claritySum / PERSONALITY_AXES.length),
    resultType: letters,
    resultSummary: describe(letters, clarity, tentative),
    resultData,
  };
}

function describe(letters: string, clarity: Record<PersonalityAxis, number>, tentative: PersonalityAxis[]): string {
  const chosen = PERSONALITY_AXES.map((axis, i) => ({ axis, pole: letters[i] as PersonalityPole }));
  const names = chosen.map((c) => PERSONALITY_POLE_LABELS[c.pole]);
  const lines = [`Your reported type is ${letters}: ${joinWords(names)}.`];

  const firm = chosen.filter((c) => !tentative.includes(c.axis.key)).sort((x, y) => clarity[y.axis.key] - clarity[x.axis.key]);
  const clearest = firm[0];
  const softest = firm.at(-1);
  if (!clearest) {
    lines.push(
      "None of your four preferences came through clearly: your answers were close to balanced on every dimension, which often reflects a deliberately adaptable style or a period of change.",
    );
  } else {
    lines.push(
      `Your clearest preference is ${PERSONALITY_POLE_LABELS[clearest.pole]} (clarity ${clarity[clearest.axis.key]} of 100): you tend to ${PERSONALITY_POLE_DESCRIPTIONS[clearest.pole]}.`,
    );
    if (softest && softest !== clearest) {
      lines.push(
        `Your least pronounced firm preference is ${PERSONALITY_POLE_LABELS[softest.pole]} (clarity ${clarity[softest.axis.key]}), where you are likely to flex more readily.`,
      );
    }
  }
  if (tentative.length > 0) {
    const parts = chosen
      .filter((c) => tentative.includes(c.axis.key))
      .map((c) => `${c.axis.label} (leaning ${PERSONALITY_POLE_LABELS[c.pole]}, clarity ${clarity[c.axis.key]})`);
    const one = parts.length === 1;
    lines.push(
      `Tentative: ${parts.join("; ")}. Your answers on ${one ? "this dimension were" : "these dimensions were"} close to balanced, so treat ${one ? "that letter" : "those letters"} as provisional and consider which description fits you better.`,
    );
  }
  return summary(lines);
}
