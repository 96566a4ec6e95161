import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';

/** A class label as given at fit: a string or a number. */
export type ClassLabel = string | number;

export interface EncodedLabels {
  /** Class code 0..C-1 per sample. */
  codes: Int32Array;
  /** Distinct labels sorted like numpy.unique: numbers ascending, then strings in code-unit order. */
  classes: ClassLabel[];
}

export function compareLabels(a: ClassLabel, b: ClassLabel): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Encodes class labels (strings or finite numbers) to dense codes. */
export function encodeLabels(y: unknown, rows: number): EncodedLabels {
  if (!(Number.isInteger(rows) && rows >= 0)) throw new InvalidArgumentError('rows', 'a row count (an integer >= 0)', rows);
  if (!Array.isArray(y) && !ArrayBuffer.isView(y)) throw new InvalidArgumentError('y', 'an array of class labels', y);
  const arr = y as ArrayLike<unknown>;
  if (arr.length !== rows) throw new ShapeMismatchError(`y has ${arr.length} labels but X has ${rows} rows`);
  const index = new Map<ClassLabel, number>();
  const seen: ClassLabel[] = [];
  for (let i = 0; i < rows; i++) {
    const v = arr[i];
    if (!((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string')) {
      throw new InvalidArgumentError(`y[${i}]`, 'a string or a finite number', v);
    }
    if (!index.has(v)) {
      index.set(v, 0);
      seen.push(v);
    }
  }
  const classes = seen.sort(compareLabels);
  classes.forEach((c, k) => index.set(c, k));
  const codes = new Int32Array(rows);
  for (let i = 0; i < rows; i++) codes[i] = index.get(arr[i] as ClassLabel)!;
  return { codes, classes };
}
