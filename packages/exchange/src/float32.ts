/**
 * Float32 comparisons as double thresholds. XGBoost and onnxruntime (float inputs) round each
 * feature value to float32 and compare it with a float32 threshold; dt trees compare the double
 * value with `x <= threshold`. For a float32 t, `fround(x) <= t` holds exactly when
 * `x <= upperBound32(t)`: the largest double that rounds to t (round-to-nearest-even, so the midpoint
 * to the next float32 belongs to t only when t's last mantissa bit is 0). Strict `fround(x) < t` is
 * `fround(x) <= prev32(t)`. With these thresholds the comparison is exact for every double input.
 */

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);

/** The float32 below t (t a float32; -Infinity below -FLT_MAX). */
export function prev32(t: number): number {
  if (t !== t || t === Number.NEGATIVE_INFINITY) return t;
  if (t === 0) return -1.401298464324817e-45;
  f32[0] = t;
  u32[0] = t > 0 ? u32[0]! - 1 : u32[0]! + 1;
  return f32[0]!;
}

/** The float32 above t (t a float32; +Infinity above FLT_MAX). */
export function next32(t: number): number {
  if (t !== t || t === Number.POSITIVE_INFINITY) return t;
  if (t === 0) return 1.401298464324817e-45;
  f32[0] = t;
  u32[0] = t > 0 ? u32[0]! + 1 : u32[0]! - 1;
  return f32[0]!;
}

/** The double below d. */
export function prevDouble(d: number): number {
  if (d !== d || d === Number.NEGATIVE_INFINITY) return d;
  if (d === 0) return -Number.MIN_VALUE;
  f64[0] = d;
  u64[0] = d > 0 ? u64[0]! - 1n : u64[0]! + 1n;
  return f64[0]!;
}

/** Largest double x with Math.fround(x) <= t, for a float32 t. */
export function upperBound32(t: number): number {
  if (t !== t || t === Number.POSITIVE_INFINITY) return t;
  const up = next32(t);
  if (up === Number.POSITIVE_INFINITY) {
    // Beyond FLT_MAX, doubles round to FLT_MAX below 2^128 - 2^103 (FLT_MAX's mantissa is odd: the tie goes up).
    return prevDouble(2 ** 128 - 2 ** 103);
  }
  if (t === Number.NEGATIVE_INFINITY) return -(2 ** 128 - 2 ** 103);
  const mid = t / 2 + up / 2;
  f32[0] = t;
  return (u32[0]! & 1) === 0 ? mid : prevDouble(mid);
}

/** Double threshold for `fround(x) <= t` (BRANCH_LEQ on float inputs). */
export function leq32(t: number): number {
  return upperBound32(Math.fround(t));
}

/** Double threshold for `fround(x) < t` (XGBoost's split test, BRANCH_LT on float inputs). */
export function lt32(t: number): number {
  return upperBound32(prev32(Math.fround(t)));
}
