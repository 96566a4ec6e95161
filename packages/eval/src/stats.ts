import { InvalidArgumentError } from '@dt/errors';
import { isNumericTypedArray } from './check.js';
import type { NumberArray } from './types.js';

function checkValues(values: unknown, min: number, what: string): ArrayLike<number> {
  if (!Array.isArray(values) && !isNumericTypedArray(values)) {
    throw new InvalidArgumentError('values', 'an array or typed array of finite numbers', values);
  }
  const arr = values as ArrayLike<unknown>;
  if (arr.length < min) throw new InvalidArgumentError('values', what, values);
  for (let i = 0; i < arr.length; i++) {
    const v = arr[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidArgumentError(`values[${i}]`, 'a finite number', v);
  }
  return values as ArrayLike<number>;
}

function sum(v: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i]!;
  return s;
}

/** Arithmetic mean of at least one finite number. */
export function mean(values: NumberArray): number {
  const v = checkValues(values, 1, 'a non-empty array of numbers');
  return sum(v) / v.length;
}

/**
 * Sample standard deviation √(Σ(x − x̄)² / (n − 1)) — ddof = 1, like `numpy.std(x, ddof=1)` and
 * R's `sd`. Needs at least 2 values (one value has no sample spread: that throws, never NaN).
 */
export function std(values: NumberArray): number {
  const v = checkValues(values, 2, 'at least 2 numbers for a sample standard deviation');
  const m = sum(v) / v.length;
  // Two-pass with the correction term keeps precision when values are large and close together.
  let ss = 0;
  let c = 0;
  for (let i = 0; i < v.length; i++) {
    const d = v[i]! - m;
    ss += d * d;
    c += d;
  }
  return Math.sqrt(Math.max(0, ss - (c * c) / v.length) / (v.length - 1));
}
