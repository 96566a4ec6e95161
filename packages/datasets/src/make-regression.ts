import {
  InvalidArgumentError,
  booleanValue,
  createRandom,
  finiteNumber,
  knownKeys,
  nonNegativeNumber,
  numberInRange,
  plainObject,
  positiveInt,
  seedValue,
} from '@dt/errors';
import { Gaussian } from './gaussian.js';
import type { DenseMatrix } from './types.js';

/** Options of makeRegression (sklearn's make_regression semantics). */
export interface MakeRegressionOptions {
  /** Rows (default 100). */
  nSamples?: number;
  /** Features (default 100). */
  nFeatures?: number;
  /** Features with a non-zero coefficient (default 10; capped at nFeatures). */
  nInformative?: number;
  /** Targets (default 1). */
  nTargets?: number;
  /** Added to every target (default 0). */
  bias?: number;
  /** Null (default): X ~ N(0, I). A number: X has this approximate rank, with a fat singular-value tail. */
  effectiveRank?: number | null;
  /** Weight of the tail of the singular profile when effectiveRank is set, in [0, 1] (default 0.5). */
  tailStrength?: number;
  /** Standard deviation of Gaussian noise added to the targets (default 0). */
  noise?: number;
  /** Permute rows and features (default true). */
  shuffle?: boolean;
  /** Seed for `createRandom` (default 0). */
  seed?: number;
}

/** What makeRegression returns: features, targets and the true coefficients. */
export interface SyntheticRegression {
  /** Row-major nSamples × nFeatures. */
  X: DenseMatrix;
  /** The first (or only) target (the same buffer as Y's data when nTargets is 1). */
  y: Float64Array;
  /** All targets, row-major nSamples × nTargets. */
  Y: DenseMatrix;
  /** The true coefficients, row-major nFeatures × nTargets (rows follow the shuffled feature order). */
  coef: DenseMatrix;
}

const KEYS = ['nSamples', 'nFeatures', 'nInformative', 'nTargets', 'bias', 'effectiveRank', 'tailStrength', 'noise', 'shuffle', 'seed'];

/** Orthonormal columns spanning a random n × m Gaussian matrix (Gram–Schmidt, done twice for stability). Column-major. */
function randomOrthonormal(n: number, m: number, gauss: Gaussian): Float64Array {
  const Q = new Float64Array(n * m);
  gauss.fill(Q);
  for (let j = 0; j < m; j++) {
    const qj = j * n;
    for (let pass = 0; pass < 2; pass++) {
      for (let k = 0; k < j; k++) {
        const qk = k * n;
        let dot = 0;
        for (let i = 0; i < n; i++) dot += Q[qk + i]! * Q[qj + i]!;
        for (let i = 0; i < n; i++) Q[qj + i]! -= dot * Q[qk + i]!;
      }
    }
    let norm = 0;
    for (let i = 0; i < n; i++) norm += Q[qj + i]! ** 2;
    norm = Math.sqrt(norm);
    for (let i = 0; i < n; i++) Q[qj + i]! /= norm;
  }
  return Q;
}

/**
 * A random linear regression problem with scikit-learn's `make_regression` semantics: X is N(0, 1)
 * (or low-rank with a fat tail, as `make_low_rank_matrix`, when `effectiveRank` is set), the
 * targets are X·coef + bias + N(0, noise²) with `nInformative` non-zero coefficients uniform in
 * [0, 100). Same options and seed → the same data.
 */
export function makeRegression(options: MakeRegressionOptions = {}): SyntheticRegression {
  plainObject('options', options);
  knownKeys('options', options, KEYS);
  const n = options.nSamples === undefined ? 100 : positiveInt('nSamples', options.nSamples);
  const d = options.nFeatures === undefined ? 100 : positiveInt('nFeatures', options.nFeatures);
  const nInf = Math.min(d, options.nInformative === undefined ? 10 : positiveInt('nInformative', options.nInformative));
  const nT = options.nTargets === undefined ? 1 : positiveInt('nTargets', options.nTargets);
  const bias = options.bias === undefined ? 0 : finiteNumber('bias', options.bias);
  const rank = options.effectiveRank === undefined || options.effectiveRank === null ? null : options.effectiveRank;
  if (rank !== null && (typeof rank !== 'number' || !Number.isFinite(rank) || rank <= 0)) {
    throw new InvalidArgumentError('effectiveRank', 'a positive number or null', rank);
  }
  const tail = options.tailStrength === undefined ? 0.5 : numberInRange('tailStrength', options.tailStrength, 0, 1, { loInclusive: true, hiInclusive: true });
  const noise = options.noise === undefined ? 0 : nonNegativeNumber('noise', options.noise);
  const shuffle = options.shuffle === undefined ? true : booleanValue('shuffle', options.shuffle);
  const seed = options.seed === undefined ? 0 : seedValue('seed', options.seed);

  const rng = createRandom(seed);
  const gauss = new Gaussian(rng);
  let X = new Float64Array(n * d);
  if (rank === null) {
    gauss.fill(X);
  } else {
    // X = U · diag(s) · Vᵀ with random orthonormal U (n × m), V (d × m) and a bell + exponential tail profile.
    const m = Math.min(n, d);
    const U = randomOrthonormal(n, m, gauss);
    const V = randomOrthonormal(d, m, gauss);
    for (let k = 0; k < m; k++) {
      const s = (1 - tail) * Math.exp(-((k / rank) ** 2)) + tail * Math.exp((-0.1 * k) / rank);
      const uk = k * n;
      const vk = k * d;
      for (let i = 0; i < n; i++) {
        const a = U[uk + i]! * s;
        const o = i * d;
        for (let j = 0; j < d; j++) X[o + j]! += a * V[vk + j]!;
      }
    }
  }

  let coef = new Float64Array(d * nT);
  for (let j = 0; j < nInf; j++) for (let t = 0; t < nT; t++) coef[j * nT + t] = 100 * rng.next();
  let Y = new Float64Array(n * nT);
  for (let i = 0; i < n; i++) {
    const o = i * d;
    for (let t = 0; t < nT; t++) {
      let s = bias;
      for (let j = 0; j < nInf; j++) s += X[o + j]! * coef[j * nT + t]!;
      Y[i * nT + t] = s;
    }
  }
  if (noise > 0) for (let i = 0; i < Y.length; i++) Y[i]! += noise * gauss.next();

  if (shuffle) {
    const rows = Int32Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const t = rows[i]!;
      rows[i] = rows[j]!;
      rows[j] = t;
    }
    const cols = Int32Array.from({ length: d }, (_, i) => i);
    for (let i = d - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const t = cols[i]!;
      cols[i] = cols[j]!;
      cols[j] = t;
    }
    const Xs = new Float64Array(n * d);
    const Ys = new Float64Array(n * nT);
    for (let i = 0; i < n; i++) {
      const src = rows[i]!;
      for (let j = 0; j < d; j++) Xs[i * d + j] = X[src * d + cols[j]!]!;
      for (let t = 0; t < nT; t++) Ys[i * nT + t] = Y[src * nT + t]!;
    }
    const cs = new Float64Array(d * nT);
    for (let j = 0; j < d; j++) for (let t = 0; t < nT; t++) cs[j * nT + t] = coef[cols[j]! * nT + t]!;
    X = Xs;
    Y = Ys;
    coef = cs;
  }
  const y = nT === 1 ? Y : Float64Array.from({ length: n }, (_, i) => Y[i * nT]!);
  return { X: { data: X, rows: n, cols: d }, y, Y: { data: Y, rows: n, cols: nT }, coef: { data: coef, rows: d, cols: nT } };
}
