/**
 * Adaptive administration of the reasoning test (docs/decisions/0038, 0060): the next item is the one
 * with the most 4PL Fisher information averaged over the current posterior (early on, when the
 * estimate is still vague, that aims at where the person probably is rather than at one point), every
 * item family gets at least IQ_MIN_PER_FAMILY items, and the test stops when the posterior SD reaches
 * IQ_STOP_SE (after IQ_MIN_ITEMS) or the budget is spent.
 */
import { GRID, type ItemParameters, itemInformation, logPrior, probability } from "../irt/model";
import type { ScorableQuestion } from "../scoring/common";
import { IQ_PRIOR, keyedIqItems } from "../scoring/iq";
import { IQ_MIN_ITEMS, IQ_MIN_PER_FAMILY, IQ_STOP_SE } from "./budget";

interface Pending {
  id: number | string;
  params: ItemParameters;
  /** information at each grid point */
  information: Float64Array;
  family: string;
  correct: string;
}

/** Grid points carrying less posterior weight than this add nothing visible to an item's expected information. */
const NEGLIGIBLE_WEIGHT = 1e-4;

/**
 * Each item's information at every grid point, by its parameters, kept for the process: the bank's
 * items are the same from one request to the next, so a server computes each table once instead of
 * allocating a fresh set per step. Bounded, for simulations that draw many noisy parameter sets.
 */
const informationTables = new Map<string, Float64Array>();
const MAX_TABLES = 20_000;
function informationTable(params: ItemParameters): Float64Array {
  const key = `${params.a}|${params.b}|${params.c}|${params.d ?? 1}`;
  let table = informationTables.get(key);
  if (!table) {
    if (informationTables.size >= MAX_TABLES) informationTables.clear();
    informationTables.set(key, (table = Float64Array.from(GRID, (t) => itemInformation(params, t))));
  }
  return table;
}

export class IqSession {
  // The engine chooses with the provisional parameters, so with the provisional norm's prior.
  private readonly logPost: number[] = GRID.map((t) => logPrior(IQ_PRIOR.provisional, t));
  private weights: number[] = [];
  private readonly remaining: Pending[];
  private readonly families: string[];
  private readonly asked = new Map<string, number>();
  answered = 0;
  mean = IQ_PRIOR.provisional.mean;
  sd = IQ_PRIOR.provisional.sd;

  constructor(questions: readonly ScorableQuestion[]) {
    this.remaining = keyedIqItems(questions).map((it) => ({
      id: it.question.id,
      params: it.provisional,
      information: informationTable(it.provisional),
      family: it.question.scoring?.domain ?? "",
      correct: it.question.correctAnswer!,
    }));
    this.families = [...new Set(this.remaining.map((r) => r.family))];
    this.update();
  }

  answer(id: number | string, value: string): void {
    const idx = this.remaining.findIndex((r) => String(r.id) === String(id));
    if (idx === -1) return;
    const [item] = this.remaining.splice(idx, 1);
    const ok = value === item!.correct;
    for (let i = 0; i < GRID.length; i++) {
      const p = probability(item!.params, GRID[i]!);
      this.logPost[i]! += Math.log(ok ? p : 1 - p);
    }
    this.asked.set(item!.family, (this.asked.get(item!.family) ?? 0) + 1);
    this.answered += 1;
    this.update();
  }

  private update(): void {
    const max = Math.max(...this.logPost);
    const w = this.logPost.map((l) => Math.exp(l - max));
    const total = w.reduce((s, v) => s + v, 0);
    this.weights = w.map((v) => v / total);
    this.mean = this.weights.reduce((s, v, i) => s + v * GRID[i]!, 0);
    this.sd = Math.sqrt(this.weights.reduce((s, v, i) => s + v * (GRID[i]! - this.mean) ** 2, 0));
  }

  /** Families still short of their minimum that have items left, with how many items they still need. */
  private lacking(): { families: string[]; need: number } {
    const families = this.families.filter(
      (f) => (this.asked.get(f) ?? 0) < IQ_MIN_PER_FAMILY && this.remaining.some((r) => r.family === f),
    );
    return { families, need: families.reduce((s, f) => s + IQ_MIN_PER_FAMILY - (this.asked.get(f) ?? 0), 0) };
  }

  next(budget: number): number | string | null {
    if (this.answered >= budget || this.remaining.length === 0) return null;
    const lacking = this.lacking();
    const settled = this.answered >= IQ_MIN_ITEMS && this.sd <= IQ_STOP_SE;
    if (settled && lacking.families.length === 0) return null;
    // Only the families still short of their minimum once the score is settled or the items left are just enough for them.
    const pool =
      lacking.families.length > 0 && (settled || lacking.need >= budget - this.answered)
        ? this.remaining.filter((r) => lacking.families.includes(r.family))
        : this.remaining;
    // The posterior's support: the grid points that carry weight.
    const w = this.weights;
    const from = w.findIndex((v) => v > NEGLIGIBLE_WEIGHT);
    const to = w.findLastIndex((v) => v > NEGLIGIBLE_WEIGHT);
    let best = pool[0]!;
    let bestInfo = -1;
    for (const r of pool) {
      let info = 0;
      for (let i = from; i <= to; i++) info += w[i]! * r.information[i]!;
      if (info > bestInfo) {
        best = r;
        bestInfo = info;
      }
    }
    return best.id;
  }
}
