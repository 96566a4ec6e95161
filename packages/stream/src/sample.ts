import { InvalidArgumentError } from '@dt/errors';

/** A validated, non-empty sample of finite numbers, copied into a Float64Array. */
export function toSample(x: unknown, name: string, minLength = 1): Float64Array {
  if (!Array.isArray(x) && !(ArrayBuffer.isView(x) && !(x instanceof DataView))) {
    throw new InvalidArgumentError(name, 'an array of numbers', x);
  }
  const arr = x as ArrayLike<unknown>;
  if (arr.length < minLength) {
    throw new InvalidArgumentError(name, minLength === 1 ? 'a non-empty array of numbers' : `an array of at least ${minLength} numbers`, x);
  }
  const out = new Float64Array(arr.length);
  for (let i = 0; i < arr.length; i++) {
    const v = arr[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidArgumentError(`${name}[${i}]`, 'a finite number', v);
    out[i] = v;
  }
  return out;
}

/** Sorted copy (typed-array numeric sort, no comparator). */
export function sortedCopy(x: Float64Array): Float64Array {
  return Float64Array.from(x).sort();
}

/** Mean and sum of squared deviations (two-pass, so no cancellation). */
export function moments(x: Float64Array): { n: number; mean: number; ss: number } {
  const n = x.length;
  let s = 0;
  for (let i = 0; i < n; i++) s += x[i]!;
  const mean = s / n;
  let ss = 0;
  for (let i = 0; i < n; i++) {
    const d = x[i]! - mean;
    ss += d * d;
  }
  return { n, mean, ss };
}
