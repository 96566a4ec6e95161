/**
 * Two feature values closer than this (relative to their magnitude, absolute below 1) are treated as
 * equal and never split apart. Matches scikit-learn's FEATURE_THRESHOLD (1e-7) for |x| <= 1.
 */
export const FEATURE_TOLERANCE = 1e-7;

/** True when a split may be placed between sorted neighbours a <= b. Small enough for V8 to inline. */
export function valuesDiffer(a: number, b: number): boolean {
  const scale = Math.abs(b) > 1 ? Math.abs(b) : 1;
  return b - a > FEATURE_TOLERANCE * scale;
}

/** Split threshold between two separated sorted values: their midpoint, never equal to b. */
export function midpoint(a: number, b: number): number {
  const t = a / 2 + b / 2;
  return t === b || !Number.isFinite(t) ? a : t;
}
