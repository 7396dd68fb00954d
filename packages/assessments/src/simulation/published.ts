/**
 * The simulation figures the methodology page quotes, each the worst of seeds 1–3 (N 4,000 people
 * each) on the WRITTEN item banks, as `pnpm bench psychometrics -- --banks real` prints them
 * (docs/decisions/0039). Shares are fractions, rounded as the page shows them (0.1 percentage point);
 * `published.sim.test.ts` reruns the simulation and fails when a figure here is no longer the one it
 * prints, so the page cannot drift from the items in use.
 */
export const PUBLISHED_FIGURES = {
  personality: {
    firmLetters: 3.16,
    allFour: 0.471,
    letterRetake: 0.966,
    coverageMin: 0.897,
    coverageMax: 0.915,
    genuineFlagged: 0.042,
    randomFlagged: 0.999,
    falseChange: 0.041,
  },
  eq: {
    named: 0.494,
    retakeSame: 0.878,
    trueTop: 0.939,
    coverageMin: 0.888,
    coverageMax: 0.933,
    genuineFlagged: 0.045,
    randomFlagged: 0.997,
    falseChange: 0.036,
  },
  leadership: {
    named: 0.391,
    retakeSame: 0.867,
    trueTop: 0.93,
    coverageMin: 0.89,
    coverageMax: 0.93,
    genuineFlagged: 0.014,
    randomFlagged: 0.996,
    falseChange: 0.034,
    trueChangeFlagged: 0.234,
  },
  iq: {
    coverageMin: 0.958,
    calibratedCoverageFiltered: 0.895,
    error115to135: 5.54,
    executivesAtCeiling: 0.001,
    falseChange: 0.045,
    trueChangeFlagged: 0.4,
  },
} as const;

export type PublishedFigures = typeof PUBLISHED_FIGURES;

/** "47.1%": a share as the page writes it. */
export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** "3.6–4.1%": the lowest and highest of several shares. */
export function percentRange(shares: readonly number[]): string {
  const [low, high] = [Math.min(...shares), Math.max(...shares)];
  return low === high ? percent(low) : `${(low * 100).toFixed(1)}–${percent(high)}`;
}
