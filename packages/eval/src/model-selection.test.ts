import { InvalidArgumentError, UnknownNameError } from '@dt/errors';
import { describe, expect, it } from 'vitest';
import { accuracy, crossValPredict, crossValidate, gridSearchCV, logLoss, rocAuc, stratifiedKFold } from './index.js';
import type { FitOptions, Label } from './index.js';

/**
 * A one-feature threshold classifier with sklearn's estimator habits (getParams/setParams/clone,
 * predictProba, classes): leaf class frequencies (smoothed by `alpha`) on each side of `threshold`.
 */
class Stump {
  params = { threshold: 0.5, alpha: 0 };
  classes: Label[] = [];
  left: number[] = [];
  right: number[] = [];
  fits = 0;
  constructor(p: Partial<Stump['params']> = {}) {
    this.setParams(p);
  }
  getParams(): Stump['params'] {
    return { ...this.params };
  }
  setParams(p: Record<string, unknown>): this {
    for (const [k, v] of Object.entries(p)) {
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new InvalidArgumentError(k, 'a finite number', v);
    }
    this.params = { ...this.params, ...(p as Partial<Stump['params']>) };
    return this;
  }
  clone(): Stump {
    return new Stump(this.getParams());
  }
  fit(X: number[][], y: Label[], o?: FitOptions): this {
    this.fits++;
    this.classes = [...new Set(y)].sort();
    const count = (side: boolean) => {
      const c = this.classes.map(() => this.params.alpha);
      y.forEach((l, i) => {
        if (X[i]![0]! <= this.params.threshold === side) c[this.classes.indexOf(l)]! += o?.sampleWeight?.[i] ?? 1;
      });
      const t = c.reduce((a, b) => a + b, 0);
      return c.map((v) => (t > 0 ? v / t : 1 / c.length));
    };
    this.left = count(true);
    this.right = count(false);
    return this;
  }
  predictProba(X: number[][]): number[][] {
    return X.map((x) => (x[0]! <= this.params.threshold ? this.left : this.right));
  }
  predict(X: number[][]): Label[] {
    return this.predictProba(X).map((p) => this.classes[p.indexOf(Math.max(...p))]!);
  }
}

// x in [0, 1); class 'b' above 0.6 except every 7th sample (label noise).
const X: number[][] = [];
const y: string[] = [];
for (let i = 0; i < 70; i++) {
  const x = ((i * 37) % 70) / 70;
  X.push([x]);
  y.push((x > 0.6) !== (i % 7 === 0) ? 'b' : 'a');
}

describe('crossValidate: probability scorers and returnTrainScore', () => {
  it('scores predictProba with the fitted classes (roc_auc, log_loss) and labels (balanced_accuracy)', () => {
    const splits = stratifiedKFold(y, 5);
    const res = crossValidate(() => new Stump({ alpha: 1 }), X, y, { cv: splits, scoring: ['roc_auc', 'log_loss', 'balanced_accuracy'] });
    splits.forEach((s, f) => {
      const est = new Stump({ alpha: 1 }).fit(Array.from(s.train, (i) => X[i]!), Array.from(s.train, (i) => y[i]!));
      const Xt = Array.from(s.test, (i) => X[i]!);
      const yt = Array.from(s.test, (i) => y[i]!);
      expect(res.folds[f]!.scores.roc_auc).toBe(rocAuc(yt, est.predictProba(Xt)));
      expect(res.folds[f]!.scores.log_loss).toBe(logLoss(yt, est.predictProba(Xt), { labels: est.classes }));
    });
    expect(res.scores.roc_auc!.mean).toBeGreaterThan(0.7);
  });

  it('refuses a probability scorer for an estimator without predictProba, and roc_auc for many classes', () => {
    const plain = () => ({ fit() {}, predict: (Xt: number[][]) => Xt.map(() => 'a') });
    expect(() => crossValidate(plain, X, y, { scoring: 'roc_auc' })).toThrow("options.scoring must be metrics of predicted labels for an estimator without predictProba() and classes, got \"roc_auc\"");
    const y3 = y.map((l, i) => (i % 3 === 0 ? 'c' : l));
    expect(() => crossValidate(() => new Stump(), X, y3, { scoring: 'roc_auc' })).toThrow("'roc_auc_ovr' or 'roc_auc_ovo' for an estimator of 3 classes");
    expect(crossValidate(() => new Stump({ alpha: 1 }), X, y3, { scoring: 'roc_auc_ovr_weighted' }).scores.roc_auc_ovr_weighted!.mean).toBeGreaterThan(0.5);
  });

  it('returnTrainScore scores the training rows of each fold', () => {
    const splits = stratifiedKFold(y, 4);
    const res = crossValidate(() => new Stump(), X, y, { cv: splits, returnTrainScore: true, scoring: ['accuracy', 'log_loss'] });
    splits.forEach((s, f) => {
      const Xtr = Array.from(s.train, (i) => X[i]!);
      const ytr = Array.from(s.train, (i) => y[i]!);
      const est = new Stump().fit(Xtr, ytr);
      expect(res.folds[f]!.trainScores!.accuracy).toBe(accuracy(ytr, est.predict(Xtr)));
    });
    expect(res.trainScores!.accuracy!.values).toEqual(res.folds.map((f) => f.trainScores!.accuracy));
    expect(crossValidate(() => new Stump(), X, y).trainScores).toBeUndefined();
    expect(() => crossValidate(() => new Stump(), X, y, { returnTrainScore: 1 } as never)).toThrow('options.returnTrainScore must be a boolean');
  });
});

describe('crossValPredict', () => {
  it('predicts each sample from the model that did not see it, in the order of X', () => {
    const splits = stratifiedKFold(y, 5, { shuffle: true, seed: 4 });
    const pred = crossValPredict(() => new Stump({ threshold: 0.55 }), X, y, { cv: splits });
    const proba = crossValPredict(() => new Stump({ threshold: 0.55 }), X, y, { cv: splits, method: 'predictProba' });
    expect(proba.classes).toEqual(['a', 'b']);
    for (const s of splits) {
      const est = new Stump({ threshold: 0.55 }).fit(Array.from(s.train, (i) => X[i]!), Array.from(s.train, (i) => y[i]!));
      const Xt = Array.from(s.test, (i) => X[i]!);
      expect(Array.from(s.test, (i) => pred[i])).toEqual(est.predict(Xt));
      expect(Array.from(s.test, (i) => proba.proba[i])).toEqual(est.predictProba(Xt));
    }
    // Same folds as crossValidate's with the same seed.
    expect(crossValPredict(() => new Stump({ threshold: 0.55 }), X, y, { seed: 4 })).toEqual(pred);
  });

  it('aligns probability columns to all classes (0 for a class a fold never saw) and refuses non-partitions', () => {
    const y3 = y.map((l, i) => (i === 0 ? 'c' : l));
    const splits = [
      { train: Int32Array.from({ length: 35 }, (_, i) => i + 35), test: Int32Array.from({ length: 35 }, (_, i) => i) },
      { train: Int32Array.from({ length: 35 }, (_, i) => i), test: Int32Array.from({ length: 35 }, (_, i) => i + 35) },
    ];
    const p = crossValPredict(() => new Stump(), X, y3, { cv: splits, method: 'predictProba' });
    expect(p.classes).toEqual(['a', 'b', 'c']);
    expect(p.proba[0]![2]).toBe(0);
    expect(() => crossValPredict(() => new Stump(), X, y, { cv: [splits[0]!] })).toThrow('options.cv must be splits that test every sample exactly once (sample 35 is tested 0 times)');
    expect(() => crossValPredict(() => new Stump(), X, y, { method: 'decision' } as never)).toThrow('options.method must be one of');
  });
});

describe('gridSearchCV', () => {
  it('cross-validates every candidate on the same folds, ranks them and refits the best', () => {
    const est = new Stump();
    const res = gridSearchCV(est, { threshold: [0.2, 0.6, 0.9], alpha: [0, 1] }, X, y, { seed: 2 });
    // sklearn's ParameterGrid order: keys sorted, last key fastest.
    expect(res.results.map((r) => r.params)).toEqual([
      { alpha: 0, threshold: 0.2 }, { alpha: 0, threshold: 0.6 }, { alpha: 0, threshold: 0.9 },
      { alpha: 1, threshold: 0.2 }, { alpha: 1, threshold: 0.6 }, { alpha: 1, threshold: 0.9 },
    ]);
    res.results.forEach((r) => {
      const cv = crossValidate(() => new Stump(r.params), X, y, { seed: 2 });
      expect(r.scores.accuracy!.values).toEqual(cv.scores.accuracy!.values);
    });
    expect(res.splits).toEqual(stratifiedKFold(y, 5, { shuffle: true, seed: 2 }));
    expect(res.bestParams!.threshold).toBe(0.6);
    expect(res.bestIndex).toBe(1); // first of the tied best (alpha does not change predictions)
    const means = res.results.map((r) => r.scores.accuracy!.mean);
    expect(res.results.map((r) => r.rank.accuracy)).toEqual(means.map((m) => 1 + means.filter((o) => o > m).length));
    expect(res.results.map((r) => r.rank.accuracy)).toEqual([5, 1, 3, 5, 1, 3]);
    expect(res.bestScore).toBe(res.results[1]!.scores.accuracy!.mean);
    expect(res.bestEstimator!.getParams()).toEqual({ alpha: 0, threshold: 0.6 });
    expect(res.bestEstimator!.fits).toBe(1);
    expect(est.fits).toBe(0);
  });

  it('ranks lower-is-better metrics ascending; several metrics need refit to name one', () => {
    const res = gridSearchCV(new Stump(), [{ threshold: [0.6] , alpha: [0.5, 5] }], X, y, { scoring: ['accuracy', 'log_loss'], refit: 'log_loss' });
    expect(res.refitMetric).toBe('log_loss');
    expect(res.bestScore).toBe(Math.min(...res.results.map((r) => r.scores.log_loss!.mean)));
    expect(() => gridSearchCV(new Stump(), { threshold: [0.6] }, X, y, { scoring: ['accuracy', 'log_loss'] })).toThrow('options.refit must be the name of the metric that picks the best (one of accuracy, log_loss) or false');
    const none = gridSearchCV(new Stump(), { threshold: [0.6] }, X, y, { scoring: ['accuracy', 'log_loss'], refit: false });
    expect(none.bestIndex).toBeNull();
    expect(none.bestEstimator).toBeUndefined();
  });

  it('names unknown parameters with the known ones and fails on bad values before fitting', () => {
    expect(() => gridSearchCV(new Stump(), { treshold: [0.5] }, X, y)).toThrow(UnknownNameError);
    expect(() => gridSearchCV(new Stump(), { treshold: [0.5] }, X, y)).toThrow('unknown parameter "treshold"; known: threshold, alpha; did you mean threshold?');
    expect(() => gridSearchCV(new Stump(), { threshold: [0.5, 'x'] } as never, X, y)).toThrow('threshold must be a finite number, got "x"');
    expect(() => gridSearchCV(new Stump(), { threshold: [] }, X, y)).toThrow('paramGrid.threshold must be a non-empty array of values to try');
    expect(() => gridSearchCV(new Stump(), { threshold: [0.5] }, X, y, { refit: 'f1' })).toThrow('unknown refit metric "f1"');
    expect(() => gridSearchCV({} as never, { threshold: [0.5] }, X, y)).toThrow('estimator must be an estimator with getParams(), setParams() and clone()');
  });
});
