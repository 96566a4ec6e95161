/**
 * Two sorted feature values a < b may be split apart only when b − a > FEATURE_TOLERANCE — an
 * absolute gap, scikit-learn's FEATURE_THRESHOLD — and their midpoint lies strictly between them.
 * The gap is absolute at every magnitude: timestamps 1 apart (1.7e9, 1.7e9 + 1) are separable, as in
 * scikit-learn. The midpoint condition excludes neighbouring floats so large that a/2 + b/2 rounds
 * onto one of them (the threshold could not separate them).
 */
export const FEATURE_TOLERANCE = 1e-7;

/** True when a split may be placed between sorted neighbours a <= b. Small enough for V8 to inline. */
export function valuesDiffer(a: number, b: number): boolean {
  if (!(b - a > FEATURE_TOLERANCE)) return false;
  const t = a / 2 + b / 2;
  return a < t && t < b;
}

/**
 * The candidate gate every criterion's scan applies at position i (between sorted entries cur and
 * nxt, with nL samples and weight wL on the left): the values are separable and the left side meets
 * the leaf limits. The cheap absolute test comes first so runs of equal values skip at one compare.
 * Criteria keep their own loops (V8 keeps each monomorphic) and call this small, inlined helper.
 */
export function isCandidate(cur: number, nxt: number, nL: number, wL: number, minSamples: number, minWeight: number): boolean {
  return valuesDiffer(cur, nxt) && nL >= minSamples && wL >= minWeight;
}

/** Split threshold between two separated sorted values: their midpoint, never equal to b. */
export function midpoint(a: number, b: number): number {
  const t = a / 2 + b / 2;
  return t === b || !Number.isFinite(t) ? a : t;
}
