/**
 * Pure counting for the coach's analytics: result distributions and weekly buckets. No database
 * here, so every figure is unit-tested by hand. Reliability lives with the instruments
 * (@coach/assessments: alpha / KR-20 with their interval, item statistics).
 */

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

export const DAY_MS = 86_400_000;

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
