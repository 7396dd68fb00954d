/**
 * Cognitive Intelligence Test: 28 multiple-choice reasoning items in four families, ordered from
 * easy to hard. Each item has exactly one defensible answer; the integrity tests check that every
 * key is one of its options and the figures tests prove the matrix keys from their rules.
 * Correct answers are spread across option positions so that always picking one letter does not pay.
 */
import type { IqDomain } from "../labels";
import { MATRIX_FIGURES, type MatrixFigure, OPTION_LETTERS, matrixImageUrl } from "../figures/matrices";
import type { Instrument, InstrumentQuestion } from "../types";

type Item = Omit<InstrumentQuestion, "order" | "type">;

const mc = (domain: IqDomain, text: string, options: string[], correctAnswer: string): Item => ({
  text,
  options,
  correctAnswer,
  scoring: { domain },
});

function matrix(index: number): Item {
  const figure: MatrixFigure | undefined = MATRIX_FIGURES[index];
  if (!figure) throw new Error(`no matrix figure ${index}`);
  const options = figure.options.map((_, i) => OPTION_LETTERS[i] ?? String(i + 1));
  const correctAnswer = options[figure.answer];
  if (!correctAnswer) throw new Error(`matrix ${figure.id} has no option ${figure.answer}`);
  return {
    text: "Study the rows and columns of the grid. Which option completes it?",
    options,
    correctAnswer,
    imageUrl: matrixImageUrl(figure),
    scoring: { domain: "matrix" },
  };
}

const ITEMS: Item[] = [
  // --- easier
  mc("series", "What number comes next? 3, 7, 11, 15, …", ["16", "17", "18", "19"], "19"),
  mc("verbal", "Glove is to hand as sock is to …", ["foot", "shoe", "leg", "wool"], "foot"),
  mc("series", "Which letter comes next? A, C, E, G, …", ["H", "I", "J", "K"], "I"),
  matrix(0),
  mc(
    "deduction",
    "Anna is taller than Ben, and Ben is taller than Carl. Who is the shortest?",
    ["Carl", "Ben", "Anna", "It cannot be determined"],
    "Carl",
  ),
  mc("series", "What number comes next? 2, 6, 18, 54, …", ["108", "148", "162", "216"], "162"),
  mc("verbal", "Author is to novel as composer is to …", ["orchestra", "piano", "conductor", "symphony"], "symphony"),
  matrix(1),
  mc("series", "Which letter comes next? B, E, H, K, …", ["J", "L", "M", "N"], "N"),
  mc(
    "deduction",
    "Every manager in the company attended the training. Priya did not attend the training. Which statement must be true?",
    [
      "Priya is a manager.",
      "Priya is not a manager.",
      "Some managers did not attend the training.",
      "Priya will attend the next training.",
    ],
    "Priya is not a manager.",
  ),
  // --- moderate
  mc("verbal", "Cautious is to reckless as frugal is to …", ["thrifty", "careful", "wealthy", "extravagant"], "extravagant"),
  matrix(2),
  mc("series", "What number comes next? 5, 6, 8, 11, 15, …", ["19", "20", "21", "22"], "20"),
  mc(
    "deduction",
    "If it rains, the match is cancelled. The match was not cancelled. What follows?",
    ["It did not rain.", "It rained.", "The match was postponed.", "Nothing can be concluded."],
    "It did not rain.",
  ),
  mc("series", "What number comes next? 2, 3, 5, 8, 13, …", ["18", "20", "21", "26"], "21"),
  matrix(3),
  mc(
    "deduction",
    "Some consultants are engineers. All engineers are good at mathematics. Which statement must be true?",
    [
      "All consultants are good at mathematics.",
      "No consultant is good at mathematics.",
      "Some consultants are good at mathematics.",
      "Everyone who is good at mathematics is an engineer.",
    ],
    "Some consultants are good at mathematics.",
  ),
  mc("verbal", "Archipelago is to island as constellation is to …", ["star", "galaxy", "planet", "sky"], "star"),
  mc("series", "What number comes next? 7, 10, 8, 11, 9, …", ["7", "10", "12", "13"], "12"),
  // --- harder
  matrix(4),
  mc("series", "Which letter comes next? Z, X, U, Q, …", ["K", "L", "M", "N"], "L"),
  mc(
    "deduction",
    "Five runners finish a race with no ties. Farah finishes ahead of Dev, and Dev finishes ahead of Ella. Gus finishes last. Hana finishes immediately after Farah. Who finishes third?",
    ["Hana", "Ella", "Farah", "Dev", "Gus"],
    "Dev",
  ),
  mc("verbal", "Ephemeral is to lasting as opaque is to …", ["transparent", "cloudy", "dark", "solid"], "transparent"),
  mc("series", "What number comes next? 3, 5, 9, 17, 33, …", ["49", "57", "65", "66"], "65"),
  matrix(5),
  mc(
    "deduction",
    "In a team of 30 people, 18 speak French, 15 speak German and 5 speak neither language. How many speak both French and German?",
    ["3", "8", "10", "13", "15"],
    "8",
  ),
  mc("series", "What number comes next? 1, 2, 6, 24, 120, …", ["240", "480", "600", "720"], "720"),
  mc(
    "deduction",
    "A key is hidden in one of three boxes: red, blue or green. Exactly one of these statements is true: (1) The key is in the red box. (2) The key is not in the blue box. (3) The key is not in the red box. Where is the key?",
    ["The red box", "The blue box", "The green box", "It cannot be determined"],
    "The blue box",
  ),
];

/**
 * Provisional norm (docs/decisions/0008): assumed 3PL parameters until the test is calibrated on
 * the people who take it. Difficulty is assumed to rise evenly with item order from −2.5 to +1.0
 * SD of the general adult population (most items are easy for adults), discrimination 1.2 for all.
 */
const PROVISIONAL_B = { first: -2.5, last: 1.0 } as const;
const PROVISIONAL_A = 1.2;
const provisionalB = (i: number) =>
  Math.round((PROVISIONAL_B.first + ((PROVISIONAL_B.last - PROVISIONAL_B.first) * i) / (ITEMS.length - 1)) * 100) / 100;

export const iqInstrument: Instrument = {
  slug: "cognitive-intelligence",
  title: "Cognitive Intelligence Test",
  type: "iq",
  timeEstimate: 20,
  description:
    "A focused measure of general reasoning — the capacity to spot patterns, think abstractly and draw sound conclusions from incomplete information. Twenty-eight items of increasing difficulty span number and letter series, verbal analogies, logical deduction and visual matrices. Your result is reported as an estimate on the familiar mean-100 scale with a 90% range, on a provisional scale until enough people have taken the test here to calibrate it: a useful benchmark for development conversations, not a clinical assessment.",
  questions: ITEMS.map((item, i) => ({
    ...item,
    scoring: { ...item.scoring, irt: { a: PROVISIONAL_A, b: provisionalB(i) } },
    order: i + 1,
    type: "multiple-choice",
  })),
};
