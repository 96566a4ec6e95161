import type { Directions } from './types.js';

/** How many directions `dirs` holds: its dense rows plus `cols` per reflection. */
export function directionCount(dirs: Directions, cols: number): number {
  return dirs.count + (dirs.reflections ? dirs.reflections.count * cols : 0);
}

/**
 * Direction k of `dirs` as dense weights in out[0, cols): a dense row copied, or for reflection
 * r = ⌊(k − count)/cols⌋, j = (k − count) mod cols, w = e_j − 2u_j·u computed as −(2u_j)·u_f, plus 1
 * at f = j. The one home of that formula: the stored split of a reflected direction is exactly this
 * (so the fast projection x_j − 2u_j·(x·u) of @dt/core only ever ranks, never decides, a split).
 */
export function directionWeights(dirs: Directions, cols: number, k: number, out: Float64Array): void {
  if (k < dirs.count) {
    out.set(dirs.dirs.subarray(k * cols, (k + 1) * cols));
    return;
  }
  const r = Math.floor((k - dirs.count) / cols);
  const j = k - dirs.count - r * cols;
  const u = dirs.reflections!.u;
  const ro = r * cols;
  const a = 2 * u[ro + j]!;
  // 0 − x is −x exactly, and +0 (not −0) where u_f = 0: the zero reflection gives the unit axes.
  for (let f = 0; f < cols; f++) out[f] = 0 - a * u[ro + f]!;
  out[j] = out[j]! + 1;
}

/** Every direction of `dirs` as dense rows (k × cols): for tests and small problems only. */
export function denseDirections(dirs: Directions, cols: number): Float64Array {
  const k = directionCount(dirs, cols);
  const out = new Float64Array(k * cols);
  for (let i = 0; i < k; i++) directionWeights(dirs, cols, i, out.subarray(i * cols, (i + 1) * cols));
  return out;
}
