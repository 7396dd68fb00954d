/**
 * The change from the previous result of the same type, in words: the size of the change and
 * whether it exceeds measurement error (the API's reliable-change test), never a bare green or red ±.
 */

export interface ScaleChange {
  delta: number;
  reliable: boolean;
}

export interface ChangeReading {
  /** null for personality, whose score (mean clarity) is not a level */
  delta: number | null;
  /** null when either result predates the error model, so nothing can be said about it */
  reliable: boolean | null;
  scales: Record<string, ScaleChange>;
}

type Data = Record<string, unknown>;
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** Reads a history item's `change` (a plain number from older servers, or the API's object). */
export function readChange(change: unknown): ChangeReading | null {
  if (change === null || change === undefined) return null;
  if (typeof change === "number") return { delta: change, reliable: null, scales: {} };
  if (typeof change !== "object") return null;
  const c = change as Data;
  const scales: Record<string, ScaleChange> = {};
  for (const [key, value] of Object.entries((c.scales as Data | undefined) ?? {})) {
    const s = (value ?? {}) as Data;
    const delta = num(s.delta);
    if (delta !== null && typeof s.reliable === "boolean") scales[key] = { delta, reliable: s.reliable };
  }
  return { delta: num(c.delta), reliable: typeof c.reliable === "boolean" ? c.reliable : null, scales };
}

/** "6 points", "1 point". */
export const points = (n: number) => {
  const abs = Math.round(Math.abs(n) * 10) / 10;
  return `${abs} ${abs === 1 ? "point" : "points"}`;
};

/** How a scale moved: "up 6 points" by default; personality names the pole it moved toward. */
export type MoveWords = (key: string, delta: number) => string;
const upOrDown: MoveWords = (_key, delta) => `${delta > 0 ? "up" : "down"} ${points(delta)}`;

/**
 * "up 6 points — within measurement error", "down 14 points — more than measurement error", "no
 * change"; for the tests without a headline level, each scale that moved by more than measurement
 * error with its direction and size ("Commanding down 24 points — more than measurement error").
 */
export function changeWords(change: ChangeReading, scaleLabel: (key: string) => string, move: MoveWords = upOrDown): string {
  if (change.delta === null) {
    // No headline level (personality, leadership, EQ's domains): the scales that moved by more than measurement error.
    const scales = Object.entries(change.scales);
    const moved = scales.filter(([, s]) => s.reliable);
    if (change.reliable === null && moved.length === 0) return "Compared with your previous result: not tested against measurement error";
    if (moved.length === 0) return "Nothing changed by more than measurement error";
    const each = moved.map(([k, s]) => `${scaleLabel(k)} ${move(k, s.delta)}`);
    const rest = moved.length < scales.length ? "; the other changes are within measurement error" : "";
    return `${each.join(", ")} — ${moved.length > 1 ? "each " : ""}more than measurement error${rest}`;
  }
  if (change.delta === 0) return "No change from your previous result";
  const size = `${change.delta > 0 ? "up" : "down"} ${points(change.delta)}`;
  if (change.reliable === null) return `${size} since your previous result (not tested against measurement error)`;
  return change.reliable ? `${size} — more than measurement error` : `${size} — within measurement error`;
}
