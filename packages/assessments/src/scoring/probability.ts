/**
 * Verdict probabilities from the scales' grid posteriors: the probability that each scale is the
 * person's true highest (or lowest), and that a personality trait lies on one side of the cut.
 * The scales are scored separately, so their posteriors are independent and
 *   P(k is top) = Σ_x f_k(x) Π_{j≠k} F_j(x),
 * computed exactly on the shared grid (mass at the same grid point counted half). See 0037.
 */
import { type GridPosterior, SLIDER_GRID } from "../irt/grm";
import { phi } from "../stats/distributions";

export function topProbabilities(posteriors: readonly GridPosterior[], direction: "highest" | "lowest" = "highest"): number[] {
  const n = SLIDER_GRID.length;
  const order = direction === "highest" ? (i: number) => i : (i: number) => n - 1 - i;
  // below[j][i]: posterior mass of scale j strictly beyond grid point i in the losing direction, plus half at i.
  const below = posteriors.map((p) => {
    const out = new Array<number>(n);
    let acc = 0;
    for (let s = 0; s < n; s++) {
      const i = order(s);
      out[i] = acc + p.weights[i]! / 2;
      acc += p.weights[i]!;
    }
    return out;
  });
  const probs = posteriors.map((p, k) => {
    let total = 0;
    for (let i = 0; i < n; i++) {
      let prod = p.weights[i]!;
      if (prod < 1e-12) continue;
      for (let j = 0; j < posteriors.length; j++) if (j !== k) prod *= below[j]![i]!;
      total += prod;
    }
    return total;
  });
  const sum = probs.reduce((s, v) => s + v, 0);
  return probs.map((v) => (sum > 0 ? v / sum : 1 / probs.length));
}

/** Posterior probability that θ > 0 (the axis's second pole). */
export function probabilityAbove(p: GridPosterior): number {
  let mass = 0;
  SLIDER_GRID.forEach((t, i) => {
    if (t > 1e-9) mass += p.weights[i]!;
    else if (Math.abs(t) <= 1e-9) mass += p.weights[i]! / 2;
  });
  return mass;
}

/**
 * Model-predicted probability that a retake with the same precision lands on the same side as
 * `side`: retake EAP | θ ≈ Normal(ρθ, ρ(1 − ρ)), ρ = 1 − posterior variance, averaged over the posterior.
 */
export function retakeSameSide(p: GridPosterior, side: 1 | -1): number {
  const rho = Math.min(0.99, Math.max(0.01, 1 - p.sd ** 2));
  const spread = Math.sqrt(rho * (1 - rho));
  let total = 0;
  SLIDER_GRID.forEach((t, i) => {
    total += p.weights[i]! * phi((side * rho * t) / spread);
  });
  return total;
}
