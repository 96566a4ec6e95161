import { InvalidArgumentError, ShapeMismatchError, knownKeys, plainObject } from '@dt/errors';
import type { Label, NumberArray } from './types.js';

/** Internal boundary checks shared by the public functions. Each runs once per call, O(n). */

export type LabelKind = 'string' | 'number';

export function isNumericTypedArray(value: unknown): boolean {
  return ArrayBuffer.isView(value) && !(value instanceof DataView) && !isBigIntArray(value);
}

function isBigIntArray(value: unknown): boolean {
  return value instanceof BigInt64Array || value instanceof BigUint64Array;
}

/** Validates class labels; returns their kind. Typed arrays are numbers (NaN/Infinity rejected). */
export function checkLabels(name: string, y: unknown, { allowEmpty = false } = {}): LabelKind {
  if (!Array.isArray(y) && !isNumericTypedArray(y)) {
    throw new InvalidArgumentError(name, 'an array of string or number labels, or a numeric typed array', y);
  }
  const arr = y as ArrayLike<unknown>;
  if (arr.length === 0 && !allowEmpty) throw new InvalidArgumentError(name, 'a non-empty array of labels', y);
  if (!Array.isArray(y)) {
    const t = y as ArrayLike<number>;
    for (let i = 0; i < t.length; i++) {
      if (!Number.isFinite(t[i]!)) throw new InvalidArgumentError(`${name}[${i}]`, 'a finite number', t[i]);
    }
    return 'number';
  }
  const first = arr[0];
  const kind: LabelKind = typeof first === 'string' ? 'string' : 'number';
  for (let i = 0; i < arr.length; i++) {
    const v = arr[i];
    if (kind === 'string') {
      if (typeof v !== 'string') throw new InvalidArgumentError(`${name}[${i}]`, 'a string like the other labels', v);
    } else if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new InvalidArgumentError(`${name}[${i}]`, 'a finite number like the other labels', v);
    }
  }
  return kind;
}

/** Validates yTrue/yPred labels together: same length, same kind. */
export function checkLabelPair(yTrue: unknown, yPred: unknown): LabelKind {
  const kt = checkLabels('yTrue', yTrue);
  const kp = checkLabels('yPred', yPred);
  sameLength('yTrue', yTrue as ArrayLike<unknown>, 'yPred', yPred as ArrayLike<unknown>);
  if (kt !== kp) {
    throw new InvalidArgumentError('yPred', `${kt} labels like yTrue`, yPred);
  }
  return kt;
}

export function sameLength(a: string, x: ArrayLike<unknown>, b: string, y: ArrayLike<unknown>): void {
  if (x.length !== y.length) {
    throw new ShapeMismatchError(`${a} and ${b} must have the same length, got ${x.length} and ${y.length}`);
  }
}

/** Validates finite numeric values (regression targets and predictions). */
export function checkNumbers(name: string, y: unknown): NumberArray {
  if (!Array.isArray(y) && !isNumericTypedArray(y)) {
    throw new InvalidArgumentError(name, 'an array or typed array of finite numbers', y);
  }
  const arr = y as ArrayLike<unknown>;
  if (arr.length === 0) throw new InvalidArgumentError(name, 'a non-empty array of numbers', y);
  for (let i = 0; i < arr.length; i++) {
    const v = arr[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidArgumentError(`${name}[${i}]`, 'a finite number', v);
  }
  return y as NumberArray;
}

/**
 * Validates sample weights: length n, finite, >= 0, positive sum. Negative weights (which sklearn
 * tolerates) are rejected because they make every metric here meaningless.
 */
export function checkSampleWeight(w: unknown, n: number, lengthOf = 'yTrue'): Float64Array {
  if (!Array.isArray(w) && !isNumericTypedArray(w)) {
    throw new InvalidArgumentError('sampleWeight', 'an array or typed array of non-negative numbers', w);
  }
  const arr = w as ArrayLike<unknown>;
  if (arr.length !== n) {
    throw new ShapeMismatchError(`sampleWeight and ${lengthOf} must have the same length, got ${arr.length} and ${n}`);
  }
  const out = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const v = arr[i];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
      throw new InvalidArgumentError(`sampleWeight[${i}]`, 'a finite number >= 0', v);
    }
    out[i] = v;
    sum += v;
  }
  if (!(sum > 0)) throw new InvalidArgumentError('sampleWeight', 'weights with a positive sum', w);
  return out;
}

/** Options object (or undefined) with only known keys. */
export function checkOptions(name: string, options: unknown, known: readonly string[]): Record<string, unknown> {
  if (options === undefined) return {};
  const o = plainObject(name, options);
  knownKeys(name, o, known);
  return o;
}

/** Numbers ascending; strings by UTF-16 code unit (numpy's order except for astral characters). */
export function compareLabels(a: Label, b: Label): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return a < b ? -1 : a > b ? 1 : 0;
}
