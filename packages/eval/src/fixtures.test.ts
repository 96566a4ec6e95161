import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  accuracy,
  classificationReport,
  confusionMatrix,
  f1,
  fBeta,
  formatClassificationReport,
  kFold,
  meanAbsoluteError,
  meanSquaredError,
  precision,
  r2Score,
  recall,
  stratifiedKFold,
  wape,
} from './index.js';
import type { Average, ClassificationReport, Label, Labels, ReportRow } from './index.js';

// scikit-learn's answers, written by scripts/make-fixtures.py (the tests never run Python).
interface ScoreFixture {
  average: Average;
  posLabel: Label | null;
  labels: Label[] | null;
  beta: number;
  precision: number;
  recall: number;
  f: number;
}
interface SkRow {
  precision: number;
  recall: number;
  'f1-score': number;
  support: number;
}
interface ClassFixture {
  name: string;
  yTrue: Label[];
  yPred: Label[];
  sampleWeight: number[] | null;
  accuracy: number;
  confusionMatrix: { labels: Label[]; matrix: number[][] };
  confusionMatrices: { labels: Label[]; matrix: number[][] }[];
  scores: ScoreFixture[];
  reports: { labels: Label[] | null; digits: number; dict: Record<string, SkRow | number>; text: string }[];
}
interface RegFixture {
  name: string;
  yTrue: number[];
  yPred: number[];
  sampleWeight: number[] | null;
  mse: number;
  mae: number;
  r2: number;
  wape: number;
}
interface Fixtures {
  sklearn: string;
  classification: ClassFixture[];
  regression: RegFixture[];
  kFold: { n: number; k: number; tests: number[][] }[];
  stratifiedKFold: { y: Label[]; k: number; tests: number[][] }[];
}

const fx = JSON.parse(
  readFileSync(new URL('../fixtures/metrics.json', import.meta.url), 'utf8'),
) as Fixtures;

const TOL = 1e-12;
function close(actual: number, expected: number, what: string): void {
  const err = Math.abs(actual - expected);
  if (!(err <= TOL * Math.max(1, Math.abs(expected)))) {
    expect.fail(`${what}: got ${actual}, sklearn ${expected} (|diff| ${err})`);
  }
}

function closeMatrix(actual: number[][], expected: number[][], what: string): void {
  expect(actual.length, what).toBe(expected.length);
  actual.forEach((row, i) => row.forEach((v, j) => close(v, expected[i]![j]!, `${what}[${i}][${j}]`)));
}

/** Numeric cases also run through typed arrays, to cover that input path. */
function variants(c: ClassFixture): [string, Labels, Labels][] {
  const out: [string, Labels, Labels][] = [['array', c.yTrue, c.yPred]];
  if (typeof c.yTrue[0] === 'number') {
    out.push(['Int32Array', Int32Array.from(c.yTrue as number[]), Int32Array.from(c.yPred as number[])]);
    out.push(['Float64Array', Float64Array.from(c.yTrue as number[]), Float64Array.from(c.yPred as number[])]);
  }
  return out;
}

function skRow(r: SkRow | number | undefined): ReportRow {
  if (typeof r !== 'object') throw new Error('missing report row');
  return { precision: r.precision, recall: r.recall, f1: r['f1-score'], support: r.support };
}

function closeRow(actual: ReportRow, expected: ReportRow, what: string): void {
  close(actual.precision, expected.precision, `${what}.precision`);
  close(actual.recall, expected.recall, `${what}.recall`);
  close(actual.f1, expected.f1, `${what}.f1`);
  close(actual.support, expected.support, `${what}.support`);
}

it('fixtures come from scikit-learn', () => {
  expect(fx.sklearn).toMatch(/^1\./);
  expect(fx.classification.length).toBeGreaterThanOrEqual(10);
});

describe.each(fx.classification)('classification vs sklearn: $name', (c) => {
  const w = c.sampleWeight ?? undefined;
  const wOpt = w === undefined ? {} : { sampleWeight: w };

  it.each(variants(c))('accuracy and confusion matrix (%s)', (_kind, yTrue, yPred) => {
    close(accuracy(yTrue, yPred, wOpt), c.accuracy, 'accuracy');
    const cm = confusionMatrix(yTrue, yPred, wOpt);
    expect(cm.labels).toEqual(c.confusionMatrix.labels);
    closeMatrix(cm.matrix, c.confusionMatrix.matrix, 'matrix');
    for (const sub of c.confusionMatrices) {
      const m = confusionMatrix(yTrue, yPred, { labels: sub.labels, ...wOpt });
      expect(m.labels).toEqual(sub.labels);
      closeMatrix(m.matrix, sub.matrix, `matrix for labels ${JSON.stringify(sub.labels)}`);
    }
  });

  it.each(variants(c))('precision, recall, F-beta for every average (%s)', (_kind, yTrue, yPred) => {
    for (const s of c.scores) {
      const opts = {
        average: s.average,
        ...(s.posLabel === null ? {} : { posLabel: s.posLabel }),
        ...(s.labels === null ? {} : { labels: s.labels }),
        ...wOpt,
      };
      const what = `${JSON.stringify(opts)} beta=${s.beta}`;
      close(precision(yTrue, yPred, opts), s.precision, `precision ${what}`);
      close(recall(yTrue, yPred, opts), s.recall, `recall ${what}`);
      close(fBeta(yTrue, yPred, { ...opts, beta: s.beta }), s.f, `fBeta ${what}`);
      if (s.beta === 1) close(f1(yTrue, yPred, opts), s.f, `f1 ${what}`);
    }
  });

  it('classification report data and text', () => {
    for (const r of c.reports) {
      const report: ClassificationReport = classificationReport(c.yTrue, c.yPred, {
        ...(r.labels === null ? {} : { labels: r.labels }),
        ...wOpt,
      });
      for (const row of report.classes) closeRow(row, skRow(r.dict[String(row.label)]), `class ${row.label}`);
      expect(report.classes.length).toBe(Object.keys(r.dict).length - 3);
      closeRow(report.macroAvg, skRow(r.dict['macro avg']), 'macro avg');
      closeRow(report.weightedAvg, skRow(r.dict['weighted avg']), 'weighted avg');
      if ('accuracy' in r.dict) {
        close(report.accuracy!, r.dict.accuracy as number, 'accuracy');
        expect(report.microAvg).toBeNull();
      } else {
        expect(report.accuracy).toBeNull();
        closeRow(report.microAvg!, skRow(r.dict['micro avg']), 'micro avg');
      }
      // sklearn quirk: with no true positive at all its supports become floats ("2.0") even without
      // weights; we print counts as integers.
      const expected = w === undefined && c.accuracy === 0 ? r.text.replace(/(\d+)\.0$/gm, '  $1') : r.text;
      expect(formatClassificationReport(report, { digits: r.digits })).toBe(expected);
    }
  });
});

describe.each(fx.regression)('regression vs sklearn: $name', (c) => {
  const opts = c.sampleWeight === null ? undefined : { sampleWeight: c.sampleWeight };
  it.each([
    ['array', c.yTrue, c.yPred],
    ['Float64Array', Float64Array.from(c.yTrue), Float64Array.from(c.yPred)],
  ] as const)('mse, mae, r2, wape (%s)', (_kind, yTrue, yPred) => {
    close(meanSquaredError(yTrue, yPred, opts), c.mse, 'mse');
    close(meanAbsoluteError(yTrue, yPred, opts), c.mae, 'mae');
    close(r2Score(yTrue, yPred, opts), c.r2, 'r2');
    close(wape(yTrue, yPred, opts), c.wape, 'wape');
  });
});

describe('unshuffled folds equal sklearn exactly', () => {
  it.each(fx.kFold)('KFold n=$n k=$k', ({ n, k, tests }) => {
    expect(kFold(n, k).map((s) => Array.from(s.test))).toEqual(tests);
  });
  it.each(fx.stratifiedKFold)('StratifiedKFold k=$k', ({ y, k, tests }) => {
    expect(stratifiedKFold(y, k).map((s) => Array.from(s.test))).toEqual(tests);
  });
});
