import { InvalidArgumentError, knownKeys, nonNegativeInt, plainObject } from '@dt/errors';

/** The export options every exporter shares, checked: digits and depth as numbers the output can use. */
export interface CheckedExportOptions {
  decimals: number;
  /** Infinity when absent (no limit). */
  maxDepth: number;
}

/**
 * Checks an exporter's options object once: unknown keys, `decimals` (an integer in [0, 100], what
 * Number#toFixed accepts) and `maxDepth` (a non-negative integer) are typed errors, never a raw
 * RangeError from toFixed or a silently empty export. `keys` are the exporter's known option names;
 * the exporter checks the rest (featureNames against the model).
 */
export function checkExportOptions(raw: unknown, keys: readonly string[], defaultDecimals: number): CheckedExportOptions {
  const o = raw === undefined ? {} : plainObject('options', raw);
  knownKeys('options', o, keys);
  const decimals = o.decimals === undefined ? defaultDecimals : o.decimals;
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 100) {
    throw new InvalidArgumentError('options.decimals', 'an integer in [0, 100]', decimals);
  }
  const maxDepth = o.maxDepth === undefined || o.maxDepth === null ? Number.POSITIVE_INFINITY : nonNegativeInt('options.maxDepth', o.maxDepth);
  if (o.featureNames !== undefined && o.featureNames !== null && !Array.isArray(o.featureNames)) {
    throw new InvalidArgumentError('options.featureNames', 'an array of feature names', o.featureNames);
  }
  return { decimals, maxDepth };
}
