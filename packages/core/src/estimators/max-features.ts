import { InvalidArgumentError } from '@dt/errors';

/** Features drawn per node: integer count, fraction in (0, 1), 'sqrt', 'log2' or null (all). */
export type MaxFeatures = number | 'sqrt' | 'log2' | null;

/** Checks a maxFeatures value (the data-independent part; {@link resolveMaxFeatures} checks it against d). */
export function validateMaxFeatures(v: unknown, name: string): MaxFeatures {
  if (v === null || v === 'sqrt' || v === 'log2') return v;
  if (typeof v === 'number' && Number.isFinite(v) && v > 0 && (Number.isInteger(v) || v < 1)) return v;
  throw new InvalidArgumentError(name, "a positive integer, a fraction in (0, 1), 'sqrt', 'log2' or null", v);
}

/**
 * Number of features drawn per node for d features (scikit-learn's rules: sqrt/log2/fraction floor,
 * at least 1). An integer count above d is an error, never clamped.
 */
export function resolveMaxFeatures(mf: MaxFeatures, d: number): number {
  let k: number;
  if (mf === null) k = d;
  else if (mf === 'sqrt') k = Math.max(1, Math.floor(Math.sqrt(d)));
  else if (mf === 'log2') k = Math.max(1, Math.floor(Math.log2(d)));
  else if (Number.isInteger(mf)) k = mf;
  else k = Math.max(1, Math.floor(mf * d));
  if (k > d) throw new InvalidArgumentError('maxFeatures', `at most the number of features (${d})`, mf);
  return k;
}
