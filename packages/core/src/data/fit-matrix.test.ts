import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ClassificationCriterion } from '@dt/criteria';
import { buildFeatureIndex } from './feature-index.js';
import { toColumnMajor, toFitMatrix, type ColumnMajor } from './input.js';
import { DecisionTreeClassifier } from '../index.js';

/** Row-major values and a ColumnMajor whose column-major `data` must never be read. */
function rowsOnly(data: Float64Array, rows: number, cols: number): ColumnMajor {
  return {
    rows,
    cols,
    rowMajor: data,
    get data(): Float64Array {
      throw new Error('column-major data was read');
    },
  };
}

class Probe extends DecisionTreeClassifier {
  /** Grows from prepared data, as fit does after validation. */
  growFrom(X: ColumnMajor, labels: Int32Array, nClasses: number) {
    return this.grow({ task: 'classification', X, labels, nClasses, weights: null, criterion: this.options.criterion as ClassificationCriterion });
  }
}

const matrix = (rows: number, cols: number) =>
  fc.array(fc.oneof(fc.integer({ min: 0, max: 5 }), fc.double({ min: -3, max: 3, noNaN: true })), { minLength: rows * cols, maxLength: rows * cols }).map((v) => Float64Array.from(v));

describe('fit input without a column-major copy', () => {
  it('the feature index from row-major values equals the one from columns (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }).chain((rows) => fc.integer({ min: 1, max: 6 }).chain((cols) => matrix(rows, cols).map((data) => ({ rows, cols, data })))),
        ({ rows, cols, data }) => {
          const fromRows = buildFeatureIndex(rowsOnly(data, rows, cols));
          const fromColumns = buildFeatureIndex(toColumnMajor({ data, rows, cols }));
          expect(fromRows.ranks).toEqual(fromColumns.ranks);
          expect(fromRows.uniq).toEqual(fromColumns.uniq);
          expect(fromRows.nUnique).toEqual(fromColumns.nUnique);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('an axis-aligned fit never builds the column-major matrix, and grows the same tree', () => {
    const rows = 300;
    const cols = 5;
    const data = new Float64Array(rows * cols).map((_, i) => Math.sin(i * 12.9898) * 43758.5453 - Math.floor(Math.sin(i * 12.9898) * 43758.5453));
    const labels = Int32Array.from({ length: rows }, (_, r) => (data[r * cols]! + data[r * cols + 1]! > 1 ? 1 : 0));
    const tree = new Probe().growFrom(rowsOnly(data, rows, cols), labels, 2);
    const reference = new DecisionTreeClassifier().fit({ data, rows, cols }, labels);
    expect(tree.nodeCount).toBe(reference.tree.nodeCount);
    expect(Array.from(tree.feature.subarray(0, tree.nodeCount))).toEqual(Array.from(reference.tree.feature.subarray(0, tree.nodeCount)));
    expect(Array.from(tree.threshold.subarray(0, tree.nodeCount))).toEqual(Array.from(reference.tree.threshold.subarray(0, tree.nodeCount)));
  });

  it('toFitMatrix keeps the caller’s Float64Array and builds columns only on demand', () => {
    const data = Float64Array.from([1, 2, 3, 4, 5, 6]);
    const m = toFitMatrix({ data, rows: 3, cols: 2 });
    expect(m.rowMajor).toBe(data);
    expect(Array.from(m.data)).toEqual([1, 3, 5, 2, 4, 6]);
    expect(m.data).toBe(m.data); // built once
    expect(toFitMatrix([[1, 2], [3, 4]]).rowMajor).toEqual(Float64Array.from([1, 2, 3, 4]));
    // Projections, scaling and CRIMCOORD still get columns: a scaled axis fit reads them.
    expect(() => new Probe({ scale: true }).growFrom(rowsOnly(data, 3, 2), Int32Array.from([0, 1, 1]), 2)).toThrow(/column-major data was read/);
  });

  it('takes Float32Array, Uint8Array and Uint16Array data as given, for both splitters and predict', () => {
    const rows = 200;
    const cols = 4;
    const bytes = Uint8Array.from({ length: rows * cols }, (_, i) => (i * 37 + (i >> 3) * 11) % 251);
    const labels = Array.from({ length: rows }, (_, r) => (bytes[r * cols]! + bytes[r * cols + 2]! > 250 ? 1 : 0));
    const reference = new DecisionTreeClassifier().fit(Array.from({ length: rows }, (_, r) => Array.from(bytes.subarray(r * cols, (r + 1) * cols))), labels);
    for (const data of [bytes, Uint16Array.from(bytes), Float32Array.from(bytes)]) {
      const m = toFitMatrix({ data, rows, cols });
      expect(m.rowMajor).toBe(data); // no float64 copy
      for (const splitter of ['best', 'hist'] as const) {
        const model = new DecisionTreeClassifier({ splitter }).fit({ data, rows, cols }, labels);
        expect(Array.from(model.tree.threshold.subarray(0, model.nodeCount))).toEqual(Array.from(reference.tree.threshold.subarray(0, reference.nodeCount)));
        expect(model.predict({ data, rows, cols })).toEqual(reference.predict({ data: Float64Array.from(data), rows, cols }));
      }
    }
    // A hist fit never reads columns: bins come from the rows.
    const tree = new Probe({ splitter: 'hist' }).growFrom(rowsOnly(Float64Array.from(bytes), rows, cols), Int32Array.from(labels), 2);
    expect(tree.nodeCount).toBe(reference.nodeCount);
    expect(() => new DecisionTreeClassifier().fit({ data: Float32Array.of(1, Number.POSITIVE_INFINITY), rows: 2, cols: 1 }, [0, 1])).toThrow(/X\[1\]\[0\]/);
  });
});
