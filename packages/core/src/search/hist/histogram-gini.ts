import { BALANCE_TIE_TOLERANCE, isCandidate, SCORE_TIE_TOLERANCE } from '@dt/criteria';

/** What scanMarkedGini found: the best split's score and left weight, and the bins either side of it. */
export interface MarkedGiniResult {
  score: number;
  leftWeight: number;
  leftBin: number;
  rightBin: number;
}

/**
 * The Gini scan of a small node's marked histogram, fused: the marked (bin, class) cells are read in
 * order (bin ascending, then class) and scanned directly, with the arithmetic of gini.ts's scan over
 * the grouped entries the generic path would build (one entry per marked cell): the same running sums
 * in the same order, candidates only between bins (entries of one bin share their value, and
 * isCandidate never separates equal values), the same stop and tie rules. So it finds the same split
 * as classEntriesMarked + gini.scan, without writing and re-reading five entry arrays per cell.
 *
 * Reads cells h[b*K + c] (weights; with `weighted`, counts at + C) of the bits set in
 * marks[first, last] (bit (b << shift) + c, shift >= log2 C), and clears both cells and marks. `cL`: C zeros on entry, left
 * dirty. `sqTotal`: Σ_c classW[c]² in class order. Returns false when no split qualifies.
 */
export function scanMarkedGini(
  h: Float64Array,
  marks: Int32Array,
  first: number,
  last: number,
  shift: number,
  C: number,
  K: number,
  weighted: boolean,
  sv: Float64Array,
  classW: Float64Array,
  W: number,
  N: number,
  minSamples: number,
  minWeightLeaf: number,
  sqTotal: number,
  cL: Float64Array,
  out: MarkedGiniResult,
): boolean {
  // As gini.ts: a side must also carry positive weight.
  const minWeight = minWeightLeaf > 0 ? minWeightLeaf : Number.MIN_VALUE;
  const scoreTol = SCORE_TIE_TOLERANCE * W;
  const balanceTol = BALANCE_TIE_TOLERANCE * W;
  let sqL = 0;
  let sqR = sqTotal;
  let wL = 0;
  let nL = 0;
  let bestProxy = Number.NEGATIVE_INFINITY;
  let bestBalance = Number.POSITIVE_INFINITY;
  let bestWL = 0;
  let bestLeft = -1;
  let bestRight = -1;
  let prevBin = -1;
  let stop = false;
  const mask = (1 << shift) - 1;
  for (let wd = first; wd <= last; wd++) {
    let bits = marks[wd]!;
    marks[wd] = 0;
    while (bits !== 0) {
      const t = bits & -bits;
      const bit = (wd << 5) + 31 - Math.clz32(t);
      bits ^= t;
      const b = bit >>> shift;
      const c = bit & mask;
      const cell = b * K + c;
      const w = h[cell]!;
      const cnt = weighted ? h[cell + C]! : w;
      h[cell] = 0;
      if (weighted) h[cell + C] = 0;
      if (stop) continue;
      if (b !== prevBin) {
        // The position between the previous bin's last entry and this one: gini.ts's candidate test.
        if (prevBin >= 0 && isCandidate(sv[prevBin]!, sv[b]!, nL, wL, minSamples, minWeight)) {
          const wR = W - wL;
          if (N - nL < minSamples || wR < minWeight) {
            stop = true; // the right side only shrinks from here
            continue;
          }
          const proxy = sqL / wL + sqR / wR;
          const balance = Math.abs(wL - wR);
          if (proxy > bestProxy + scoreTol || (proxy >= bestProxy - scoreTol && balance < bestBalance - balanceTol)) {
            bestProxy = proxy;
            bestBalance = balance;
            bestWL = wL;
            bestLeft = prevBin;
            bestRight = b;
          }
        }
        prevBin = b;
      }
      const a = cL[c]!;
      const r = classW[c]! - a;
      cL[c] = a + w;
      sqL += w * (a + a + w);
      sqR += w * (w - r - r);
      wL += w;
      nL += cnt;
    }
  }
  if (bestLeft < 0) return false;
  const score = (bestProxy - sqTotal / W) / W;
  out.score = score > 0 ? score : 0;
  out.leftWeight = bestWL;
  out.leftBin = bestLeft;
  out.rightBin = bestRight;
  return true;
}
