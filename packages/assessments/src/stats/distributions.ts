/** The few distribution functions the measurement code needs, from the maintained stdlib packages. */
import binomialCdf from "@stdlib/stats-base-dists-binomial-cdf";
import fQuantile from "@stdlib/stats-base-dists-f-quantile";
import normalCdf from "@stdlib/stats-base-dists-normal-cdf";
import normalQuantile from "@stdlib/stats-base-dists-normal-quantile";

/** Standard normal cumulative probability Φ(z). */
export function phi(z: number): number {
  return normalCdf(z, 0, 1);
}

/** Standard normal quantile Φ⁻¹(p). */
export function phiInverse(p: number): number {
  return normalQuantile(p, 0, 1);
}

/** P(X ≥ k) for X ~ Binomial(n, p). */
export function binomialUpperTail(k: number, n: number, p: number): number {
  return k <= 0 ? 1 : 1 - binomialCdf(k - 1, n, p);
}

/** Quantile of the F distribution with (d1, d2) degrees of freedom. */
export function fInverse(p: number, d1: number, d2: number): number {
  return fQuantile(p, d1, d2);
}
