/**
 * Gauss–Legendre quadrature on [0, 1]: Q nodes t_q and weights w_q with Σ w_q p(t_q) = ∫₀¹ p(t) dt
 * exactly for every polynomial p of degree ≤ 2Q − 1. The nodes are the roots of the Legendre
 * polynomial P_Q, found by Newton's method from the classical cosine guesses (Numerical Recipes'
 * gauleg); w = 2 / ((1 − x²) P_Q'(x)²) on [−1, 1], halved for [0, 1]. `s[q] = 1 − t[q]` is formed
 * from the root itself (not by subtraction), so both stay accurate near the ends.
 */
export interface Quadrature {
  readonly t: Float64Array;
  readonly s: Float64Array;
  readonly w: Float64Array;
}

/** The Q-point rule on [0, 1] (Q ≥ 1). */
export function gaussLegendre(Q: number): Quadrature {
  const t = new Float64Array(Q);
  const s = new Float64Array(Q);
  const w = new Float64Array(Q);
  const half = (Q + 1) >> 1;
  for (let i = 0; i < half; i++) {
    let x = Math.cos((Math.PI * (i + 0.75)) / (Q + 0.5));
    let dp = 1;
    for (let iter = 0; iter < 100; iter++) {
      let p1 = 1;
      let p2 = 0;
      for (let j = 1; j <= Q; j++) {
        const p3 = p2;
        p2 = p1;
        p1 = ((2 * j - 1) * x * p2 - (j - 1) * p3) / j;
      }
      dp = (Q * (x * p1 - p2)) / (x * x - 1);
      const next = x - p1 / dp;
      const done = Math.abs(next - x) <= 1e-16;
      x = next;
      if (done) break;
    }
    const weight = 1 / ((1 - x * x) * dp * dp);
    // x > 0: node i at (1 − x) / 2, its mirror at (1 + x) / 2.
    const lo = (1 - x) / 2;
    const hi = (1 + x) / 2;
    t[i] = lo;
    s[i] = hi;
    w[i] = weight;
    t[Q - 1 - i] = hi;
    s[Q - 1 - i] = lo;
    w[Q - 1 - i] = weight;
  }
  return { t, s, w };
}
