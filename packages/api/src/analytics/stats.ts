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

/** Below this many sessions with attendance recorded, attendance is given as counts only, never as a rate. */
export const MIN_SESSIONS_FOR_RATE = 10;
/** The normal quantile of a two-sided 90% interval (the level the reliability figures use). */
const Z90 = 1.6448536269514722;

/** Wilson score interval of `k` successes in `n` trials (proportions, 90% unless another z); null for n = 0. */
export function wilsonInterval(k: number, n: number, z = Z90): { low: number; high: number } | null {
  if (n === 0) return null;
  const p = k / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const margin = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { low: Math.max(0, centre - margin), high: Math.min(1, centre + margin) };
}

export interface AttendanceFigures {
  /** sessions that started (not canceled) */
  sessions: number;
  /** of those, with attendance recorded: the N of the rate */
  recorded: number;
  attended: number;
  noShows: number;
  /** attended / recorded in percent (one decimal) with its 90% interval; null below MIN_SESSIONS_FOR_RATE recorded */
  rate: number | null;
  low: number | null;
  high: number | null;
}

const percent1 = (x: number) => Math.round(x * 1000) / 10;

/** Attendance of the given sessions (each "attended", "no-show" or not recorded). */
export function attendanceFigures(values: readonly (string | null)[]): AttendanceFigures {
  const attended = values.filter((v) => v === "attended").length;
  const noShows = values.filter((v) => v === "no-show").length;
  return attendanceFromCounts({ sessions: values.length, attended, noShows });
}

/**
 * The one rule for attendance everywhere it is shown (analytics, the bookings tab): a rate is
 * attended out of recorded, given only from MIN_SESSIONS_FOR_RATE recorded sessions and always with
 * its 90% interval; below that, the counts alone.
 */
export function attendanceFromCounts({
  sessions,
  attended,
  noShows,
}: {
  sessions: number;
  attended: number;
  noShows: number;
}): AttendanceFigures {
  const recorded = attended + noShows;
  const interval = recorded >= MIN_SESSIONS_FOR_RATE ? wilsonInterval(attended, recorded) : null;
  return {
    sessions,
    recorded,
    attended,
    noShows,
    rate: interval ? percent1(attended / recorded) : null,
    low: interval ? percent1(interval.low) : null,
    high: interval ? percent1(interval.high) : null,
  };
}
