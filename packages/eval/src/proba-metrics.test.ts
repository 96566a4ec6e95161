import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { InvalidArgumentError } from '@dt/errors';
import { describe, expect, it } from 'vitest';
import { balancedAccuracy, logLoss, rocAuc } from './index.js';
import type { Label } from './index.js';

// scikit-learn 1.9.1's answers, written by scripts/make-proba-fixtures.py (the tests never run Python).
interface Fixtures {
  versions: { sklearn: string };
  binaryAuc: { yTrue: Label[]; score: number[]; sampleWeight: number[] | null; auc: number }[];
  multiclassAuc: ({ yTrue: Label[]; proba: number[][]; sampleWeight: number[] | null } & Record<string, unknown>)[];
  logLoss: { yTrue: Label[]; proba: number[][] | number[]; sampleWeight: number[] | null; loss: number; sum: number }[];
  balancedAccuracy: { yTrue: number[]; yPred: number[]; sampleWeight: number[] | null; score: number; adjusted: number }[];
}
const fx = JSON.parse(readFileSync(new URL('../fixtures/proba-metrics.json', import.meta.url), 'utf8')) as Fixtures;
const weights = (w: number[] | null) => (w === null ? {} : { sampleWeight: w });

describe('rocAuc (scikit-learn roc_auc_score)', () => {
  it(`equals sklearn ${fx.versions.sklearn} on binary scores with many ties and weights`, () => {
    expect(fx.binaryAuc.length).toBe(30);
    for (const c of fx.binaryAuc) expect(rocAuc(c.yTrue, c.score, weights(c.sampleWeight))).toBeCloseTo(c.auc, 12);
  });

  it('equals sklearn on multiclass ovr and ovo, macro and weighted', () => {
    let checked = 0;
    for (const c of fx.multiclassAuc) {
      for (const multiClass of ['ovr', 'ovo'] as const) {
        for (const average of ['macro', 'weighted'] as const) {
          const want = c[`${multiClass}_${average}`];
          if (typeof want !== 'number') continue;
          expect(rocAuc(c.yTrue, c.proba, { multiClass, average, ...weights(c.sampleWeight) })).toBeCloseTo(want, 12);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('counts a tied positive–negative pair as one half: equals the brute-force pair count', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 3 })), { minLength: 2, maxLength: 40 }), (rows) => {
        fc.pre(rows.some((r) => r[0]) && rows.some((r) => !r[0]));
        fc.pre(rows.some((r) => r[0] && r[2] > 0) && rows.some((r) => !r[0] && r[2] > 0));
        let num = 0;
        let den = 0;
        for (const [pi, si, wi] of rows) {
          for (const [pj, sj, wj] of rows) {
            if (!pi || pj) continue;
            num += wi * wj * (si > sj ? 1 : si === sj ? 0.5 : 0);
            den += wi * wj;
          }
        }
        const got = rocAuc(rows.map((r) => (r[0] ? 1 : 0)), rows.map((r) => r[1]), { sampleWeight: rows.map((r) => r[2]) });
        expect(got).toBeCloseTo(num / den, 12);
      }),
      { seed: 32, numRuns: 200 },
    );
  });

  it('takes predictProba’s two columns for binary labels (column of the greater label)', () => {
    expect(rocAuc(['a', 'b', 'a', 'b'], [[0.9, 0.1], [0.2, 0.8], [0.6, 0.4], [0.6, 0.4]])).toBe(rocAuc(['a', 'b', 'a', 'b'], [0.1, 0.8, 0.4, 0.4]));
    expect(rocAuc([0, 1, 0, 1], [0.1, 0.8, 0.4, 0.4])).toBe(0.875);
  });

  it('refuses what it cannot compute, naming the argument (sklearn: NaN or ValueError)', () => {
    expect(() => rocAuc([1, 1, 1], [0.1, 0.2, 0.3])).toThrow(InvalidArgumentError);
    expect(() => rocAuc([1, 1, 1], [0.1, 0.2, 0.3])).toThrow('yTrue must be two classes for binary scores (one class: ROC AUC is undefined), got 1');
    const p3 = [[0.2, 0.3, 0.5], [0.1, 0.8, 0.1], [0.3, 0.3, 0.4]];
    expect(() => rocAuc([0, 1, 2], p3)).toThrow("options.multiClass must be 'ovr' or 'ovo' for multiclass scores");
    expect(() => rocAuc([0, 1, 2], [[0.2, 0.3, 0.6], ...p3.slice(1)], { multiClass: 'ovr' })).toThrow('yScore[0] must be probabilities summing to 1 over the classes, got 1.1');
    expect(() => rocAuc([0, 1, 1], p3, { multiClass: 'ovr' })).toThrow('one column per class (2: 0, 1); pass options.labels when yTrue lacks a class');
    expect(() => rocAuc([0, 1, 1], p3, { multiClass: 'ovr', labels: [0, 1, 2] })).toThrow('yTrue must be both classes of class 2 against the rest present');
    expect(() => rocAuc([0, 1, 2], p3, { multiClass: 'ovo', sampleWeight: [1, 1, 1] })).toThrow("options.sampleWeight must be omitted with multiClass 'ovo'");
    expect(() => rocAuc([0, 1, 2], p3, { multiClass: 'ovr', labels: [0, 2, 1] })).toThrow('options.labels[2] must be a label greater than the one before');
    expect(() => rocAuc([0, 1], [0.5, 0.5], { labels: [0, 1] })).toThrow('options.labels must be omitted for binary scores');
    expect(() => rocAuc([0, 1], [0.5, Number.NaN])).toThrow('yScore[1] must be a finite number, got NaN');
  });
});

describe('logLoss (scikit-learn log_loss)', () => {
  it(`equals sklearn ${fx.versions.sklearn}: multiclass, weighted, hard 0/1 rows (clipped) and 1-D binary`, () => {
    expect(fx.logLoss.length).toBe(42);
    for (const c of fx.logLoss) {
      expect(logLoss(c.yTrue, c.proba, weights(c.sampleWeight))).toBeCloseTo(c.loss, 10);
      expect(logLoss(c.yTrue, c.proba, { ...weights(c.sampleWeight), normalize: false }) / c.sum).toBeCloseTo(1, 12);
    }
  });

  it('uses labels for a yTrue missing classes and refuses rows that are not probabilities', () => {
    const p = [[0.5, 0.25, 0.25], [0.25, 0.5, 0.25]];
    expect(logLoss(['a', 'b'], p, { labels: ['a', 'b', 'c'] })).toBeCloseTo(Math.log(2), 15);
    expect(() => logLoss(['a', 'b'], p)).toThrow('yProba must be one row of 2 class probabilities per sample');
    expect(() => logLoss([1, 1], [0.5, 0.5])).toThrow('yTrue must be labels of at least two classes, or options.labels listing every class');
    expect(() => logLoss([0, 1], [[0.5, 0.6], [0.5, 0.5]])).toThrow('yProba[0] must be probabilities summing to 1 over the classes, got 1.1');
    expect(() => logLoss([0, 1], [1.5, 0.5])).toThrow('yProba[0] must be a probability in [0, 1], got 1.5');
    expect(() => logLoss(['a', 'd'], p, { labels: ['a', 'b', 'c'] })).toThrow('yTrue[1] must be one of options.labels ("a", "b", "c"), got "d"');
  });
});

describe('balancedAccuracy (scikit-learn balanced_accuracy_score)', () => {
  it(`equals sklearn ${fx.versions.sklearn}, plain and adjusted, with weights and predicted-only classes`, () => {
    expect(fx.balancedAccuracy.length).toBe(20);
    for (const c of fx.balancedAccuracy) {
      expect(balancedAccuracy(c.yTrue, c.yPred, weights(c.sampleWeight))).toBeCloseTo(c.score, 12);
      expect(balancedAccuracy(c.yTrue, c.yPred, { ...weights(c.sampleWeight), adjusted: true })).toBeCloseTo(c.adjusted, 12);
    }
  });

  it('is the mean recall over yTrue’s classes; adjusted needs two classes', () => {
    expect(balancedAccuracy([0, 0, 0, 1], [0, 0, 0, 0])).toBe(0.5);
    expect(balancedAccuracy([0, 0, 1, 1], [0, 2, 1, 1])).toBe(0.75);
    expect(() => balancedAccuracy([0, 0], [0, 1], { adjusted: true })).toThrow('yTrue must be labels of at least two classes for the adjusted score');
    expect(() => balancedAccuracy([0, 1], [0, 1], { adjusted: 'yes' } as never)).toThrow('options.adjusted must be a boolean');
  });
});
