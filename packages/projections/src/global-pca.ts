import { knownKeys, plainObject, positiveInt } from '@dt/errors';
import type { Random } from '@dt/errors';
import type { Directions, FittedProjection, Projection, ProjectionData } from './types.js';
import { checkData, columnMeans, covarianceOf, writeComponents } from './common.js';
import { BLOCK, covarianceEigen, nonZeroCount, traceOf, zeroVarianceFloor } from './linalg.js';

export interface GlobalPCAOptions {
  /** Most components, by decreasing variance (default: every component with non-zero variance). */
  maxComponents?: number;
}

/**
 * Global PCA ("Pre PCA" in the Max-Cut paper): the principal components of all training rows
 * (weighted, centred; standardised first when the builder scales), computed once per fit and used as
 * the candidate directions of every node. Cost: m·d²/2 for the covariance and one d×d
 * eigendecomposition (ml-pca); at 60,000 × 784 that is seconds, once.
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
  const k = Math.min(maxComponents, d);
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
  const C = new Float64Array(d * d);
  covarianceOf(data.data, rows, d, idx, rows, mean, scale, new Float64Array(BLOCK * d), C);
  // Centred on the global mean: the spread about it is the trace itself.
  const trace = traceOf(C, d);
  const eigen = covarianceEigen(C, d);
  writeComponents(eigen, d, nonZeroCount(eigen.values, d, k, zeroVarianceFloor(trace, rows + d, trace)), out);
  return out;
}
