/**
 * Monotonic constraints (scikit-learn ≥ 1.4 `monotonic_cst`; sklearn/tree/_splitter.pyx,
 * _criterion.pyx `check_monotonicity` / `middle_value` / `clip_node_value`, _tree.pyx builders).
 *
 * A constraint s ∈ {−1, 0, +1} per feature bounds the *node value* v: the mean target (regression),
 * or the fraction of class 0 (binary classification, where scikit-learn constrains the negative
 * class and therefore negates the user's sign, which is about the positive class). Every node
 * carries bounds [lo, hi] (the root ±∞):
 *
 * - a candidate split on a constrained feature is valid only when both children's values lie in
 *   [lo, hi] and (vL − vR)·s <= 0 — rejected like a split that breaks minSamplesLeaf, so the best
 *   *valid* split of the feature competes;
 * - after a split on a constrained feature the children get [lo, mid] and [mid, hi] (ordered by s),
 *   mid = ΣL/(2·wL) + ΣR/(2·wR), the mean of the children's unclipped values; after any other split
 *   both children keep [lo, hi];
 * - every node's stored value is clipped to its bounds (classification: p0 clipped, p1 = 1 − p0).
 *
 * So along a constrained feature every path's leaf values are ordered: predictions are monotone.
 *
 * The criteria keep their unchanged scans (each owns its loop). Positions are excluded the way the
 * scans already exclude them: the scan sees, instead of the feature's values, group numbers that
 * step by 1 only at a boundary where the values differ *and* the split is valid, so every invalid
 * boundary is "between equal values". Valid because the criteria that take monotonic constraints
 * score the partition alone (the option refuses `valueScored` ones). The searches name the node
 * (`node`) and the feature (`feature`) before scanning; everything else is in the wrapped criterion.
 */
import { InvalidArgumentError } from '@dt/errors';
import { valuesDiffer, type ClassificationCriterion, type ClassificationScanInput, type Criterion, type RegressionCriterion, type RegressionScanInput, type SplitResult } from '@dt/criteria';
import type { NodeView } from './split-record.js';

/** The per-fit constraint state the searches and the wrapped criterion share. */
export class MonotonicScan {
  /** Sign per feature on the node value (classification: already negated, on class 0). */
  readonly signs: Int8Array;
  private lower = Number.NEGATIVE_INFINITY;
  private upper = Number.POSITIVE_INFINITY;
  private sign = 0;
  private groups = new Float64Array(64);

  /** `signs`: the constraint per feature on the node value (see the file comment). */
  constructor(signs: Int8Array) {
    this.signs = signs;
  }

  /** The node about to be searched: its bounds. */
  node(node: NodeView): void {
    this.lower = node.lower ?? Number.NEGATIVE_INFINITY;
    this.upper = node.upper ?? Number.POSITIVE_INFINITY;
    this.sign = 0;
  }

  /** The feature (column) about to be scanned. */
  feature(f: number): void {
    this.sign = this.signs[f]!;
  }

  /** The criterion whose scans honour the constraint of the current feature; every other member is the criterion's own. */
  wrap<C extends Criterion>(criterion: C): C {
    const scan = criterion.task === 'classification' ? this.classificationScan(criterion) : this.regressionScan(criterion);
    return Object.freeze({ ...criterion, scan }) as unknown as C;
  }

  private classificationScan(c: ClassificationCriterion): ClassificationCriterion['scan'] {
    return (input: ClassificationScanInput, out: SplitResult): boolean => {
      if (this.sign === 0) return c.scan(input, out);
      const n = input.n;
      const groups = this.buffer(n);
      const { values, labels, weights } = input;
      const W = input.totalWeight;
      const T = input.classWeights[0]!;
      let s = 0;
      let w = 0;
      let g = 0;
      for (let i = 0; i + 1 < n; i++) {
        groups[i] = g;
        const wi = weights[i]!;
        w += wi;
        if (labels[i] === 0) s += wi;
        if (valuesDiffer(values[i]!, values[i + 1]!) && this.valid(s / w, (T - s) / (W - w))) g++;
      }
      if (n > 0) groups[n - 1] = g;
      return this.scanGroups(input, out, groups, g, c.scan);
    };
  }

  private regressionScan(c: RegressionCriterion): RegressionCriterion['scan'] {
    return (input: RegressionScanInput, out: SplitResult): boolean => {
      if (this.sign === 0) return c.scan(input, out);
      const n = input.n;
      const groups = this.buffer(n);
      const { values, targets, weights } = input;
      const W = input.totalWeight;
      const T = input.weightedSum;
      let s = 0;
      let w = 0;
      let g = 0;
      for (let i = 0; i + 1 < n; i++) {
        groups[i] = g;
        const wi = weights[i]!;
        w += wi;
        s += wi * targets[i]!;
        if (valuesDiffer(values[i]!, values[i + 1]!) && this.valid(s / w, (T - s) / (W - w))) g++;
      }
      if (n > 0) groups[n - 1] = g;
      return this.scanGroups(input, out, groups, g, c.scan);
    };
  }

  /** Runs `scan` on the group numbers in place of the values (no valid boundary: no split). */
  private scanGroups<I extends { values: Float64Array }>(input: I, out: SplitResult, groups: Float64Array, last: number, scan: (input: I, out: SplitResult) => boolean): boolean {
    if (last === 0) return false;
    const values = input.values;
    input.values = groups;
    try {
      return scan(input, out);
    } finally {
      input.values = values;
    }
  }

  /** scikit-learn's check_monotonicity for children values vL, vR (NaN — a side of weight 0 — fails). */
  private valid(vL: number, vR: number): boolean {
    const lo = this.lower;
    const hi = this.upper;
    return vL >= lo && vR >= lo && vL <= hi && vR <= hi && (vL - vR) * this.sign <= 0;
  }

  private buffer(n: number): Float64Array {
    if (this.groups.length < n) this.groups = new Float64Array(Math.max(n, 2 * this.groups.length));
    return this.groups;
  }
}

/**
 * The children's bounds after a split with constraint `sign` on its feature (0: both keep the node's),
 * from the children's value sums and weights (scikit-learn's middle_value: ΣL/(2·wL) + ΣR/(2·wR)).
 * Writes [leftLo, leftHi, rightLo, rightHi] into `out`.
 */
export function childBounds(sign: number, lo: number, hi: number, sumL: number, wL: number, sumR: number, wR: number, out: Float64Array): void {
  if (sign === 0) {
    out[0] = lo;
    out[1] = hi;
    out[2] = lo;
    out[3] = hi;
    return;
  }
  const mid = sumL / (2 * wL) + sumR / (2 * wR);
  if (sign > 0) {
    out[0] = lo;
    out[1] = mid;
    out[2] = mid;
    out[3] = hi;
  } else {
    out[0] = mid;
    out[1] = hi;
    out[2] = lo;
    out[3] = mid;
  }
}

/** scikit-learn's clip_node_value: v clipped to [lo, hi] (lo first, as scikit-learn tests it). */
export function clipValue(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/**
 * The fit's constraint signs on the node value, from the option as given: one per feature (by index,
 * or by name through `featureNames`); classification needs two classes and negates the signs (they
 * bound P(class 0)). Null when the option is null. Typed errors name `monotonicCst`.
 */
export function monotonicSigns(cst: readonly number[] | Readonly<Record<string, number>> | null, d: number, featureNames: readonly string[] | null, nClasses: number | null): Int8Array | null {
  if (cst === null) return null;
  const name = 'monotonicCst';
  if (nClasses !== null && nClasses > 2) throw new InvalidArgumentError(name, `null for multiclass classification (${nClasses} classes; constraints bound P(positive class) of a binary classifier)`, cst);
  const signs = new Int8Array(d);
  if (Array.isArray(cst)) {
    if (cst.length !== d) throw new InvalidArgumentError(name, `one constraint per feature (X has ${d} features)`, cst);
    for (let f = 0; f < d; f++) signs[f] = cst[f]!;
  } else {
    if (featureNames === null) throw new InvalidArgumentError(name, 'an array (constraints by feature name need featureNames at fit)', cst);
    for (const [k, c] of Object.entries(cst)) {
      const f = featureNames.indexOf(k);
      if (f < 0) throw new InvalidArgumentError(`${name}.${k}`, `a feature name of the training data (${featureNames.join(', ')})`, k);
      signs[f] = c;
    }
  }
  if (nClasses !== null) for (let f = 0; f < d; f++) signs[f] = -signs[f]!;
  return signs;
}
