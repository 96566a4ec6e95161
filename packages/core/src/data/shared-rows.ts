import { buildFeatureIndex, subsetFeatureIndex, type FeatureIndex } from './feature-index.js';
import { memberFitData, type MemberRows } from './fit-rows.js';
import type { ColumnMajor, FeatureArray } from './input.js';

/**
 * A validated row-major matrix that many trees are fitted on row subsets of (forest members): its
 * FeatureIndex is built once, on first need, and each member's is derived from it
 * (subsetFeatureIndex: the index buildFeatureIndex would give for the member's rows, so the same
 * tree) instead of copying the member's rows and sorting every column again. A member's matrix is
 * materialised (column-major) only when its search reads X (bins, projections, scaling).
 */
export class SharedRows {
  private full: FeatureIndex | null = null;
  private whole: ColumnMajor | null = null;
  constructor(private readonly x: { data: FeatureArray; rows: number; cols: number }) {}

  /** The whole matrix's index (built on the first call). */
  index(): FeatureIndex {
    if (this.full === null) this.full = buildFeatureIndex((this.whole ??= this.member(null).X));
    return this.full;
  }

  /** The member fitted on `rows` (ascending row indices of the matrix, each once; null: every row). */
  member(rows: Int32Array | null): MemberRows {
    const { data: src, rows: n, cols: d } = this.x;
    const m = rows === null ? n : rows.length;
    let columns: Float64Array | null = null;
    const columnMajor = (): Float64Array => {
      if (columns !== null) return columns;
      const out = new Float64Array(m * d);
      for (let j = 0; j < m; j++) {
        const base = (rows === null ? j : rows[j]!) * d;
        for (let f = 0; f < d; f++) out[f * m + j] = src[base + f]!;
      }
      return (columns = out);
    };
    const X: ColumnMajor =
      rows === null
        ? { rows: m, cols: d, rowMajor: src, get data(): Float64Array { return columnMajor(); } }
        : { rows: m, cols: d, get data(): Float64Array { return columnMajor(); } };
    const index = rows === null ? () => this.index() : () => subsetFeatureIndex(this.index(), rows);
    const within = rows === null ? null : { X: (this.whole ??= this.member(null).X), index: () => this.index(), samples: rows };
    const member: MemberRows = { X, index, within, fitData: (data, o) => memberFitData(data, member, o) };
    return member;
  }
}
