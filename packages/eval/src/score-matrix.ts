import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';
import { compareLabels, isNumericTypedArray } from './check.js';
import type { LabelKind } from './check.js';
import { encodeLabels } from './encode-labels.js';
import type { Label, Labels } from './types.js';

/** Per-sample scores of the probability scorers: one column (a 1-D array) or one per class. */
export interface ScoreMatrix {
  /** Row-major values, rows × cols. */
  readonly data: Float64Array;
  readonly cols: number;
  /** True when given as a 1-D array (binary: the score of the greater class). */
  readonly flat: boolean;
}

/**
 * Validates scores given as a 1-D array (number[] or a typed array) or as rows (number[][], e.g.
 * predictProba's result) of one length: n rows, finite values. Runs once per metric call.
 */
export function checkScoreMatrix(name: string, v: unknown, n: number): ScoreMatrix {
  if (!Array.isArray(v) && !isNumericTypedArray(v)) throw new InvalidArgumentError(name, 'an array of scores or an array of per-class rows', v);
  const a = v as ArrayLike<unknown>;
  if (a.length !== n) throw new ShapeMismatchError(`yTrue and ${name} must have the same length, got ${n} and ${a.length}`);
  if (n > 0 && Array.isArray(a[0])) {
    const cols = (a[0] as unknown[]).length;
    if (cols === 0) throw new InvalidArgumentError(`${name}[0]`, 'a non-empty row of scores', a[0]);
    const data = new Float64Array(n * cols);
    for (let i = 0; i < n; i++) {
      const row = a[i];
      if (!Array.isArray(row) && !isNumericTypedArray(row)) throw new InvalidArgumentError(`${name}[${i}]`, 'a row of scores like the first', row);
      const r = row as ArrayLike<unknown>;
      if (r.length !== cols) throw new ShapeMismatchError(`${name}[${i}] has ${r.length} scores, ${name}[0] has ${cols}`);
      for (let j = 0; j < cols; j++) {
        const x = r[j];
        if (typeof x !== 'number' || !Number.isFinite(x)) throw new InvalidArgumentError(`${name}[${i}][${j}]`, 'a finite number', x);
        data[i * cols + j] = x;
      }
    }
    return { data, cols, flat: false };
  }
  const data = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new InvalidArgumentError(`${name}[${i}]`, 'a finite number', x);
    data[i] = x;
  }
  return { data, cols: 1, flat: true };
}

/** Rows must be probabilities: in [0, 1] and summing to 1 as numpy's allclose(sum, 1, rtol=√eps). */
export function checkProbabilityRows(name: string, m: ScoreMatrix, n: number): void {
  const tol = 1e-8 + Math.sqrt(Number.EPSILON);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let j = 0; j < m.cols; j++) {
      const p = m.data[i * m.cols + j]!;
      if (p < 0 || p > 1) throw new InvalidArgumentError(m.flat ? `${name}[${i}]` : `${name}[${i}][${j}]`, 'a probability in [0, 1]', p);
      sum += p;
    }
    if (!m.flat && Math.abs(sum - 1) > tol) throw new InvalidArgumentError(`${name}[${i}]`, 'probabilities summing to 1 over the classes', sum);
  }
}

/**
 * The classes of a probability scorer, in column order: `labels` if given (ascending and unique, as
 * sklearn requires, every yTrue value among them), else yTrue's sorted distinct labels. Returns them
 * with yTrue's codes.
 */
export function resolveClasses(yTrue: Labels, kind: LabelKind, labels: unknown): { classes: Label[]; codes: Int32Array } {
  if (labels === undefined) {
    const e = encodeLabels([yTrue]);
    return { classes: e.classes, codes: e.codes[0]! };
  }
  if (!Array.isArray(labels) || labels.length < 2) throw new InvalidArgumentError('options.labels', 'an array of at least 2 class labels', labels);
  const index = new Map<Label, number>();
  labels.forEach((l: unknown, c) => {
    if (typeof l !== kind || (typeof l === 'number' && !Number.isFinite(l))) throw new InvalidArgumentError(`options.labels[${c}]`, `a ${kind} label like yTrue`, l);
    if (c > 0 && compareLabels(labels[c - 1] as Label, l as Label) >= 0) throw new InvalidArgumentError(`options.labels[${c}]`, 'a label greater than the one before (labels ascending and unique, the column order)', l);
    index.set(l as Label, c);
  });
  const codes = new Int32Array(yTrue.length);
  for (let i = 0; i < yTrue.length; i++) {
    const c = index.get(yTrue[i]!);
    if (c === undefined) throw new InvalidArgumentError(`yTrue[${i}]`, `one of options.labels (${labels.map((l) => JSON.stringify(l)).join(', ')})`, yTrue[i]);
    codes[i] = c;
  }
  return { classes: labels as Label[], codes };
}
