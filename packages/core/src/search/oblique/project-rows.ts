/**
 * The projection kernel of the oblique searches: z[b·m + r] = Σ_t w_bt·x[rows[r]][f_bt] for kb
 * directions (weights `val`, features `feat`, nnz[b] of them, direction b at offset b·d) over m rows
 * of row-major X (d features per row). Every sum starts at 0 and adds its terms in the order given
 * (ascending features, as Tree.goesLeft does), so each value is bit for bit the one-at-a-time sum and
 * partition and prediction agree.
 *
 * Why hand-written and tiled: this is most of a Node Means PCA or Pre PCA fit. Dense directions
 * (nnz = d) go in tiles of 2 rows × 4 directions: eight independent running sums, 6 loads per 8
 * multiply-adds, so the adder is not waiting on one chain of dependent additions and the directions'
 * weights are read once per row pair. Rows go in blocks that stay in L2 while every group of four
 * directions (in L1) passes over them.
 */
const ROW_BLOCK = 32;

export function projectRows(
  XR: Float64Array,
  d: number,
  rows: Int32Array,
  start: number,
  m: number,
  kb: number,
  feat: Int32Array,
  val: Float64Array,
  nnz: Int32Array,
  z: Float64Array,
): void {
  for (let r0 = 0; r0 < m; r0 += ROW_BLOCK) {
    const r1 = Math.min(m, r0 + ROW_BLOCK);
    let b = 0;
    while (b < kb) {
      if (b + 4 <= kb && nnz[b] === d && nnz[b + 1] === d && nnz[b + 2] === d && nnz[b + 3] === d) {
        dense4(XR, d, rows, start, r0, r1, m, b, val, z);
        b += 4;
      } else {
        single(XR, d, rows, start, r0, r1, m, b, feat, val, nnz[b]!, z);
        b++;
      }
    }
  }
}

/** Dense directions b..b+3 over rows r0..r1: tiles of 2 rows × 4 directions. */
function dense4(XR: Float64Array, d: number, rows: Int32Array, start: number, r0: number, r1: number, m: number, b: number, val: Float64Array, z: Float64Array): void {
  const o0 = b * d;
  const o1 = o0 + d;
  const o2 = o1 + d;
  const o3 = o2 + d;
  const zo = b * m;
  let r = r0;
  for (; r + 1 < r1; r += 2) {
    const xa = rows[start + r]! * d;
    const xb = rows[start + r + 1]! * d;
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    let b0 = 0;
    let b1 = 0;
    let b2 = 0;
    let b3 = 0;
    for (let t = 0; t < d; t++) {
      const x = XR[xa + t]!;
      const y = XR[xb + t]!;
      const w0 = val[o0 + t]!;
      const w1 = val[o1 + t]!;
      const w2 = val[o2 + t]!;
      const w3 = val[o3 + t]!;
      a0 += w0 * x;
      a1 += w1 * x;
      a2 += w2 * x;
      a3 += w3 * x;
      b0 += w0 * y;
      b1 += w1 * y;
      b2 += w2 * y;
      b3 += w3 * y;
    }
    z[zo + r] = a0;
    z[zo + m + r] = a1;
    z[zo + 2 * m + r] = a2;
    z[zo + 3 * m + r] = a3;
    z[zo + r + 1] = b0;
    z[zo + m + r + 1] = b1;
    z[zo + 2 * m + r + 1] = b2;
    z[zo + 3 * m + r + 1] = b3;
  }
  if (r < r1) {
    const xa = rows[start + r]! * d;
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    for (let t = 0; t < d; t++) {
      const x = XR[xa + t]!;
      a0 += val[o0 + t]! * x;
      a1 += val[o1 + t]! * x;
      a2 += val[o2 + t]! * x;
      a3 += val[o3 + t]! * x;
    }
    z[zo + r] = a0;
    z[zo + m + r] = a1;
    z[zo + 2 * m + r] = a2;
    z[zo + 3 * m + r] = a3;
  }
}

/** Direction b alone over rows r0..r1 (dense, or its `count` features). */
function single(
  XR: Float64Array,
  d: number,
  rows: Int32Array,
  start: number,
  r0: number,
  r1: number,
  m: number,
  b: number,
  feat: Int32Array,
  val: Float64Array,
  count: number,
  z: Float64Array,
): void {
  const o = b * d;
  const zo = b * m;
  for (let r = r0; r < r1; r++) {
    const ro = rows[start + r]! * d;
    let s = 0;
    if (count === d) {
      for (let t = 0; t < d; t++) s += val[o + t]! * XR[ro + t]!;
    } else {
      for (let t = 0; t < count; t++) s += val[o + t]! * XR[ro + feat[o + t]!]!;
    }
    z[zo + r] = s;
  }
}
