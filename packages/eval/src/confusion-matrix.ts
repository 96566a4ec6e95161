import { InvalidArgumentError } from '@dt/errors';
import { checkLabelPair, checkLabels, checkOptions, checkSampleWeight } from './check.js';
import { encodeLabels } from './encode-labels.js';
import type { Label, Labels } from './types.js';

/** Options of confusionMatrix: the label order and sample weights. */
export interface ConfusionMatrixOptions {
  /**
   * Row/column order. Default: the sorted labels of yTrue ∪ yPred. Samples whose true or predicted
   * label is not listed are left out (sklearn's behaviour).
   */
  labels?: readonly Label[];
  /** Per-sample weights (finite, >= 0, positive sum); cells then hold weight sums. */
  sampleWeight?: ArrayLike<number>;
}

/** A confusion matrix: `matrix[i][j]` counts (weighted) samples of true label `labels[i]` predicted as `labels[j]`. */
export interface ConfusionMatrix {
  readonly labels: Label[];
  /** `matrix[i][j]`: (weighted) count of samples with true label `labels[i]` predicted as `labels[j]`. */
  readonly matrix: number[][];
}

/** Confusion matrix with rows = true class and columns = predicted class, like sklearn's. */
export function confusionMatrix(yTrue: Labels, yPred: Labels, options?: ConfusionMatrixOptions): ConfusionMatrix {
  const kind = checkLabelPair(yTrue, yPred);
  const o = checkOptions('options', options, ['labels', 'sampleWeight']);
  const w = o.sampleWeight === undefined ? undefined : checkSampleWeight(o.sampleWeight, yTrue.length);
  let labels: Label[];
  if (o.labels === undefined) {
    labels = encodeLabels([yTrue, yPred]).classes;
  } else {
    if (checkLabels('options.labels', o.labels) !== kind) {
      throw new InvalidArgumentError('options.labels', `${kind} labels like yTrue`, o.labels);
    }
    labels = Array.from(o.labels as ArrayLike<Label>);
  }
  const index = new Map<Label, number>();
  labels.forEach((l, i) => {
    if (index.has(l)) throw new InvalidArgumentError(`options.labels[${i}]`, 'a label not already listed', l);
    index.set(l, i);
  });
  const m = labels.length;
  const cells = new Float64Array(m * m);
  for (let i = 0; i < yTrue.length; i++) {
    const a = index.get(yTrue[i]!);
    const b = index.get(yPred[i]!);
    if (a === undefined || b === undefined) continue;
    cells[a * m + b]! += w === undefined ? 1 : w[i]!;
  }
  const matrix: number[][] = [];
  for (let i = 0; i < m; i++) matrix.push(Array.from(cells.subarray(i * m, (i + 1) * m)));
  return { labels, matrix };
}
