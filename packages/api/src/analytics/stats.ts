/**
 * Pure statistics for the coach's analytics: reliability (Cronbach's alpha), result
 * distributions and weekly buckets. No database here, so every figure is unit-tested by hand.
 */

/** Sample variance (n − 1 denominator); null with fewer than two values. */
export function sampleVariance(values: readonly number[]): number | null {
  const n = values.length;
  if (n < 2) return null;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  return values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
}

/**
 * Cronbach's alpha for a respondents × items matrix (every row answers every item, already
 * reverse-keyed): α = k/(k − 1) · (1 − Σ item variances / variance of the row totals).
 * null when it is undefined: fewer than two items or respondents, or no variance in the totals.
 */
export function cronbachAlpha(matrix: readonly (readonly number[])[]): number | null {
  const n = matrix.length;
  const k = matrix[0]?.length ?? 0;
  if (n < 2 || k < 2) return null;
  if (matrix.some((row) => row.length !== k)) throw new Error("Every respondent must answer every item of the scale");
  let itemVariances = 0;
  for (let j = 0; j < k; j++) itemVariances += sampleVariance(matrix.map((row) => row[j]!))!;
  const totalVariance = sampleVariance(matrix.map((row) => row.reduce((s, v) => s + v, 0)))!;
  if (totalVariance === 0) return null;
  return (k / (k - 1)) * (1 - itemVariances / totalVariance);
}

export interface ScaleItem {
  questionId: number;
  /** true when agreement points away from the scale's keyed direction: scored as 6 − r */
  reverse: boolean;
}

/**
 * The complete-case matrix for one scale: one row per respondent who answered every item with a
 * valid slider value (1-5), items in the order given, reverse-keyed items as 6 − r.
 */
export function scaleMatrix(
  items: readonly ScaleItem[],
  answersByRespondent: ReadonlyMap<number, ReadonlyMap<number, string>>,
): number[][] {
  const rows: number[][] = [];
  for (const answers of answersByRespondent.values()) {
    const row: number[] = [];
    for (const item of items) {
      const raw = answers.get(item.questionId);
      if (raw === undefined || !/^[1-5]$/.test(raw)) break;
      const r = Number(raw);
      row.push(item.reverse ? 6 - r : r);
    }
    if (row.length === items.length && items.length > 0) rows.push(row);
  }
  return rows;
}

/** Counts per label, in the order of `order` first (zeros kept), then any other label by count. */
export function countBy(labels: readonly string[], order: readonly string[] = []): { label: string; count: number }[] {
  const counts = new Map<string, number>(order.map((l) => [l, 0]));
  for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
  const fixed = order.map((label) => ({ label, count: counts.get(label) ?? 0 }));
  const extra = [...counts.entries()]
    .filter(([label]) => !order.includes(label))
    .map(([label, count]) => ({ label, count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  return [...fixed, ...extra];
}

/** Mean of the values, or null for none. */
export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length;
}

const DAY_MS = 86_400_000;

/** "YYYY-MM-DD" → midnight UTC. */
export function parseDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Monday 00:00 UTC of the week containing `date` (ISO weeks). */
export function weekStart(date: Date): Date {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** The Mondays (as "YYYY-MM-DD") of every week that overlaps [from, to]. */
export function weekStarts(from: Date, to: Date): string[] {
  const out: string[] = [];
  for (let t = weekStart(from).getTime(); t <= to.getTime(); t += 7 * DAY_MS) out.push(formatDay(new Date(t)));
  return out;
}

/** How many of `dates` fall in each week of [from, to]; dates outside the period are ignored. */
export function countByWeek(dates: readonly Date[], from: Date, to: Date): Map<string, number> {
  const counts = new Map<string, number>(weekStarts(from, to).map((w) => [w, 0]));
  for (const d of dates) {
    if (d < from || d > to) continue;
    const key = formatDay(weekStart(d));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** completed / started as a percentage with one decimal, or null when nothing was started. */
export function completionRate(started: number, completed: number): number | null {
  return started === 0 ? null : Math.round((completed / started) * 1000) / 10;
}
