import { PUBLISHED_FIGURES as F, percent, percentRange } from "@coach/assessments/published";
import type { TestType } from "~/components/assessments/types";

/**
 * What each instrument measures and how it is scored, in the order of the catalogue. Every figure
 * here is one the psychometric simulation prints for the items in use (`pnpm bench psychometrics`,
 * real banks; docs/decisions/0039 "Measured after decision 45" and "after decision 54": the worst of three seeds of 4,000
 * simulated people); item counts come live from the API.
 */
/** What a coverage range says against the 88–92% aimed for, from the figures themselves (so it cannot drift). */
export function coverageNote(low: number, high: number): string {
  if (low < 0.88 && high > 0.92) return " (both ends miss the 88–92% we aim for)";
  if (high > 0.92) return " (the upper end is above the 92% we aim for)";
  if (low < 0.88) return " (the lower end is below the 88% we aim for)";
  return "";
}

export const INSTRUMENTS: { type: TestType; measures: string; scoring: string; simulation: string[] }[] = [
  {
    type: "personality",
    measures:
      "Four preferences in the tradition of psychological type: where you draw energy (E–I), what information you trust (S–N), how you decide (T–F) and how you like to organise (J–P). Preferences, not abilities: no pole is better than the other.",
    scoring:
      'Each dimension is a bank of statements keyed to both poles, so agreeing with everything cannot produce a type. Your position on each dimension is estimated by item response theory, and from it the probability that your true preference lies on each side. A letter is named when that probability is at least 89 in 100; otherwise it is shown as "-", and every letter shows its probability in words.',
    simulation: [
      `firm letters per person: ${F.personality.firmLetters.toFixed(2)} of 4 on average; ${percent(F.personality.allFour)} of people had all four firm;`,
      `firm letters repeated on a simulated retake: ${percent(F.personality.letterRetake)};`,
      `90% ranges covered the true position ${percentRange([F.personality.coverageMin, F.personality.coverageMax])} of the time, depending on the dimension${coverageNote(F.personality.coverageMin, F.personality.coverageMax)}.`,
    ],
  },
  {
    type: "iq",
    measures:
      "Non-verbal and numeric reasoning: number series, symbol equations and visual matrices, so no item depends on English. It is a short, unsupervised online test without a time limit (it takes about 20 minutes), not a clinical or diagnostic IQ assessment.",
    scoring:
      'An item-response model that allows for guessing: every question has eight options, and where some of them are easy to rule out the model expects more lucky guesses. The test is adaptive: each question is chosen to be informative at your level. Before the first answer the estimate starts from who takes the test here: on the provisional scale, executives, expected somewhat above the population average and more spread out than it (mean 107.5, standard deviation 18); once the test is calibrated, from the people who took it here. The estimate is reported on the familiar scale of mean 100 and standard deviation 15, always with a 90% range; a score at the top is reported as "at least …", at the bottom as "at most …". A number correct that guessing alone could produce is flagged as not a measurement.',
    simulation: [
      `90% ranges covered the true score at least ${percent(F.iq.coverageMin)} of the time in every band from 85 to 145 (provisional norm), and ${percent(F.iq.calibratedCoverageFiltered)} after a calibration on people's first measured attempts;`,
      `the typical error for true scores of 115–135 was ${F.iq.error115to135.toFixed(2)} points${F.iq.error115to135 > 5.5 ? ", a little more than the 5.5 we aim for" : ", within the 5.5 we aim for"};`,
      `${percent(F.iq.executivesAtCeiling)} of simulated executive takers reached the ceiling of the test.`,
    ],
  },
  {
    type: "eq",
    measures:
      "Self-reported habits in five domains of emotional intelligence: self-awareness, self-regulation, motivation, empathy and social skills. It describes how you see yourself, not how others experience you.",
    scoring:
      "Each domain is scored by item response theory (50 is the middle of a provisional scale until the statements are calibrated on the people who took the test here, then their average), with a 90% range. The test is adaptive: it asks more where your answers leave the strongest domain unsettled and stops when it is settled. Within each domain it balances statements worded for the habit against statements worded against it, so a habit of agreeing with everything largely cancels out. A strongest or least-developed domain is named when the probability that it is truly your highest (lowest) is at least 9 in 10; otherwise the result lists the domains with a real chance.",
    simulation: [
      `a strongest domain was named for ${percent(F.eq.named)} of people; the named domain was the retake's top ${percent(F.eq.retakeSame)} of the time and the true top ${percent(F.eq.trueTop)};`,
      `90% ranges covered the true score ${percentRange([F.eq.coverageMin, F.eq.coverageMax])} of the time, depending on the domain${coverageNote(F.eq.coverageMin, F.eq.coverageMax)}.`,
    ],
  },
  {
    type: "leadership",
    measures:
      "How often you report drawing on six leadership styles: visionary, coaching, affiliative, democratic, pacesetting and commanding. It is a self-report of habits, not an observation of your leadership.",
    scoring:
      'Each style is scored by item response theory on a common scale (50 is the middle of a provisional scale until the statements are calibrated on the people who took the test here, then their average), with a 90% range. The test is adaptive and balances statements worded for and against each style, like the EQ test. A primary or least-used style is named when the probability that it is truly your most (least) used is at least 9 in 10; "no single dominant style" lists the styles with a real chance.',
    simulation: [
      `a primary style was named for ${percent(F.leadership.named)} of people; the named style was the retake's top ${percent(F.leadership.retakeSame)} of the time and the true top ${percent(F.leadership.trueTop)};`,
      `90% ranges covered the true score ${percentRange([F.leadership.coverageMin, F.leadership.coverageMax])} of the time, depending on the style${coverageNote(F.leadership.coverageMin, F.leadership.coverageMax)}.`,
    ],
  },
];
