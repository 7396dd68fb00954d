/**
 * An independent solver for number series: it fits every rule family a test taker could
 * reasonably see in the shown terms and returns what each fitting rule predicts next. A series is
 * fair when all fitting rules agree on one whole number and that number is the only option.
 * Each rule must be confirmed by at least one shown term beyond those that fix its constants.
 */
type Prediction = { rule: string; next: number };

const EPS = 1e-9;
const same = (a: number, b: number) => Math.abs(a - b) < EPS;
const diffs = (x: readonly number[]) => x.slice(1).map((v, i) => v - x[i]!);

/** Polynomial of degree k: the k-th differences are constant (checked at least twice). */
function polynomial(x: readonly number[], k: number): number | null {
  const levels = [x];
  for (let i = 0; i < k; i++) levels.push(diffs(levels[levels.length - 1]!));
  const top = levels[k]!;
  if (top.length < 2 || !top.every((d) => same(d, top[0]!))) return null;
  // Extend each level by one from the top down.
  let add = top[0]!;
  for (let i = k - 1; i >= 0; i--) add = levels[i]![levels[i]!.length - 1]! + add;
  return add;
}

function geometric(x: readonly number[]): number | null {
  if (x.length < 3 || x.some((v) => v === 0)) return null;
  const r = x[1]! / x[0]!;
  return x.every((v, i) => i === 0 || same(v, x[i - 1]! * r)) ? x[x.length - 1]! * r : null;
}

/** x(n+1) = p·x(n) + q, constants from the first three terms. */
function affine(x: readonly number[]): number | null {
  if (x.length < 4 || same(x[1]!, x[0]!)) return null;
  const p = (x[2]! - x[1]!) / (x[1]! - x[0]!);
  const q = x[1]! - p * x[0]!;
  return x.every((v, i) => i === 0 || same(v, p * x[i - 1]! + q)) ? p * x[x.length - 1]! + q : null;
}

/** x(n+2) = p·x(n+1) + q·x(n) (Fibonacci-like), constants from the first four terms. */
function secondOrder(x: readonly number[]): number | null {
  if (x.length < 5) return null;
  const [a, b, c, d] = [x[0]!, x[1]!, x[2]!, x[3]!];
  const det = b * b - a * c;
  if (same(det, 0)) return null;
  const p = (c * b - d * a) / det;
  const q = (d * b - c * c) / det;
  const ok = x.every((v, i) => i < 2 || same(v, p * x[i - 1]! + q * x[i - 2]!));
  return ok ? p * x[x.length - 1]! + q * x[x.length - 2]! : null;
}

function sumOfThree(x: readonly number[]): number | null {
  if (x.length < 5) return null;
  const ok = x.every((v, i) => i < 3 || same(v, x[i - 1]! + x[i - 2]! + x[i - 3]!));
  const n = x.length;
  return ok ? x[n - 1]! + x[n - 2]! + x[n - 3]! : null;
}

/** Two series interleaved: each half arithmetic or geometric, each with at least three terms. */
function interleaved(x: readonly number[]): number[] {
  if (x.length < 6) return [];
  const next = x.filter((_, i) => i % 2 === x.length % 2);
  return [polynomial(next, 1), geometric(next)].filter((v): v is number => v !== null);
}

/** Two operations taking turns (for example +3 then ×2), each constant and checked at least once. */
function alternating(x: readonly number[]): number[] {
  if (x.length < 5) return [];
  const out: number[] = [];
  const steps = diffs(x).map((_, i) => i);
  const ops = [
    { name: "add", fit: (a: number, b: number) => b - a, apply: (a: number, k: number) => a + k },
    { name: "times", fit: (a: number, b: number) => (a === 0 ? Number.NaN : b / a), apply: (a: number, k: number) => a * k },
  ];
  for (const even of ops) {
    for (const odd of ops) {
      const op = (i: number) => (i % 2 === 0 ? even : odd);
      const k = [0, 1].map((parity) => op(parity).fit(x[parity]!, x[parity + 1]!));
      if (k.some((v) => !Number.isFinite(v))) continue;
      if (steps.every((i) => same(op(i).apply(x[i]!, k[i % 2]!), x[i + 1]!))) {
        const i = x.length - 1;
        out.push(op(i).apply(x[i]!, k[i % 2]!));
      }
    }
  }
  return out;
}

/** The differences grow by a constant factor. */
function growingSteps(x: readonly number[]): number | null {
  const d = diffs(x);
  const r = geometric(d);
  return r === null ? null : x[x.length - 1]! + r;
}

export function seriesPredictions(shown: readonly number[]): Prediction[] {
  const found: Prediction[] = [];
  const add = (rule: string, next: number | null) => {
    if (next !== null && Number.isFinite(next)) found.push({ rule, next });
  };
  for (const k of [1, 2, 3]) add(`polynomial-${k}`, polynomial(shown, k));
  add("geometric", geometric(shown));
  add("affine", affine(shown));
  add("second-order", secondOrder(shown));
  add("sum-of-three", sumOfThree(shown));
  add("growing-steps", growingSteps(shown));
  for (const v of interleaved(shown)) add("interleaved", v);
  for (const v of alternating(shown)) add("alternating", v);
  return found;
}

/** The one whole number every fitting rule predicts, or null when they disagree or none fits. */
export function uniqueNext(shown: readonly number[]): number | null {
  const values = [...new Set(seriesPredictions(shown).map((p) => Math.round(p.next * 1e6) / 1e6))];
  return values.length === 1 && Number.isInteger(values[0]) ? values[0]! : null;
}

/** Parses "What number comes next? 3, 7, 11, 15, …" into its terms. */
export function parseSeries(text: string): number[] {
  const body = text.slice(text.indexOf("?") + 1).replace("…", "");
  return body
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((s) => Number(s.replace("−", "-")));
}
