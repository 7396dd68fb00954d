/**
 * What a completed result says, in words and numbers, independent of where it is shown: the result
 * page, the history detail page and the PDF all render this one reading of `resultData`, so the
 * verdict wording, the intervals and the norm note cannot drift apart between them.
 *
 * It reads the data through the package's zod ResultData (`@coach/assessments/results`) and applies
 * no scoring rule of its own: what is named, and with what probability, is what the scorer stored
 * (docs/decisions/0043). A result stored by an earlier scorer is shown by its headline and summary.
 */
import { chanceInWords, chancesInWords, invalidatingFlags, readResultData, type IqResult } from "@coach/assessments/results";
import { IQ_KEY, OVERALL_KEY, referenceWords } from "@coach/assessments/reference";
import { eqView, leadershipView, personalityView } from "./result-view-profiles";
import { NOT_A_MEASUREMENT, qualityWords, type ResultView } from "./result-words";
import type { AssessmentCopy, ResultLike } from "./types";

export {
  DEBRIEF_PATH,
  NOT_A_MEASUREMENT,
  QUALITY_WORDS,
  joinWords,
  qualityWords,
  type ActionItem,
  type IqStrip,
  type ResultView,
  type ScaleRow,
} from "./result-words";

/** The IQ norm note: provisional, or the people the test has been calibrated on. */
export function iqNormNote(norm: IqResult["estimate"]["norm"]): string {
  if (norm.kind === "calibrated" && norm.n !== null) {
    const when = norm.date ? ` (calibrated ${norm.date.slice(0, 10)})` : "";
    return `Compared with the ${norm.n} people who have taken this test here${when}, not with the general population.`;
  }
  return "Provisional norm: the scale rests on assumed item difficulties; not yet compared with real test-takers. The range allows for that doubt.";
}

function iqView(result: ResultLike, data: IqResult, copy: AssessmentCopy): ResultView {
  const { estimate } = data;
  const flags = data.quality.flags;
  const { score, low, high } = estimate;
  const chance = flags.includes("chance-level");
  const band = copy.iqBands.find((b) => b.label === data.band);
  const range =
    estimate.ceiling || high === null
      ? low !== null
        ? `90% range: at least ${low}`
        : null
      : estimate.floor || low === null
        ? `90% range: at most ${high}`
        : `90% range ${low}–${high}`;
  const estimateWords = range ? `IQ estimate ${score} (${range})` : `IQ estimate ${score}`;
  const correct = `${data.correctAnswers} of ${data.totalQuestions}`;
  const ariaRange =
    low !== null && high !== null
      ? `90% range ${low} to ${high}`
      : low !== null
        ? `at least ${low}`
        : high !== null
          ? `at most ${high}`
          : "";
  return {
    headlineLabel: "Estimated score",
    headline: chance ? NOT_A_MEASUREMENT : String(score),
    // A guessing-level result is never given a band such as "Below Average".
    subline: chance ? null : data.band,
    verdicts: chance
      ? [`${NOT_A_MEASUREMENT}: ${correct} correct is within what guessing alone produces. A calm retake will say more.`]
      : [`${estimateWords}.`],
    actions: [],
    scales: [],
    iq: chance ? null : { score, low, high, aria: `IQ estimate ${score}${ariaRange ? `, ${ariaRange}` : ""}` },
    facts: [
      { label: "Correct answers", value: correct },
      ...(chance
        ? []
        : [
            // The 90% range is the error in words a client can use; a standard error beside it read as a contradiction.
            { label: "IQ estimate", value: range ? `${score} (${range})` : String(score) },
          ]),
    ],
    quality: qualityWords(flags),
    invalid: chance,
    normNote: `${iqNormNote(estimate.norm)} Scores use the familiar IQ scale, on which 100 is average and about two in three people score between 85 and 115. This is a short online test, not a clinical IQ assessment.${band && !chance ? ` ${band.description}` : ""}`,
  };
}

/** A result stored by an earlier scorer: its headline and summary, and the flags it carries. */
function storedView(result: ResultLike): ResultView {
  const flags = invalidatingFlags(result.resultData);
  return {
    headlineLabel: "Result",
    headline: flags.length > 0 ? NOT_A_MEASUREMENT : (result.resultType ?? ""),
    subline: null,
    verdicts: [],
    actions: [],
    scales: [],
    iq: null,
    facts: [],
    quality: qualityWords(flags),
    invalid: flags.length > 0,
    normNote: "This result was scored before the current scoring model; its summary below is as it was given.",
  };
}

/**
 * The reference point (decision 44): the headline's percentile as a fact, each scale's under its bar,
 * "higher than about 62 in 100 of the 240 people who took it here". Nothing for a flagged result.
 */
function withReference(view: ResultView, reference: ResultLike["reference"]): ResultView {
  if (!reference || view.invalid) return view;
  const { n, percentiles } = reference;
  const headline = percentiles[IQ_KEY] ?? percentiles[OVERALL_KEY];
  const words = (p: number) => referenceWords(p, n);
  return {
    ...view,
    facts:
      headline === undefined
        ? view.facts
        : [...view.facts, { label: "Among people who took it here", value: `Your score is ${words(headline)}` }],
    scales: view.scales.map((row) => {
      const p = percentiles[row.key];
      if (p === undefined) return row;
      const line = `Your score is ${words(p)}.`;
      return { ...row, note: row.note ? `${row.note} ${line}` : line };
    }),
    normNote: `${view.normNote} Comparisons with other people use each person's first measured attempt.`,
  };
}

function typedView(result: ResultLike, copy: AssessmentCopy): ResultView {
  const typed = readResultData(result.testType, result.resultData);
  switch (typed.type) {
    case "iq":
      return typed.data ? iqView(result, typed.data, copy) : storedView(result);
    case "eq":
      return typed.data ? eqView(result, typed.data, copy) : storedView(result);
    case "leadership":
      return typed.data ? leadershipView(typed.data, copy) : storedView(result);
    case "personality":
      return typed.data ? personalityView(result, typed.data, copy) : storedView(result);
  }
}

/** The reading of one completed result, with its reference point where the API gave one. */
export function resultView(result: ResultLike, copy: AssessmentCopy): ResultView {
  return withReference(typedView(result, copy), result.reference);
}

/**
 * The short headline of a result where it is listed (history, the coach's client record, my
 * coaching): "Not a measurement" for a flagged result, never the band or verdict it would have had.
 */
export function resultHeadline(result: ResultLike): string {
  return invalidatingFlags(result.resultData).length > 0 ? NOT_A_MEASUREMENT : (result.resultType ?? "");
}

/** The validity flags of a listed result in words (empty when it is a measurement). */
export function validityWords(result: Pick<ResultLike, "resultData">): string[] {
  return qualityWords(invalidatingFlags(result.resultData));
}

export { chanceInWords, chancesInWords };

/** Summary lines of the stored result (the last is the self-reflection note). */
export function summaryLines(result: ResultLike): string[] {
  return (result.resultSummary ?? "").split("\n").filter(Boolean);
}
