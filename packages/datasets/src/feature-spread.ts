import { InvalidArgumentError } from '@dt/errors';
import type { Dataset } from './types.js';

/**
 * The standard deviation of each numeric feature over the rows (population form; NaN cells
 * skipped), null for a categorical or all-missing column. A picture of an oblique split ranks its
 * terms by |weight × spread|, how far each term moves `w·x`, since raw weights depend on units.
 * One pass per column with Welford's update (stable for large values).
 */
export function featureSpread(ds: Pick<Dataset, 'X' | 'featureTypes'>): (number | null)[] {
  const given = ds as Partial<Dataset> | null;
  const X = typeof given === 'object' && given !== null ? given.X : undefined;
  if (typeof X !== 'object' || X === null || !ArrayBuffer.isView(X.data) || !Array.isArray(given!.featureTypes)) {
    throw new InvalidArgumentError('ds', 'a dataset { X: { data, rows, cols }, featureTypes } (as parseCsv returns)', ds);
  }
  const { data, rows, cols } = ds.X;
  const out: (number | null)[] = [];
  for (let j = 0; j < cols; j++) {
    if (ds.featureTypes[j] === 'categorical') {
      out.push(null);
      continue;
    }
    let n = 0;
    let mean = 0;
    let m2 = 0;
    for (let i = 0; i < rows; i++) {
      const v = data[i * cols + j]!;
      if (Number.isNaN(v)) continue;
      n++;
      const d = v - mean;
      mean += d / n;
      m2 += d * (v - mean);
    }
    out.push(n > 0 ? Math.sqrt(m2 / n) : null);
  }
  return out;
}
