import { compareLabels } from './check.js';
import type { Label } from './types.js';

/** Labels mapped to codes 0..C-1 in sorted label order (sklearn's `unique_labels`). */
export interface Encoded {
  /** The sorted distinct labels; code c stands for `classes[c]`. */
  readonly classes: Label[];
  readonly index: Map<Label, number>;
  /** One code array per input array, in order. */
  readonly codes: Int32Array[];
}

/** Encodes already-validated label arrays against their joint sorted label set. */
export function encodeLabels(arrays: readonly ArrayLike<Label>[]): Encoded {
  const seen = new Set<Label>();
  for (const arr of arrays) {
    for (let i = 0; i < arr.length; i++) seen.add(arr[i]!);
  }
  const classes = [...seen].sort(compareLabels);
  const index = new Map<Label, number>();
  for (let c = 0; c < classes.length; c++) index.set(classes[c]!, c);
  const codes = arrays.map((arr) => {
    const out = new Int32Array(arr.length);
    for (let i = 0; i < arr.length; i++) out[i] = index.get(arr[i]!)!;
    return out;
  });
  return { classes, index, codes };
}

/** Weighted per-class true-positive, predicted and true totals. */
export interface ClassTotals {
  readonly tp: Float64Array;
  readonly pred: Float64Array;
  readonly true: Float64Array;
}

export function classTotals(t: Int32Array, p: Int32Array, nClasses: number, w: Float64Array | undefined): ClassTotals {
  const tp = new Float64Array(nClasses);
  const pred = new Float64Array(nClasses);
  const tru = new Float64Array(nClasses);
  for (let i = 0; i < t.length; i++) {
    const wi = w === undefined ? 1 : w[i]!;
    const a = t[i]!;
    const b = p[i]!;
    tru[a]! += wi;
    pred[b]! += wi;
    if (a === b) tp[a]! += wi;
  }
  return { tp, pred, true: tru };
}
