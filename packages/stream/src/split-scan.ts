import { midpoint } from '@dt/criteria';
import { countsTest } from './counts-test.js';
import { candidatePositions, FeatureSorter } from './feature-order.js';
import { ksFast } from './ks-test.js';
import { mwuSmallGroupInto } from './mann-whitney.js';
import { studentFromMoments, zFromMoments } from './parametric-tests.js';
import { candidateOrder, referenceCandidates, referenceCountsTest } from './reference-compat.js';
import type { FitData } from './fit-data.js';
import type { Candidates } from './options.js';
import type { Stats } from './stats.js';
import { createPValueOut, type PValueOut, type TestFamily, type TestName } from './test-result.js';

/** The lowest-p binary split of a node found by a scan. */
export interface SplitChoice {
  found: boolean;
  feature: number;
  /** Samples in the left child (x <= threshold). */
  nLeft: number;
  threshold: number;
  pValue: number;
  logP: number;
  /** |nLeft − nRight|, the tie-breaker. */
  balance: number;
  test: TestName;
}

/**
 * dt's rule (default mode): a split never cuts off a single sample. One row of the node set apart
 * from n others has an exact permutation p-value of 1/(n + 1) at best (the chance that the one odd
 * row falls on the chosen side), but the scan picks that side after seeing which row is odd: over the
 * n + 1 places the odd row could be, some one-row cut attains 1/(n + 1) by construction, so the
 * selection-corrected p-value is (n + 1) · 1/(n + 1) = 1 and no alpha makes it significant. Groups of
 * two or more keep their own p-values. The reference code (compat: 'reference') tests such cuts with
 * Commons' Mann–Whitney normal approximation, whose p never falls below 0.083 for one value.
 */
export function isLoneSample(pos: number, n: number): boolean {
  return pos < 2 || n - pos < 2;
}

export function createSplitChoice(): SplitChoice {
  return { found: false, feature: -1, nLeft: 0, threshold: 0, pValue: 1, logP: 0, balance: 0, test: 'ks' };
}

/**
 * True when (logP, balance) beats the current best: a lower p-value (relative tolerance 1e-10 on
 * ln p, so rounding never decides), then the more balanced split. Earlier features and positions win
 * remaining ties because they are scanned first.
 */
export function isLowerP(logP: number, balance: number, best: SplitChoice): boolean {
  if (!best.found) return true;
  if (logP === best.logP) return balance < best.balance;
  const tol = 1e-10 * Math.max(1, Math.abs(logP), Math.abs(best.logP));
  if (!Number.isFinite(tol)) return logP < best.logP;
  if (logP < best.logP - tol) return true;
  if (logP > best.logP + tol) return false;
  return balance < best.balance;
}

/**
 * Finds a node's lowest-p split over the given features. Cost per node and feature: one sort
 * (O(n + U) counting or O(n log n)), then K candidates (K = ⌊√n⌋ for 'sections', up to n − 1 for
 * 'exhaustive'):
 * - classification: running class counts, so each candidate's test costs O(C) — KS on label codes
 *   is the largest gap of the cumulative counts — plus its p-value (O(1), or O(n1·n2) ≤ 10⁴ exact);
 * - regression: Z/t from running sums in O(1); KS in O(R) per candidate from running counts per
 *   distinct target (R ≤ n distinct targets in the node); MWU (one side ≤ 2 samples) in O(R).
 * So O(d·(n log n + K·C)) for classes and O(d·(n log n + K·R)) for nonparametric regression.
 */
export class SplitScanner {
  private readonly sorter: FeatureSorter;
  private readonly positions: Int32Array;
  private readonly cL: Float64Array;
  private readonly cR: Float64Array;
  private readonly out: PValueOut = createPValueOut();
  // regression scratch
  private readonly tRank: Int32Array;
  private readonly ys: Float64Array;
  private readonly cAll: Float64Array;
  private readonly below: Float64Array;
  private readonly cLr: Float64Array;
  // reference-mode scratch (grown on first use)
  private refKeys = new Float64Array(0);
  private refLIds = new Int32Array(0);
  private refOrder = new Int32Array(0);
  private refScratch = new Float64Array(0);
  private refP = new Float64Array(0);

  constructor(private readonly data: FitData) {
    const n = data.X.rows;
    this.sorter = new FeatureSorter(data.index);
    this.positions = new Int32Array(n);
    this.cL = new Float64Array(Math.max(1, data.nClasses));
    this.cR = new Float64Array(Math.max(1, data.nClasses));
    const rn = data.task === 'regression' ? n : 0;
    this.tRank = new Int32Array(rn);
    this.ys = new Float64Array(rn);
    this.cAll = new Float64Array(rn);
    this.below = new Float64Array(rn);
    this.cLr = new Float64Array(rn);
  }

  get featureSorter(): FeatureSorter {
    return this.sorter;
  }

  bestSplit(samples: Int32Array, stats: Stats, features: Int32Array, nFeatures: number, family: TestFamily, candidates: Candidates, best: SplitChoice): boolean {
    best.found = false;
    if (this.data.task === 'classification') {
      for (let k = 0; k < nFeatures; k++) this.scanClassification(samples, stats, features[k]!, family, candidates, best);
    } else {
      const R = this.prepareRegression(samples, stats);
      for (let k = 0; k < nFeatures; k++) this.scanRegression(samples, stats, R, features[k]!, family, candidates, best);
    }
    return best.found;
  }

  /**
   * The reference implementation's split search (`compat: 'reference'`, classification): its
   * candidates (referenceCandidates), its p-values (referenceCountsTest), the lowest p with ties
   * going to the candidate the reference meets last (later feature; later in its map order), and
   * the largest left value as the threshold. O(d·(n log n + K·C + K²)).
   */
  bestSplitReference(samples: Int32Array, stats: Stats, features: Int32Array, nFeatures: number, best: SplitChoice): boolean {
    best.found = false;
    const n = samples.length;
    if (this.refKeys.length < n + 2) {
      this.refKeys = new Float64Array(n + 2);
      this.refLIds = new Int32Array(n + 2);
      this.refOrder = new Int32Array(n + 2);
      this.refScratch = new Float64Array(n + 2);
      this.refP = new Float64Array(n + 2);
    }
    const C = this.data.nClasses;
    const codes = this.data.codes!;
    const sorter = this.sorter;
    const cL = this.cL;
    const cR = this.cR;
    const out = this.out;
    for (let k = 0; k < nFeatures; k++) {
      const f = features[k]!;
      sorter.sort(samples, n, f);
      const uniq = this.data.index.uniq[f]!;
      const K = referenceCandidates(sorter.rank, uniq, n, this.refLIds, this.refKeys);
      if (K === 0) continue;
      const order = sorter.order;
      // positions come in descending order: sweep them ascending
      let p = n;
      for (let j = K - 1; j >= 0; j--) {
        const pos = this.refLIds[j]!;
        if (pos < p) {
          cL.fill(0);
          cR.set(stats.counts!);
          p = 0;
        }
        for (; p < pos; p++) {
          const c = codes[samples[order[p]!]!]!;
          cL[c]!++;
          cR[c]!--;
        }
        referenceCountsTest(cL, pos, cR, n - pos, C, out);
        this.refP[j] = out.pValue;
      }
      candidateOrder(this.refKeys, K, this.refOrder, this.refScratch);
      for (let j = 0; j < K; j++) {
        const idx = this.refOrder[j]!;
        const pv = this.refP[idx]!;
        if (best.found && !(pv <= best.pValue)) continue;
        const pos = this.refLIds[idx]!;
        best.found = true;
        best.feature = f;
        best.nLeft = pos;
        best.threshold = uniq[sorter.rank[pos - 1]!]!;
        best.pValue = pv;
        best.logP = Math.log(pv);
        best.balance = Math.abs(2 * pos - n);
        best.test = pos < 2 || n - pos < 2 ? 'mwu' : 'ks';
      }
    }
    return best.found;
  }

  private consider(f: number, pos: number, n: number, best: SplitChoice): void {
    const out = this.out;
    const balance = Math.abs(2 * pos - n);
    if (!isLowerP(out.logP, balance, best)) return;
    const uniq = this.data.index.uniq[f]!;
    const rank = this.sorter.rank;
    best.found = true;
    best.feature = f;
    best.nLeft = pos;
    best.threshold = midpoint(uniq[rank[pos - 1]!]!, uniq[rank[pos]!]!);
    best.pValue = out.pValue;
    best.logP = out.logP;
    best.balance = balance;
    best.test = out.test;
  }

  private scanClassification(samples: Int32Array, stats: Stats, f: number, family: TestFamily, candidates: Candidates, best: SplitChoice): void {
    const n = samples.length;
    const sorter = this.sorter;
    sorter.sort(samples, n, f);
    const K = candidatePositions(sorter.rank, this.data.index.uniq[f]!, n, candidates, this.positions);
    if (K === 0) return;
    const C = this.data.nClasses;
    const codes = this.data.codes!;
    const order = sorter.order;
    const cL = this.cL;
    const cR = this.cR;
    cL.fill(0);
    cR.set(stats.counts!);
    let p = 0;
    for (let k = 0; k < K; k++) {
      const pos = this.positions[k]!;
      for (; p < pos; p++) {
        const c = codes[samples[order[p]!]!]!;
        cL[c]!++;
        cR[c]!--;
      }
      if (isLoneSample(pos, n)) continue;
      countsTest(cL, pos, cR, n - pos, C, family, this.out);
      this.consider(f, pos, n, best);
    }
  }

  /** Distinct targets of the node, their counts, and each sample's target rank. Returns R. */
  private prepareRegression(samples: Int32Array, stats: Stats): number {
    const sorted = stats.sorted!;
    const n = samples.length;
    const ys = this.ys;
    const cAll = this.cAll;
    const below = this.below;
    let R = 0;
    for (let i = 0; i < n; i++) {
      const v = sorted[i]!;
      if (R === 0 || v !== ys[R - 1]) {
        ys[R] = v;
        below[R] = i;
        cAll[R] = 0;
        R++;
      }
      cAll[R - 1]!++;
    }
    const y = this.data.y!;
    for (let i = 0; i < n; i++) {
      const v = y[samples[i]!]!;
      let lo = 0;
      let hi = R - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (ys[mid]! < v) lo = mid + 1;
        else hi = mid;
      }
      this.tRank[i] = lo;
    }
    return R;
  }

  private scanRegression(samples: Int32Array, stats: Stats, R: number, f: number, family: TestFamily, candidates: Candidates, best: SplitChoice): void {
    const n = samples.length;
    const sorter = this.sorter;
    sorter.sort(samples, n, f);
    const K = candidatePositions(sorter.rank, this.data.index.uniq[f]!, n, candidates, this.positions);
    if (K === 0) return;
    const y = this.data.y!;
    const order = sorter.order;
    const tRank = this.tRank;
    const cL = this.cLr;
    const cAll = this.cAll;
    const out = this.out;
    const mean = stats.mean;
    const Q = stats.ss;
    cL.fill(0, 0, R);
    let sL = 0;
    let qL = 0;
    let sAll = 0;
    for (let i = 0; i < n; i++) sAll += y[samples[i]!]! - mean;
    let p = 0;
    for (let k = 0; k < K; k++) {
      const pos = this.positions[k]!;
      for (; p < pos; p++) {
        const i = order[p]!;
        cL[tRank[i]!]!++;
        const yc = y[samples[i]!]! - mean;
        sL += yc;
        qL += yc * yc;
      }
      const nL = pos;
      const nR = n - pos;
      if (isLoneSample(pos, n)) continue;
      if (family === 'nonparametric') {
        if (nL > 2 && nR > 2) {
          let cum = 0;
          let cumAll = 0;
          let dMax = 0;
          for (let r = 0; r < R; r++) {
            cum += cL[r]!;
            cumAll += cAll[r]!;
            const diff = Math.abs(cum * nR - (cumAll - cum) * nL);
            if (diff > dMax) dMax = diff;
          }
          ksFast(dMax, nL, nR, out);
        } else {
          // A group of one or two samples: the exact permutation Mann–Whitney over the node's targets.
          const small = nL <= 2;
          const start = small ? 0 : pos;
          const len = small ? nL : nR;
          let uS = 0;
          for (let a = 0; a < len; a++) {
            const r = tRank[order[start + a]!]!;
            let lessS = 0;
            let eqS = 0;
            for (let b = 0; b < len; b++) {
              const rb = tRank[order[start + b]!]!;
              if (rb < r) lessS++;
              else if (rb === r) eqS++;
            }
            uS += this.below[r]! - lessS + 0.5 * (cAll[r]! - eqS);
          }
          const r0 = tRank[order[start]!]!;
          const r1 = len > 1 ? tRank[order[start + 1]!]! : -1;
          mwuSmallGroupInto(cAll, null, R, r1 < 0 ? r0 : Math.min(r0, r1), r1 < 0 ? -1 : Math.max(r0, r1), small ? uS : nL * nR - uS, out);
        }
      } else {
        const sR = sAll - sL;
        const qR = Q - qL;
        const ssL = Math.max(0, qL - (sL * sL) / nL);
        const ssR = Math.max(0, qR - (sR * sR) / nR);
        if (nL > 30 && nR > 30) zFromMoments(nL, mean + sL / nL, ssL, nR, mean + sR / nR, ssR, out);
        else studentFromMoments(nL, mean + sL / nL, ssL, nR, mean + sR / nR, ssR, out);
      }
      this.consider(f, pos, n, best);
    }
  }
}
