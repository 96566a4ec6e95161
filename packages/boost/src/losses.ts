/**
 * The losses of scikit-learn's HistGradientBoosting* (sklearn/_loss), per sample as its Cython
 * kernels compute them: gradients and hessians are computed in float64 and stored in float32
 * arrays (scikit-learn's G_H_DTYPE), raw predictions stay float64.
 *
 * | loss | link | gradient, hessian | baseline (`fit_intercept_only`) |
 * |---|---|---|---|
 * | squared_error | identity | r − y, 1 | weighted mean |
 * | absolute_error | identity | sign(r − y), 1 | (weighted) median; leaves re-fitted to the median residual |
 * | quantile | identity | −q or 1 − q, 1 | (weighted) q-percentile; leaves re-fitted to it |
 * | poisson | log | eʳ − y, eʳ | log of the mean, clipped above 0 |
 * | gamma | log | 1 − y·e⁻ʳ, y·e⁻ʳ | log of the mean, clipped above 0 |
 * | log_loss (2 classes) | logit | σ(r) − y, σ(r)(1 − σ(r)) | logit of the mean, clipped to (10ε, 1 − 10ε) |
 * | log_loss (K classes) | softmax | p_k − [y = k], p_k(1 − p_k) | log(p_k / geometric mean), p_k clipped to (ε, 1 − ε) |
 *
 * With sample weights the gradient and hessian are multiplied by them. The hessian is "constant"
 * (one value, 1, for every sample; histograms then count instead of summing hessians) for the
 * identity-link losses without sample weights, as in scikit-learn.
 */
import { average, pairwiseSum, percentile, weightedPercentile } from './numpy-stats.js';

/** A regressor's loss, by scikit-learn's name. */
export type RegressionLoss = 'squared_error' | 'absolute_error' | 'quantile' | 'poisson' | 'gamma';
/** Any boosting loss by scikit-learn's name: a regression loss, or log_loss (the classifier's). */
export type LossName = RegressionLoss | 'log_loss';

const EPS = 2.220446049250313e-16;

export interface Loss {
  readonly name: LossName;
  /** Trees per iteration (classes for multiclass log_loss, else 1). */
  readonly nTrees: number;
  /** Hessians all 1 (not stored; histograms count samples). */
  readonly constantHessian: boolean;
  /** False: leaves are re-fitted after growing (absolute_error, quantile). */
  readonly differentiable: boolean;
  /** Raw prediction of the intercept-only model, one per tree. */
  baseline(y: Float64Array, w: Float64Array | null): Float64Array;
  /** Gradients (and hessians unless constant) of every sample and tree: index k·n + i. */
  gradients(y: Float64Array, raw: Float64Array, w: Float64Array | null, grad: Float32Array, hess: Float32Array): void;
  /** Weighted mean loss of raw predictions (index k·n + i). */
  meanLoss(y: Float64Array, raw: Float64Array, w: Float64Array | null): number;
  /** For non-differentiable losses: the intercept-only fit of residuals (the leaf re-fit). */
  interceptOf(values: Float64Array, w: Float64Array | null): number;
}

/** Creates the loss; `nClasses` for log_loss, `quantile` for 'quantile'. */
export function createLoss(name: LossName, opts: { weighted: boolean; nClasses?: number; quantile?: number }): Loss {
  switch (name) {
    case 'squared_error':
      return identityLoss(name, opts.weighted, true, (r, y) => r - y, (r, y) => 0.5 * (r - y) * (r - y), (v, w) => average(v, v.length, w));
    case 'absolute_error':
      return identityLoss(name, opts.weighted, false, (r, y) => (r > y ? 1 : -1), (r, y) => Math.abs(r - y), (v, w) => percentileOf(v, w, 50, true));
    case 'quantile': {
      const q = opts.quantile!;
      return identityLoss(
        name,
        opts.weighted,
        false,
        (r, y) => (y >= r ? -q : 1 - q),
        (r, y) => (y >= r ? q * (y - r) : (1 - q) * (r - y)),
        (v, w) => percentileOf(v, w, 100 * q, false),
      );
    }
    case 'poisson':
      return logLinkLoss(name, (r, y) => {
        const e = Math.exp(r);
        GH[1] = e;
        GH[0] = e - y;
      }, (r, y) => Math.exp(r) - y * r);
    case 'gamma':
      return logLinkLoss(name, (r, y) => {
        const e = Math.exp(-r);
        GH[0] = 1 - y * e;
        GH[1] = e * y;
      }, (r, y) => r + y * Math.exp(-r));
    case 'log_loss':
      return opts.nClasses! <= 2 ? binomialLoss() : multinomialLoss(opts.nClasses!);
  }
}

/** Scratch (gradient, hessian) pair the per-sample kernels write. */
const GH = new Float64Array(2);

/** Median (np.median) or percentile (np.percentile, linear) of values; weighted: _weighted_percentile. */
function percentileOf(v: Float64Array, w: Float64Array | null, p: number, median: boolean): number {
  const n = v.length;
  if (w === null) {
    const s = Float64Array.from(v).sort();
    if (median) {
      const h = n >> 1;
      return n % 2 === 1 ? s[h]! : (s[h - 1]! + s[h]!) / 2;
    }
    return percentile(s, n, p, 'linear');
  }
  const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => v[a]! - v[b]! || a - b);
  return weightedPercentile(v, w, order, n, p, false);
}

function identityLoss(
  name: LossName,
  weighted: boolean,
  differentiable: boolean,
  grad: (r: number, y: number) => number,
  point: (r: number, y: number) => number,
  intercept: (v: Float64Array, w: Float64Array | null) => number,
): Loss {
  return {
    name,
    nTrees: 1,
    constantHessian: !weighted,
    differentiable,
    baseline: (y, w) => Float64Array.of(intercept(y, w)),
    gradients(y, raw, w, g, h) {
      const n = y.length;
      if (w === null) for (let i = 0; i < n; i++) g[i] = grad(raw[i]!, y[i]!);
      else
        for (let i = 0; i < n; i++) {
          g[i] = w[i]! * grad(raw[i]!, y[i]!);
          h[i] = w[i]!;
        }
    },
    meanLoss: (y, raw, w) => meanOf(y, raw, w, point),
    interceptOf: intercept,
  };
}

function logLinkLoss(name: LossName, gh: (r: number, y: number) => void, point: (r: number, y: number) => number): Loss {
  return {
    name,
    nTrees: 1,
    constantHessian: false,
    differentiable: true,
    baseline(y, w) {
      let m = average(y, y.length, w);
      if (m < 10 * EPS) m = 10 * EPS;
      return Float64Array.of(Math.log(m));
    },
    gradients(y, raw, w, g, h) {
      const n = y.length;
      for (let i = 0; i < n; i++) {
        gh(raw[i]!, y[i]!);
        const s = w === null ? 1 : w[i]!;
        g[i] = w === null ? GH[0]! : s * GH[0]!;
        h[i] = w === null ? GH[1]! : s * GH[1]!;
      }
    },
    meanLoss: (y, raw, w) => meanOf(y, raw, w, point),
    interceptOf: () => 0,
  };
}

function meanOf(y: Float64Array, raw: Float64Array, w: Float64Array | null, point: (r: number, y: number) => number): number {
  const n = y.length;
  const l = new Float64Array(n);
  for (let i = 0; i < n; i++) l[i] = point(raw[i]!, y[i]!);
  return average(l, n, w);
}

/** log(1 + eˣ) as scikit-learn's `log1pexp`. */
function log1pexp(x: number): number {
  if (x <= -37) return Math.exp(x);
  if (x <= -2) return Math.log1p(Math.exp(x));
  if (x <= 18) return Math.log(1 + Math.exp(x));
  if (x <= 33.3) return x + Math.exp(-x);
  return x;
}

function binomialLoss(): Loss {
  return {
    name: 'log_loss',
    nTrees: 1,
    constantHessian: false,
    differentiable: true,
    baseline(y, w) {
      let p = average(y, y.length, w);
      const eps = 10 * EPS;
      p = p < eps ? eps : p > 1 - eps ? 1 - eps : p;
      return Float64Array.of(Math.log(p / (1 - p)));
    },
    gradients(y, raw, w, g, h) {
      const n = y.length;
      for (let i = 0; i < n; i++) {
        const r = raw[i]!;
        const t = y[i]!;
        let gi: number;
        let hi: number;
        if (r > -37) {
          const e = Math.exp(-r);
          gi = (1 - t - t * e) / (1 + e);
          hi = e / ((1 + e) * (1 + e));
        } else {
          hi = Math.exp(r);
          gi = hi - t;
        }
        if (w === null) {
          g[i] = gi;
          h[i] = hi;
        } else {
          g[i] = w[i]! * gi;
          h[i] = w[i]! * hi;
        }
      }
    },
    meanLoss: (y, raw, w) => meanOf(y, raw, w, (r, t) => log1pexp(r) - t * r),
    interceptOf: () => 0,
  };
}

function multinomialLoss(K: number): Loss {
  const p = new Float64Array(K);
  return {
    name: 'log_loss',
    nTrees: K,
    constantHessian: false,
    differentiable: true,
    baseline(y, w) {
      const n = y.length;
      const ind = new Float64Array(n);
      const out = new Float64Array(K);
      for (let k = 0; k < K; k++) {
        for (let i = 0; i < n; i++) ind[i] = y[i] === k ? 1 : 0;
        let m = average(ind, n, w);
        m = m < EPS ? EPS : m > 1 - EPS ? 1 - EPS : m;
        out[k] = m;
      }
      // scipy's gmean: exp(mean(log p)).
      const logs = Float64Array.from(out, Math.log);
      const gm = Math.exp(pairwiseSum(logs, 0, K) / K);
      for (let k = 0; k < K; k++) out[k] = Math.log(out[k]! / gm);
      return out;
    },
    gradients(y, raw, w, g, h) {
      const n = y.length;
      for (let i = 0; i < n; i++) {
        let max = raw[i]!;
        for (let k = 1; k < K; k++) if (max < raw[k * n + i]!) max = raw[k * n + i]!;
        let sum = 0;
        for (let k = 0; k < K; k++) {
          p[k] = Math.exp(raw[k * n + i]! - max);
          sum += p[k]!;
        }
        const yi = y[i]!;
        const s = w === null ? 1 : w[i]!;
        for (let k = 0; k < K; k++) {
          const pk = p[k]! / sum;
          g[k * n + i] = w === null ? pk - (yi === k ? 1 : 0) : (pk - (yi === k ? 1 : 0)) * s;
          h[k * n + i] = w === null ? pk * (1 - pk) : pk * (1 - pk) * s;
        }
      }
    },
    meanLoss(y, raw, w) {
      const n = y.length;
      const l = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        let max = raw[i]!;
        for (let k = 1; k < K; k++) if (max < raw[k * n + i]!) max = raw[k * n + i]!;
        let sum = 0;
        for (let k = 0; k < K; k++) sum += Math.exp(raw[k * n + i]! - max);
        l[i] = Math.log(sum) + max - raw[y[i]! * n + i]!;
      }
      return average(l, n, w);
    },
    interceptOf: () => 0,
  };
}

/** Probabilities of raw predictions: expit (binary, two columns) or softmax (index k·n + i in and out). */
export function rawToProba(raw: Float64Array, n: number, nTrees: number): Float64Array {
  if (nTrees === 1) {
    const out = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      const p1 = 1 / (1 + Math.exp(-raw[i]!));
      out[n + i] = p1;
      out[i] = 1 - p1;
    }
    return out;
  }
  const out = new Float64Array(nTrees * n);
  for (let i = 0; i < n; i++) {
    let max = raw[i]!;
    for (let k = 1; k < nTrees; k++) if (max < raw[k * n + i]!) max = raw[k * n + i]!;
    let sum = 0;
    for (let k = 0; k < nTrees; k++) sum += out[k * n + i] = Math.exp(raw[k * n + i]! - max);
    for (let k = 0; k < nTrees; k++) out[k * n + i] = out[k * n + i]! / sum;
  }
  return out;
}
