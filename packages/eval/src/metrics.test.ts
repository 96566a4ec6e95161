import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFixed } from './classification-report.js';
import {
  accuracy,
  classificationReport,
  confusionMatrix,
  f1,
  fBeta,
  formatClassificationReport,
  meanAbsoluteError,
  meanSquaredError,
  precision,
  r2Score,
  recall,
  wape,
} from './index.js';

describe('input validation', () => {
  it('rejects different lengths with a ShapeMismatchError naming both lengths', () => {
    expect(() => accuracy([0, 1, 1], [0, 1])).toThrow(ShapeMismatchError);
    expect(() => precision([0, 1, 1], [0, 1])).toThrow('yTrue and yPred must have the same length, got 3 and 2');
    expect(() => meanSquaredError([1, 2], [1, 2, 3])).toThrow('got 2 and 3');
    expect(() => confusionMatrix(['a'], ['a', 'b'])).toThrow(ShapeMismatchError);
  });

  it('rejects empty arrays', () => {
    expect(() => accuracy([], [])).toThrow('yTrue must be a non-empty array of labels, got an array of length 0');
    expect(() => r2Score([], [])).toThrow(InvalidArgumentError);
    expect(() => wape(new Float64Array(0), new Float64Array(0))).toThrow(InvalidArgumentError);
  });

  it('names the bad element', () => {
    expect(() => accuracy([0, Number.NaN, 1], [0, 1, 1])).toThrow('yTrue[1] must be a finite number like the other labels, got NaN');
    expect(() => f1([0, 1], Float64Array.of(0, Number.POSITIVE_INFINITY))).toThrow('yPred[1] must be a finite number, got Infinity');
    expect(() => accuracy(['a', 1] as never, ['a', 'a'])).toThrow('yTrue[1] must be a string like the other labels, got 1');
    expect(() => accuracy([1, 2], ['1', '2'])).toThrow('yPred must be number labels like yTrue');
    expect(() => meanAbsoluteError([1, 2, 3], [1, Number.NaN, 3])).toThrow('yPred[1] must be a finite number, got NaN');
    expect(() => accuracy('ab' as never, 'ab' as never)).toThrow(InvalidArgumentError);
  });

  it('validates sample weights', () => {
    expect(() => accuracy([0, 1], [0, 1], { sampleWeight: [1] })).toThrow('sampleWeight and yTrue must have the same length, got 1 and 2');
    expect(() => accuracy([0, 1], [0, 1], { sampleWeight: [1, -1] })).toThrow('sampleWeight[1] must be a finite number >= 0, got -1');
    expect(() => recall([0, 1], [0, 1], { sampleWeight: [0, 0] })).toThrow('sampleWeight must be weights with a positive sum');
    expect(() => meanSquaredError([0, 1], [0, 1], { sampleWeight: [1, Number.NaN] })).toThrow('sampleWeight[1]');
  });

  it('rejects unknown and misplaced options', () => {
    expect(() => accuracy([0], [0], { sampleWeights: [1] } as never)).toThrow('options.sampleWeights must be one of the known options');
    expect(() => precision([0, 1], [0, 1], { average: 'samples' as never })).toThrow('options.average must be one of');
    expect(() => precision([0, 1], [0, 1], { average: 'macro', posLabel: 1 })).toThrow('options.posLabel must be omitted unless average is "binary"');
    expect(() => precision([0, 1], [0, 1], { labels: [0, 1] })).toThrow('options.labels must be omitted when average is "binary"');
    expect(() => precision([0, 1], [0, 1], { average: 'macro', labels: [0, 0] })).toThrow('options.labels[1] must be a label not already listed');
    expect(() => precision([0, 1], [0, 1], { average: 'macro', labels: ['0'] })).toThrow('options.labels must be number labels');
  });
});

describe('binary positive class', () => {
  it('defaults to 1 for numeric labels, like sklearn (also when 1 is the smaller label)', () => {
    expect(precision([0, 1, 1, 0], [1, 1, 0, 0])).toBe(0.5);
    // {1, 2}: positive is 1, as with sklearn's pos_label=1.
    expect(recall([1, 1, 2, 2], [1, 2, 2, 2])).toBe(0.5);
    expect(recall([1, 1, 2, 2], [1, 2, 2, 2], { posLabel: 2 })).toBe(1);
  });

  it('requires posLabel for string labels, listing them', () => {
    expect(() => f1(['no', 'yes'], ['yes', 'yes'])).toThrow(
      'options.posLabel must be given for string labels with average "binary" (one of "no", "yes"), got undefined',
    );
    expect(f1(['no', 'yes'], ['yes', 'yes'], { posLabel: 'yes' })).toBeCloseTo(2 / 3, 15);
  });

  it('rejects a positive class absent from two present labels (e.g. {0, 2} with default 1)', () => {
    expect(() => precision([0, 2, 2], [0, 0, 2])).toThrow('options.posLabel must be one of the labels present (0, 2), got 1');
    expect(() => precision([0, 1], [0, 1], { posLabel: 'x' })).toThrow('options.posLabel must be a number label like yTrue');
  });

  it('allows a positive class absent when only one label is present: scores are 0', () => {
    expect(precision([0, 0, 0], [0, 0, 0])).toBe(0);
    expect(recall([0, 0, 0], [0, 0, 0])).toBe(0);
    expect(f1([0, 0, 0], [0, 0, 0])).toBe(0);
  });

  it('rejects binary averaging of 3 classes', () => {
    expect(() => precision([0, 1, 2], [0, 1, 1])).toThrow('options.average must be "macro", "weighted" or "micro" for 3 classes');
  });
});

describe('zero_division = 0, never NaN', () => {
  it('precision of a class never predicted is 0', () => {
    expect(precision([1, 1, 0], [0, 0, 0])).toBe(0);
    expect(f1([1, 1, 0], [0, 0, 0])).toBe(0);
    expect(precision([0, 1, 2], [0, 0, 0], { average: 'macro' })).toBeCloseTo(1 / 9, 15);
  });

  it('recall of a class with no true samples is 0', () => {
    expect(recall([0, 0, 0], [1, 0, 0])).toBe(0);
  });

  it('weighted average over classes without true samples is 0', () => {
    expect(recall([0, 0], [1, 1], { average: 'weighted', labels: [1] })).toBe(0);
    expect(precision([0, 0], [1, 1], { average: 'weighted', labels: [1] })).toBe(0);
  });
});

describe('F-beta', () => {
  it('needs a finite beta >= 0', () => {
    expect(() => fBeta([0, 1], [0, 1], undefined as never)).toThrow(InvalidArgumentError);
    expect(() => fBeta([0, 1], [0, 1], { beta: -1 })).toThrow('options.beta must be a finite number >= 0, got -1');
    expect(() => fBeta([0, 1], [0, 1], { beta: Number.NaN })).toThrow('options.beta');
  });

  it('beta = 0 gives precision; large beta approaches recall', () => {
    const t = [0, 1, 1, 1, 0, 1];
    const p = [1, 1, 0, 1, 0, 0];
    expect(fBeta(t, p, { beta: 0 })).toBeCloseTo(precision(t, p), 15);
    expect(fBeta(t, p, { beta: 1e4 })).toBeCloseTo(recall(t, p), 6);
  });
});

describe('confusion matrix', () => {
  it('rows are true classes and columns predictions', () => {
    const cm = confusionMatrix(['cat', 'dog', 'dog', 'ant'], ['dog', 'dog', 'cat', 'ant']);
    expect(cm).toEqual({
      labels: ['ant', 'cat', 'dog'],
      matrix: [
        [1, 0, 0],
        [0, 0, 1],
        [0, 1, 1],
      ],
    });
  });

  it('drops samples outside the given labels and rejects duplicates', () => {
    expect(confusionMatrix([0, 1, 2], [0, 2, 2], { labels: [2, 0] }).matrix).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect(() => confusionMatrix([0], [0], { labels: [0, 0] })).toThrow('options.labels[1] must be a label not already listed');
  });
});

const labelPair = fc
  .integer({ min: 1, max: 60 })
  .chain((n) =>
    fc.tuple(
      fc.array(fc.integer({ min: 0, max: 4 }), { minLength: n, maxLength: n }),
      fc.array(fc.integer({ min: 0, max: 4 }), { minLength: n, maxLength: n }),
      fc.array(fc.integer({ min: 1, max: 5 }), { minLength: n, maxLength: n }),
    ),
  );

describe('identities (property tests against brute-force definitions)', () => {
  it('micro precision = micro recall = micro F1 = weighted recall = accuracy', () => {
    fc.assert(
      fc.property(labelPair, ([t, p, w]) => {
        const acc = accuracy(t, p, { sampleWeight: w });
        for (const v of [
          precision(t, p, { average: 'micro', sampleWeight: w }),
          recall(t, p, { average: 'micro', sampleWeight: w }),
          f1(t, p, { average: 'micro', sampleWeight: w }),
          recall(t, p, { average: 'weighted', sampleWeight: w }),
        ]) {
          expect(Math.abs(v - acc)).toBeLessThan(1e-12);
        }
      }),
    );
  });

  it('macro scores equal the mean of brute-force per-class scores', () => {
    fc.assert(
      fc.property(labelPair, ([t, p]) => {
        const classes = [...new Set([...t, ...p])].sort((a, b) => a - b);
        let ps = 0;
        let rs = 0;
        let fs = 0;
        for (const c of classes) {
          let tp = 0;
          let pred = 0;
          let tru = 0;
          t.forEach((ti, i) => {
            if (ti === c && p[i] === c) tp++;
            if (p[i] === c) pred++;
            if (ti === c) tru++;
          });
          const pc = pred === 0 ? 0 : tp / pred;
          const rc = tru === 0 ? 0 : tp / tru;
          ps += pc;
          rs += rc;
          fs += pc + rc === 0 ? 0 : (2 * pc * rc) / (pc + rc);
        }
        const m = classes.length;
        expect(precision(t, p, { average: 'macro' })).toBeCloseTo(ps / m, 12);
        expect(recall(t, p, { average: 'macro' })).toBeCloseTo(rs / m, 12);
        expect(f1(t, p, { average: 'macro' })).toBeCloseTo(fs / m, 12);
      }),
    );
  });

  it('confusion matrix: row sums are supports, the diagonal gives accuracy', () => {
    fc.assert(
      fc.property(labelPair, ([t, p, w]) => {
        const { labels, matrix } = confusionMatrix(t, p, { sampleWeight: w });
        let diag = 0;
        let total = 0;
        labels.forEach((l, i) => {
          const row = matrix[i]!.reduce((a, b) => a + b, 0);
          const support = t.reduce((a, ti, j) => a + (ti === l ? w[j]! : 0), 0);
          expect(row).toBe(support);
          diag += matrix[i]![i]!;
          total += row;
        });
        expect(diag / total).toBeCloseTo(accuracy(t, p, { sampleWeight: w }), 12);
      }),
    );
  });
});

describe('classification report', () => {
  it('gives data and sklearn-style text', () => {
    const r = classificationReport(['a', 'b', 'b', 'c'], ['a', 'b', 'c', 'c']);
    expect(r.classes.map((c) => c.label)).toEqual(['a', 'b', 'c']);
    expect(r.accuracy).toBe(0.75);
    expect(r.microAvg).toBeNull();
    const text = formatClassificationReport(r);
    expect(text.split('\n')[0]).toBe('              precision    recall  f1-score   support');
    expect(text).toContain('    accuracy                           0.75         4\n');
    expect(formatClassificationReport(r, { digits: 4 })).toContain('0.7500');
    expect(() => formatClassificationReport(r, { digits: 21 })).toThrow('options.digits');
    expect(() => formatClassificationReport({} as never)).toThrow('report must be a report from classificationReport()');
  });

  it('formats like Python: exact ties round half to even', () => {
    expect(formatFixed(0.125, 2)).toBe('0.12');
    expect(formatFixed(0.375, 2)).toBe('0.38');
    expect(formatFixed(0.625, 2)).toBe('0.62');
    expect(formatFixed(2.5, 0)).toBe('2');
    expect(formatFixed(3.5, 0)).toBe('4');
    expect(formatFixed(-0.125, 2)).toBe('-0.12');
    // 0.135 is not exactly representable (it is slightly above): ordinary rounding.
    expect(formatFixed(0.135, 2)).toBe('0.14');
    expect(formatFixed(1 / 3, 4)).toBe('0.3333');
  });
});

describe('regression metrics', () => {
  it('computes the textbook values', () => {
    expect(meanSquaredError([1, 2, 3], [1, 2, 5])).toBeCloseTo(4 / 3, 15);
    expect(meanAbsoluteError([1, 2, 3], [1, 2, 5])).toBeCloseTo(2 / 3, 15);
    expect(wape([1, -2, 3], [1, 2, 5])).toBeCloseTo(6 / 6, 15);
    expect(r2Score([1, 2, 3], [1, 2, 3])).toBe(1);
    expect(r2Score([1, 2, 3], [2, 2, 2])).toBe(0);
  });

  it('r2: constant targets give 1 (perfect) or 0, never NaN; one sample is an error', () => {
    expect(r2Score([5, 5], [5, 5])).toBe(1);
    expect(r2Score([5, 5], [5, 6])).toBe(0);
    expect(() => r2Score([1], [1])).toThrow('yTrue must be at least 2 samples for r2Score');
  });

  it('wape is undefined for all-zero targets: an error, not Infinity', () => {
    expect(() => wape([0, 0], [1, 0])).toThrow('yTrue must be targets with a non-zero (weighted) sum of absolute values for wape');
  });
});
