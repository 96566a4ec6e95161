import { knownKeys, plainObject, positiveInt } from '@dt/errors';
import type { Random } from '@dt/errors';
import type { Directions, FittedProjection, Projection, ProjectionData } from './types.js';
import { checkData, columnMeans, covarianceOf, writeComponents } from './common.js';
import {
  BLOCK,
  GRAM_MIN_FEATURES,
  covarianceEigen,
  fixSign,
  gatherRowMajor,
  gramRows,
  gramToComponents,
  nonZeroCount,
  symmetricEigen,
  traceOf,
  zeroVarianceFloor,
} from './linalg.js';

/** Options of globalPCA. */
export interface GlobalPCAOptions {
  /** Most components, by decreasing variance (default: every component with non-zero variance). */
  maxComponents?: number;
}

/**
 * Global PCA ("Pre PCA" in the Max-Cut paper): the principal components of all training rows
 * (weighted, centred; standardised first when the builder scales), computed once per fit and used as
 * the candidate directions of every node. Cost: m·d²/2 for the covariance and one d×d
 * eigendecomposition (ml-pca); at 60,000 × 784 that is seconds, once. With fewer rows than features
 * (and more than GRAM_MIN_FEATURES features) the rows × rows Gram matrix instead: no d×d matrix.
 */
export function globalPCA(options: GlobalPCAOptions = {}): Projection {
  plainObject('options', options);
  knownKeys('options', options, ['maxComponents']);
  const maxComponents = options.maxComponents === undefined ? null : positiveInt('options.maxComponents', options.maxComponents);
  return Object.freeze({
    name: 'global-pca',
    options: Object.freeze({ maxComponents: maxComponents ?? 'all' }),
    prepare: (data: ProjectionData, _rng: Random): FittedProjection => {
      checkData(data);
      return Object.freeze({ kind: 'global' as const, globalDirections: globalComponents(data, maxComponents ?? data.cols) });
    },
  });
}

function globalComponents(data: ProjectionData, maxComponents: number): Directions {
  const { rows, cols: d, weights } = data;
  // At most rows − 1 components have non-zero variance: never room for more (d×d when d ≫ rows).
  const k = Math.min(maxComponents, d, Math.max(0, rows - 1));
  const out = { dirs: new Float64Array(k * d), count: 0, variances: new Float64Array(k) };
  if (rows < 2) return out;
  const idx = new Int32Array(rows);
  const scale = new Float64Array(rows);
  let W = 0;
  for (let r = 0; r < rows; r++) {
    idx[r] = r;
    W += weights === null ? 1 : weights[r]!;
  }
  if (!(W > 0)) return out;
  for (let r = 0; r < rows; r++) scale[r] = Math.sqrt((weights === null ? 1 : weights[r]!) / W);
  const mean = columnMeans(data);
  if (rows < d && d > GRAM_MIN_FEATURES) {
    // Wide data: the rows × rows Gram matrix of the centred, √(w/W)-scaled rows (same components).
    const A = new Float64Array(rows * d);
    gatherRowMajor(data.data, rows, d, idx, 0, rows, mean, scale, A);
    const K = new Float64Array(rows * rows);
    gramRows(A, rows, d, K);
    const trace = traceOf(K, rows);
    const eigen = symmetricEigen(K, rows);
    const count = nonZeroCount(eigen.values, rows, k, zeroVarianceFloor(trace, rows + d, trace));
    gramToComponents(eigen, A, rows, d, count, out.dirs);
    for (let j = 0; j < count; j++) fixSign(out.dirs, j * d, d);
    out.variances.set(eigen.values.subarray(0, count));
    out.count = count;
    return out;
  }
  const C = new Float64Array(d * d);
  covarianceOf(data.data, rows, d, idx, rows, mean, scale, new Float64Array(BLOCK * d), C);
  // Centred on the global mean: the spread about it is the trace itself.
  const trace = traceOf(C, d);
  const eigen = covarianceEigen(C, d);
  writeComponents(eigen, d, nonZeroCount(eigen.values, d, k, zeroVarianceFloor(trace, rows + d, trace)), out);
  return out;
}
