// The public website's pages the benches measure: every page a visitor reaches from the header and
// footer without signing in (a program page, a post and a catalogue tab stand for their kinds).
export const PUBLIC_ROUTES = process.env.BENCH_ROUTES?.split(",") ?? [
  "/",
  "/about",
  "/services",
  "/coaching/reach-peak-performance",
  "/retreat-program",
  "/resources",
  "/contact",
  "/continuous-leadership-education",
  "/continuous-leadership-education/emotional-intelligence-is-a-skill-not-a-trait",
  "/tests",
  "/assessments/methodology",
  "/privacy",
];

/** Median of a list of numbers (the upper one of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
