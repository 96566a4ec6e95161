import { InvalidArgumentError, ShapeMismatchError, UnknownNameError } from '@dt/errors';
import { describe, expect, it, vi } from 'vitest';
import { crossValidate, crossValidateAsync, f1, mean, repeatedStratifiedKFold, std, stratifiedKFold } from './index.js';
import type { DenseMatrix, Estimator, FitOptions, Label } from './index.js';

/** Nearest-centroid classifier: small, deterministic, and good enough to score well on blobs. */
class NearestCentroid implements Estimator<number[][], Label[]> {
  centroids: { label: Label; c: number[] }[] = [];
  lastWeights: Float64Array | undefined;
  fit(X: number[][], y: Label[], opts?: FitOptions): this {
    this.lastWeights = opts?.sampleWeight;
    const groups = new Map<Label, number[][]>();
    y.forEach((l, i) => groups.set(l, [...(groups.get(l) ?? []), X[i]!]));
    this.centroids = [...groups].map(([label, rows]) => ({
      label,
      c: rows[0]!.map((_, j) => rows.reduce((s, r) => s + r[j]!, 0) / rows.length),
    }));
    return this;
  }
  predict(X: number[][]): Label[] {
    return X.map((x) => {
      let best = this.centroids[0]!;
      let bestD = Infinity;
      for (const k of this.centroids) {
        const d = k.c.reduce((s, v, j) => s + (v - x[j]!) ** 2, 0);
        if (d < bestD) [best, bestD] = [k, d];
      }
      return best.label;
    });
  }
}

/** Predicts the training mean: the baseline regressor. */
class MeanRegressor {
  m = 0;
  fit(_X: unknown, y: ArrayLike<number>): void {
    this.m = Array.from(y).reduce((a, b) => a + b, 0) / y.length;
  }
  predict(X: DenseMatrix): Float64Array {
    return new Float64Array(X.rows).fill(this.m);
  }
}

// Two well-separated blobs plus one overlapping class.
function blobs(n: number): { X: number[][]; y: string[] } {
  const X: number[][] = [];
  const y: string[] = [];
  for (let i = 0; i < n; i++) {
    const c = i % 3;
    const jitter = ((i * 7919) % 13) / 13 - 0.5;
    X.push([c * 3 + jitter, (c === 2 ? 3 : 0) + jitter * 0.5]);
    y.push(['setosa', 'versicolor', 'virginica'][c]!);
  }
  return { X, y };
}

describe('crossValidate', () => {
  const { X, y } = blobs(60);

  it('runs stratified, shuffled 5-fold CV by default and summarises scores', () => {
    const res = crossValidate(() => new NearestCentroid(), X, y);
    expect(res.task).toBe('classification');
    expect(res.folds.length).toBe(5);
    expect(Object.keys(res.scores)).toEqual(['accuracy']);
    const values = res.folds.map((f) => f.scores.accuracy!);
    expect(res.scores.accuracy!.values).toEqual(values);
    expect(res.scores.accuracy!.mean).toBe(mean(values));
    expect(res.scores.accuracy!.std).toBe(std(values));
    expect(res.scores.accuracy!.mean).toBe(1);
    for (const f of res.folds) {
      expect(f.trainSize + f.testSize).toBe(60);
      expect(f.testSize).toBe(12);
      expect(f.fitTime.wallMs).toBeGreaterThanOrEqual(0);
      expect(typeof f.fitTime.cpuMs).toBe('number');
      expect(f.predictTime.wallMs).toBeGreaterThanOrEqual(0);
      expect(f.estimator).toBeUndefined();
    }
  });

  it('uses the folds it says: same as stratifiedKFold with the seed', () => {
    const seen: number[][] = [];
    const cv = stratifiedKFold(y, 4, { shuffle: true, seed: 9 });
    crossValidate(
      () => {
        const e = new NearestCentroid();
        const predict = e.predict.bind(e);
        e.predict = (Xt) => {
          seen.push(Xt.map((r) => X.indexOf(r)));
          return predict(Xt);
        };
        return e;
      },
      X,
      y,
      { cv: 4, seed: 9 },
    );
    expect(seen).toEqual(cv.map((s) => Array.from(s.test)));
  });

  it('follows the seed rule: shuffled by default so a seed works; a seed with shuffle: false or explicit splits is refused', () => {
    const order = (o: object) => {
      const tests: number[][] = [];
      crossValidate(() => {
        const e = new NearestCentroid();
        const predict = e.predict.bind(e);
        e.predict = (Xt) => {
          tests.push(Xt.map((r) => X.indexOf(r)));
          return predict(Xt);
        };
        return e;
      }, X, y, { cv: 3, ...o });
      return tests;
    };
    expect(order({ shuffle: false })).toEqual(stratifiedKFold(y, 3).map((s) => Array.from(s.test)));
    expect(order({ seed: 5 })).toEqual(stratifiedKFold(y, 3, { shuffle: true, seed: 5 }).map((s) => Array.from(s.test)));
    expect(() => crossValidate(() => new NearestCentroid(), X, y, { shuffle: false, seed: 5 })).toThrow('options.seed must be omitted unless options.shuffle is true');
    const cv = stratifiedKFold(y, 3);
    for (const key of ['seed', 'shuffle', 'stratified']) {
      expect(() => crossValidate(() => new NearestCentroid(), X, y, { cv, [key]: key === 'seed' ? 1 : true })).toThrow(`options.${key} must be omitted when options.cv is an array of splits`);
    }
  });

  it('is deterministic per seed', () => {
    const run = (seed: number) => crossValidate(() => new NearestCentroid(), X, y, { seed, scoring: 'f1_macro' }).scores;
    expect(run(3)).toEqual(run(3));
  });

  it('takes explicit splits, several metrics and custom scorers', () => {
    const cv = repeatedStratifiedKFold(y, 3, 2, { seed: 1 });
    const res = crossValidate(() => new NearestCentroid(), X, y, {
      cv,
      scoring: { acc: 'accuracy', f1: 'f1_macro', p: 'precision_weighted', errors: (t, p) => Array.from(t).filter((v, i) => v !== p[i]).length },
    });
    expect(res.folds.length).toBe(6);
    expect(Object.keys(res.scores)).toEqual(['acc', 'f1', 'p', 'errors']);
    expect(res.scores.errors!.mean).toBe(0);
    const list = crossValidate(() => new NearestCentroid(), X, y, { scoring: ['accuracy', 'recall_macro'] });
    expect(Object.keys(list.scores)).toEqual(['accuracy', 'recall_macro']);
  });

  it('passes sample weights to fit (train part) and to scoring (test part)', () => {
    const w = X.map((_, i) => 1 + (i % 4));
    const fitted: NearestCentroid[] = [];
    const scorer = vi.fn((_t: unknown, _p: unknown, sw: Float64Array | undefined) => sw!.reduce((a, b) => a + b, 0));
    const res = crossValidate(
      () => {
        const e = new NearestCentroid();
        fitted.push(e);
        return e;
      },
      X,
      y,
      { sampleWeight: w, scoring: { sw: scorer }, cv: 3, returnEstimators: true },
    );
    expect(fitted.map((e) => e.lastWeights!.length)).toEqual([40, 40, 40]);
    const totalTest = res.scores.sw!.values.reduce((a, b) => a + b, 0);
    expect(totalTest).toBe(w.reduce((a, b) => a + b, 0));
    expect(res.folds.map((f) => f.estimator)).toEqual(fitted);
  });

  it('reports progress after each fold', () => {
    const onFold = vi.fn();
    crossValidate(() => new NearestCentroid(), X, y, { cv: 3, onFold });
    expect(onFold.mock.calls.map((c) => [c[0].done, c[0].total, c[0].result.fold])).toEqual([
      [1, 3, 0],
      [2, 3, 1],
      [3, 3, 2],
    ]);
  });

  it('binary scorers take posLabel, required for strings', () => {
    const yb = y.map((l) => (l === 'virginica' ? 'yes' : 'no'));
    expect(() => crossValidate(() => new NearestCentroid(), X, yb, { scoring: 'f1' })).toThrow(
      'options.posLabel must be given for string labels (one of "no", "yes")',
    );
    const res = crossValidate(() => new NearestCentroid(), X, yb, { scoring: ['f1', 'precision'], posLabel: 'yes' });
    expect(res.scores.f1!.mean).toBe(1);
    expect(() => crossValidate(() => new NearestCentroid(), X, y, { scoring: 'f1' })).toThrow('options.scoring must be _macro');
    expect(() => crossValidate(() => new NearestCentroid(), X, yb, { scoring: 'f1', posLabel: 'maybe' })).toThrow(
      'options.posLabel must be one of the labels in y ("no", "yes"), got "maybe"',
    );
    // Scored per fold exactly as the metric would be.
    const nums = yb.map((l) => (l === 'yes' ? 1 : 0));
    const one = crossValidate(() => new NearestCentroid(), X, nums, { scoring: 'f1', cv: 2 });
    expect(one.scores.f1!.values.every((v) => v === f1([0, 1], [0, 1]))).toBe(true);
  });

  it('regression: task from targets or scoring names; r2 by default; dense X stays dense', () => {
    const Xd = { data: Float64Array.from({ length: 40 }, (_, i) => i), rows: 20, cols: 2 };
    const yr = Float64Array.from({ length: 20 }, (_, i) => i * 0.5 + 0.25);
    const res = crossValidate(() => new MeanRegressor(), Xd, yr, { cv: 4 });
    expect(res.task).toBe('regression');
    expect(Object.keys(res.scores)).toEqual(['r2']);
    expect(res.scores.r2!.mean).toBeLessThan(0.01);
    const yi = Int32Array.from({ length: 20 }, (_, i) => i % 5);
    const byName = crossValidate(() => new MeanRegressor(), Xd, yi, { scoring: ['mse', 'mae', 'wape'] });
    expect(byName.task).toBe('regression');
    expect(byName.scores.mse!.mean).toBeGreaterThan(0);
    expect(() => crossValidate(() => new MeanRegressor(), Xd, yi, { scoring: ['mse', 'accuracy'] })).toThrow(
      'options.scoring must be metrics of one task',
    );
    expect(() => crossValidate(() => new MeanRegressor(), Xd, yi, { task: 'classification', scoring: 'mse' })).toThrow(
      'options.scoring must be classification metrics for task "classification"',
    );
  });

  it('a single explicit split has std null, not NaN', () => {
    const res = crossValidate(() => new NearestCentroid(), X, y, { cv: [{ train: Int32Array.from({ length: 50 }, (_, i) => i), test: Int32Array.from({ length: 10 }, (_, i) => 50 + i) }] });
    expect(res.scores.accuracy!.std).toBeNull();
  });

  it('validates everything at the boundary', () => {
    const make = () => new NearestCentroid();
    expect(() => crossValidate(make, X, y.slice(1))).toThrow('X and y must have the same number of samples, got 60 rows and 59 labels');
    expect(() => crossValidate(make, X, y, { cv: 61 })).toThrow('options.cv must be a number of folds in [2, 60]');
    expect(() => crossValidate(make, X, y, { folds: 3 } as never)).toThrow('options.folds must be one of the known options');
    expect(() => crossValidate(make, X, y, { scoring: 'auc' as never })).toThrow(UnknownNameError);
    expect(() => crossValidate(make, X, y, { scoring: () => Number.NaN })).toThrow('scoring.score must be a function returning a finite number, got NaN');
    expect(() => crossValidate(make, X, y, { cv: [{ train: [0, 1], test: [1, 2] }] as never })).toThrow(
      "options.cv[0].test[0] must be an index not in the same split's train set, got 1",
    );
    expect(() => crossValidate(make, X, y, { cv: [{ train: [0], test: [60] }] as never })).toThrow('options.cv[0].test[0] must be an integer in [0, 60), got 60');
    expect(() => crossValidate(make, X, y, { sampleWeight: [1] })).toThrow('sampleWeight and y must have the same length, got 1 and 60');
    expect(() => crossValidate((() => ({})) as never, X, y)).toThrow('makeEstimator() must be an object with fit() and predict() methods');
    expect(() => crossValidate('tree' as never, X, y)).toThrow(InvalidArgumentError);
    const short = () => ({ fit() {}, predict: (Xt: number[][]) => Xt.slice(1).map(() => 'setosa') });
    expect(() => crossValidate(short, X, y, { cv: 3 })).toThrow(ShapeMismatchError);
    expect(() => crossValidate(short, X, y, { cv: 3 })).toThrow('predict() in fold 0 returned 19 predictions for 20 test samples');
  });

  it('accepts an estimator to clone (scikit-learn style) as well as a factory; the one passed stays unfitted', async () => {
    class Cloned extends NearestCentroid {
      clones = 0;
      clone(): Cloned {
        this.clones++;
        return new Cloned();
      }
    }
    const proto = new Cloned();
    const byClone = crossValidate(proto, X, y, { cv: 4, returnEstimators: true });
    const byFactory = crossValidate(() => new NearestCentroid(), X, y, { cv: 4 });
    expect(byClone.scores).toEqual(byFactory.scores);
    expect(proto.clones).toBe(4);
    expect(proto.centroids).toEqual([]);
    expect(byClone.folds.every((f) => f.estimator !== proto)).toBe(true);
    const asyncResult = await crossValidateAsync(proto, X, y, { cv: 4 });
    expect(asyncResult.scores).toEqual(byFactory.scores);
    expect(proto.clones).toBe(8);
    // An object without clone() (or fit/predict on what clone returns) is refused by name.
    expect(() => crossValidate(new NearestCentroid() as never, X, y)).toThrow(
      'makeEstimator must be a function returning a new unfitted estimator, or an estimator with clone(), got an object',
    );
    expect(() => crossValidate({ clone: () => 42 } as never, X, y)).toThrow('makeEstimator() must be an object with fit() and predict() methods, got 42');
  });

  it('sync crossValidate refuses async estimators; crossValidateAsync awaits them', async () => {
    const asyncMake = () => {
      const e = new NearestCentroid();
      return { fit: async (Xt: number[][], yt: Label[]) => e.fit(Xt, yt), predict: async (Xt: number[][]) => e.predict(Xt) };
    };
    expect(() => crossValidate(asyncMake as never, X, y)).toThrow('use crossValidateAsync');
    const progress: number[] = [];
    const res = await crossValidateAsync(asyncMake, X, y, { cv: 3, onFold: async (p) => void progress.push(p.done) });
    expect(res.scores.accuracy!.mean).toBe(1);
    expect(progress).toEqual([1, 2, 3]);
    const same = crossValidate(() => new NearestCentroid(), X, y, { cv: 3 });
    expect(res.scores.accuracy!.values).toEqual(same.scores.accuracy!.values);
  });
});
