/**
 * Cognitive Intelligence Test: a bank of generated non-verbal and numeric reasoning items
 * (docs/decisions/0036) — visual matrices, number series and symbol equations — so no item
 * depends on English vocabulary. Each item's provisional 4PL parameters come from what makes it
 * hard in its generator (rules combined, rule order, unknowns tied together, distractor
 * closeness), on the adult population scale (IQ = 100 + 15 θ); calibration replaces them.
 * Every key is proven unique by an independent solver in the tests. Items are listed easiest first.
 */
import { MATRIX_FIGURES } from "../figures/bank";
import { IQ_BANK_REVISION, type MatrixFigure, OPTION_LETTERS, matrixImageUrl, plausibleOptions } from "../figures/matrices";
import { seeded, shuffle } from "../figures/random";
import type { IqDomain } from "../labels";
import type { Instrument, InstrumentQuestion } from "../types";
import { EQUATION_BASE_B, EQUATION_PLAN, drawEquation } from "./iq-equations";
import { SERIES_PLAN, drawSeries, seriesDifficulty } from "./iq-series";

export const MATRIX_INSTRUCTION = "Study the rows and columns of the grid. Which option completes it?";
export const SERIES_INSTRUCTION = "What number comes next?";

/** Provisional discrimination per family: figure items measure reasoning most purely, sums a little less. */
const FAMILY_A: Record<IqDomain, number> = { matrix: 1.6, series: 1.5, equation: 1.4 };
/** Slip ceiling: even able takers miss an item now and then (a misread, a mis-click). */
const SLIP_D = 0.98;
const SEED = 20261127;

/**
 * `plausible`: the options a guesser cannot dismiss at a glance, the key among them; the provisional
 * guessing floor is one over it (decision 0060), one over the option count for number items.
 */
type Item = Omit<InstrumentQuestion, "order" | "type"> & { b: number; plausible: number };

const round2 = (x: number) => Math.round(x * 100) / 100;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Matrix difficulty from the figure's features. */
export function matrixDifficulty(figure: MatrixFigure): number {
  const f = figure.features;
  if (f.kind === "shapes") {
    const rules = Object.values(f.rules);
    const varying = rules.filter((r) => r !== "const").length;
    const latin = rules.filter((r) => r === "latin").length;
    return -1.2 + 0.6 * varying + 0.5 * latin + (f.close ? 0.5 : 0);
  }
  const base = { union: -0.2, intersection: 0.8, xor: 1.6 }[f.op];
  return base + (f.size === 3 ? 0.3 : 0) + (f.close ? 0.4 : 0);
}

function matrixItem(figure: MatrixFigure): Item {
  const options = figure.options.map((_, i) => OPTION_LETTERS[i]!);
  return {
    key: figure.id,
    text: MATRIX_INSTRUCTION,
    options,
    correctAnswer: options[figure.answer]!,
    imageUrl: matrixImageUrl(figure),
    scoring: { domain: "matrix" },
    b: matrixDifficulty(figure),
    plausible: plausibleOptions(figure),
  };
}

function numberItem(key: string, domain: IqDomain, text: string, answer: number, distractors: number[], b: number, slot: number): Item {
  const options = [...distractors];
  options.splice(slot, 0, answer);
  return { key, text, options: options.map(String), correctAnswer: String(answer), scoring: { domain }, b, plausible: options.length };
}

/** Where the key goes in each successive item: every position equally often, in a shuffled order. */
function slots(rand: () => number, count: number, options = OPTION_LETTERS.length): number[] {
  const balanced = Array.from({ length: count }, (_, i) => i % options);
  return shuffle(rand, balanced);
}

function buildItems(): Item[] {
  const rand = seeded(SEED);
  const items: Item[] = MATRIX_FIGURES.map(matrixItem);
  const texts = new Set<string>();
  /** Draws until the item is not a repeat of one already in the bank. */
  const fresh = <T>(draw: () => T, text: (t: T) => string): T => {
    for (;;) {
      const t = draw();
      if (!texts.has(text(t))) {
        texts.add(text(t));
        return t;
      }
    }
  };
  const seriesSlots = slots(
    rand,
    SERIES_PLAN.reduce((s, [, c]) => s + c, 0),
  );
  let n = 0;
  for (const [rule, count] of SERIES_PLAN) {
    for (let i = 0; i < count; i++) {
      const text = (x: ReturnType<typeof drawSeries>) => `${SERIES_INSTRUCTION} ${x.shown.join(", ")}, …`;
      const s = fresh(() => drawSeries(rand, rule), text);
      const key = `${IQ_BANK_REVISION}-series-${String(n + 1).padStart(3, "0")}`;
      items.push(numberItem(key, "series", text(s), s.answer, s.distractors, seriesDifficulty(s), seriesSlots[n++]!));
    }
  }
  const equationSlots = slots(
    rand,
    EQUATION_PLAN.reduce((s, [, c]) => s + c, 0),
  );
  n = 0;
  for (const [level, count] of EQUATION_PLAN) {
    for (let i = 0; i < count; i++) {
      const e = fresh(
        () => drawEquation(rand, level),
        (x) => x.text,
      );
      const key = `${IQ_BANK_REVISION}-equation-${String(n + 1).padStart(3, "0")}`;
      items.push(numberItem(key, "equation", e.text, e.answer, e.distractors, EQUATION_BASE_B[level], equationSlots[n++]!));
    }
  }
  return items.sort((x, y) => x.b - y.b || x.key!.localeCompare(y.key!));
}

export const iqInstrument: Instrument = {
  slug: "cognitive-intelligence",
  title: "Cognitive Intelligence Test",
  type: "iq",
  timeEstimate: 20,
  description:
    "A focused measure of general reasoning — the capacity to spot patterns, think abstractly and draw sound conclusions from incomplete information. The questions are visual matrices, number series and symbol equations: no vocabulary or language knowledge is needed, and they range from easy to very demanding. Your result is reported as an estimate on the familiar mean-100 scale with a 90% range, on a provisional scale until enough people have taken the test here to calibrate it: a useful benchmark for development conversations, not a clinical assessment.",
  questions: buildItems().map(({ b, plausible, ...item }, i) => ({
    ...item,
    order: i + 1,
    type: "multiple-choice",
    scoring: {
      ...item.scoring,
      irt: { a: FAMILY_A[item.scoring!.domain as IqDomain], b: round2(b), c: round3(1 / plausible), d: SLIP_D },
    },
  })),
};
