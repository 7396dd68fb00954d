/**
 * Adaptive administration of the reasoning test (docs/decisions/0038): the next item is the one
 * with the most Fisher information at the current EAP (4PL), taking item families in turn for the
 * first items so every family is represented; stop when the posterior SD reaches IQ_STOP_SE (after
 * IQ_MIN_ITEMS) or the budget is spent.
 */
import { GRID, type ItemParameters, itemInformation, logPrior, probability } from "../irt/model";
import type { ScorableQuestion } from "../scoring/common";
import { IQ_PRIOR, keyedIqItems } from "../scoring/iq";
import { IQ_MIN_ITEMS, IQ_STOP_SE } from "./budget";

interface Pending {
  id: number | string;
  params: ItemParameters;
  family: string;
  correct: string;
}

export class IqSession {
  // The engine chooses with the provisional parameters, so with the provisional norm's prior.
  private readonly logPost: number[] = GRID.map((t) => logPrior(IQ_PRIOR.provisional, t));
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
      family: it.question.scoring?.domain ?? "",
      correct: it.question.correctAnswer!,
    }));
    this.families = [...new Set(this.remaining.map((r) => r.family))];
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
    const max = Math.max(...this.logPost);
    const w = this.logPost.map((l) => Math.exp(l - max));
    const total = w.reduce((s, v) => s + v, 0);
    this.mean = w.reduce((s, v, i) => s + v * GRID[i]!, 0) / total;
    this.sd = Math.sqrt(w.reduce((s, v, i) => s + v * (GRID[i]! - this.mean) ** 2, 0) / total);
  }

  next(budget: number): number | string | null {
    if (this.answered >= budget || this.remaining.length === 0) return null;
    if (this.answered >= IQ_MIN_ITEMS && this.sd <= IQ_STOP_SE) return null;
    // Content balance: the family asked least so far, while any family is behind by two or more.
    const counts = this.families.map((f) => this.asked.get(f) ?? 0);
    const least = Math.min(...counts);
    const behind = this.families.filter((f, i) => counts[i] === least && Math.max(...counts) - least >= 2);
    const pool = behind.length > 0 ? this.remaining.filter((r) => behind.includes(r.family)) : this.remaining;
    const from = pool.length > 0 ? pool : this.remaining;
    let best = from[0]!;
    let bestInfo = -1;
    for (const r of from) {
      const info = itemInformation(r.params, this.mean);
      if (info > bestInfo) {
        best = r;
        bestInfo = info;
      }
    }
    return best.id;
  }
}
