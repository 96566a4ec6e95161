import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';
import { describe, expect, it } from 'vitest';
import { takeLabels, takeRows } from './index.js';

/** Mimics the ml-matrix `Matrix` surface @dt/eval relies on (ml-matrix is not a dependency here). */
class FakeMatrix {
  readonly rows: number;
  readonly columns: number;
  private readonly cells: number[][];
  constructor(rows: number[][]) {
    this.cells = rows.map((r) => r.slice());
    this.rows = rows.length;
    this.columns = rows[0]?.length ?? 0;
  }
  getRow(i: number): number[] {
    return this.cells[i]!.slice();
  }
  to2DArray(): number[][] {
    return this.cells.map((r) => r.slice());
  }
}

class FakeMatrixWithSubMatrixRow extends FakeMatrix {
  calls = 0;
  subMatrixRow(indices: number[]): FakeMatrixWithSubMatrixRow {
    this.calls++;
    return new FakeMatrixWithSubMatrixRow(indices.map((i) => this.getRow(i)));
  }
}

const rows = [
  [0, 1],
  [2, 3],
  [4, 5],
];

describe('takeRows', () => {
  it('number[][] → number[][] in index order, rows shared', () => {
    const out = takeRows(rows, Int32Array.of(2, 0, 2));
    expect(out).toEqual([
      [4, 5],
      [0, 1],
      [4, 5],
    ]);
    expect(out[1]).toBe(rows[0]);
  });

  it('dense stays dense with the same element type', () => {
    const X = { data: Float32Array.of(0, 1, 2, 3, 4, 5), rows: 3, cols: 2 };
    const out = takeRows(X, [1, 2]);
    expect(out.data).toBeInstanceOf(Float32Array);
    expect(out).toEqual({ data: Float32Array.of(2, 3, 4, 5), rows: 2, cols: 2 });
    const X64 = { data: Float64Array.of(0, 1, 2, 3, 4, 5), rows: 2, cols: 3 };
    const out64 = takeRows(X64, [1]);
    expect(out64.data).toBeInstanceOf(Float64Array);
    expect(Array.from(out64.data)).toEqual([3, 4, 5]);
    // A copy, not a view.
    out64.data[0] = 99;
    expect(X64.data[3]).toBe(3);
  });

  it('matrix objects: subMatrixRow when present, else the constructor', () => {
    const m = new FakeMatrixWithSubMatrixRow(rows);
    const a = takeRows(m, [2, 1]);
    expect(a).toBeInstanceOf(FakeMatrixWithSubMatrixRow);
    expect(m.calls).toBe(1);
    expect(a.to2DArray()).toEqual([
      [4, 5],
      [2, 3],
    ]);
    const b = takeRows(new FakeMatrix(rows), [0]);
    expect(b).toBeInstanceOf(FakeMatrix);
    expect(b.to2DArray()).toEqual([[0, 1]]);
  });

  it('validates X and indices', () => {
    expect(() => takeRows(rows, [3])).toThrow('indices[0] must be an integer in [0, 3), got 3');
    expect(() => takeRows(rows, [0.5])).toThrow(InvalidArgumentError);
    expect(() => takeRows([[1, 2], [3]], [0])).toThrow(ShapeMismatchError);
    expect(() => takeRows({ data: new Float64Array(5), rows: 2, cols: 3 }, [0])).toThrow(
      'X.data must hold rows * cols = 2 * 3 = 6 values, got 5',
    );
    expect(() => takeRows({ foo: 1 } as never, [0])).toThrow('X must be number[][] rows');
  });
});

describe('takeLabels', () => {
  it('keeps the array kind', () => {
    expect(takeLabels(['a', 'b', 'c'], [2, 0])).toEqual(['c', 'a']);
    const t = takeLabels(Uint8Array.of(5, 6, 7), Int32Array.of(1, 1));
    expect(t).toBeInstanceOf(Uint8Array);
    expect(Array.from(t)).toEqual([6, 6]);
    expect(takeLabels(Float64Array.of(0.5, 1.5), [1])).toEqual(Float64Array.of(1.5));
  });

  it('validates indices', () => {
    expect(() => takeLabels([1, 2], [-1])).toThrow('indices[0] must be an integer in [0, 2), got -1');
    expect(() => takeLabels('ab' as never, [0])).toThrow('y must be an array or typed array of labels');
  });
});
