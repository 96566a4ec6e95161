/**
 * Gradient/hessian histograms of a node (scikit-learn's HistogramBuilder): per feature and bin,
 * Σ gradients, Σ hessians and the sample count, over the node's samples in partition order (which is
 * ascending row order: the partition is stable), so the sums are added in scikit-learn's order.
 * A slot holds nFeatures·nBins bins of each; with constant hessians the hessian sums are not
 * accumulated (the splitter reads counts, as scikit-learn). A larger child's histograms are its
 * parent's minus its sibling's (`subtract`).
 */
export class HistogramPool {
  readonly nFeatures: number;
  readonly nBins: number;
  private free: number[] = [];
  /**
   * Per slot, interleaved per (feature, bin): [Σ gradients, Σ hessians, count] at
   * 3·(f·nBins + b) — one cache line holds a bin's three sums, and the kernels take one array.
   */
  hist: Float64Array[] = [];

  constructor(nFeatures: number, nBins: number) {
    this.nFeatures = nFeatures;
    this.nBins = nBins;
  }

  /** A slot for a node's histograms (contents undefined until built). */
  acquire(): number {
    const s = this.free.pop();
    if (s !== undefined) return s;
    this.hist.push(new Float64Array(3 * this.nFeatures * this.nBins));
    return this.hist.length - 1;
  }

  release(slot: number): void {
    if (slot >= 0) this.free.push(slot);
  }

  /** Every slot free again (a new tree). */
  releaseAll(): void {
    this.free = Array.from({ length: this.hist.length }, (_, i) => this.hist.length - 1 - i);
  }

  /** Slots in use or free (for the memory report). */
  get slots(): number {
    return this.hist.length;
  }
}

/**
 * Builds the histograms of `features` (all when null) into `slot` from samples
 * partition[start, stop). `orderedG` / `orderedH` are scratch (n) for the node's gradients in
 * partition order.
 */
export function buildHistograms(
  pool: HistogramPool,
  slot: number,
  codes: Uint8Array,
  rows: number,
  partition: Uint32Array,
  start: number,
  stop: number,
  gradients: Float32Array,
  hessians: Float32Array | null,
  features: Int32Array | null,
  orderedG: Float32Array,
  orderedH: Float32Array,
): void {
  const nBins = pool.nBins;
  const hist = pool.hist[slot]!;
  const n = stop - start;
  const isRoot = start === 0 && n === rows;
  if (!isRoot) {
    gather(partition, start, n, gradients, orderedG);
    if (hessians !== null) gather(partition, start, n, hessians, orderedH);
  }
  const nf = features === null ? pool.nFeatures : features.length;
  for (let j = 0; j < nf; j++) {
    const f = features === null ? j : features[j]!;
    const off = f * nBins;
    hist.fill(0, 3 * off, 3 * (off + nBins));
    const col = f * rows;
    if (isRoot) {
      if (hessians === null) rootConst(codes, col, n, gradients, hist, off);
      else rootFull(codes, col, n, gradients, hessians, hist, off);
    } else if (hessians === null) nodeConst(codes, col, partition, start, n, orderedG, hist, off);
    else nodeFull(codes, col, partition, start, n, orderedG, orderedH, hist, off);
  }
}

function gather(partition: Uint32Array, start: number, n: number, src: Float32Array, out: Float32Array): void {
  for (let i = 0; i < n; i++) out[i] = src[partition[start + i]!]!;
}

// The kernels take two samples per step (in order, so each bin's sums are added in row order, as
// scikit-learn adds them); the hessian slot of the constant-hessian kernels is left 0.

function rootConst(codes: Uint8Array, col: number, n: number, g: Float32Array, hist: Float64Array, off: number): void {
  let i = 0;
  for (; i + 1 < n; i += 2) {
    const a = 3 * (off + codes[col + i]!);
    const b = 3 * (off + codes[col + i + 1]!);
    hist[a] = hist[a]! + g[i]!;
    hist[a + 2] = hist[a + 2]! + 1;
    hist[b] = hist[b]! + g[i + 1]!;
    hist[b + 2] = hist[b + 2]! + 1;
  }
  for (; i < n; i++) {
    const a = 3 * (off + codes[col + i]!);
    hist[a] = hist[a]! + g[i]!;
    hist[a + 2] = hist[a + 2]! + 1;
  }
}

function rootFull(codes: Uint8Array, col: number, n: number, g: Float32Array, h: Float32Array, hist: Float64Array, off: number): void {
  let i = 0;
  for (; i + 1 < n; i += 2) {
    const a = 3 * (off + codes[col + i]!);
    const b = 3 * (off + codes[col + i + 1]!);
    hist[a] = hist[a]! + g[i]!;
    hist[a + 1] = hist[a + 1]! + h[i]!;
    hist[a + 2] = hist[a + 2]! + 1;
    hist[b] = hist[b]! + g[i + 1]!;
    hist[b + 1] = hist[b + 1]! + h[i + 1]!;
    hist[b + 2] = hist[b + 2]! + 1;
  }
  for (; i < n; i++) {
    const a = 3 * (off + codes[col + i]!);
    hist[a] = hist[a]! + g[i]!;
    hist[a + 1] = hist[a + 1]! + h[i]!;
    hist[a + 2] = hist[a + 2]! + 1;
  }
}

function nodeConst(codes: Uint8Array, col: number, partition: Uint32Array, start: number, n: number, og: Float32Array, hist: Float64Array, off: number): void {
  let i = 0;
  for (; i + 1 < n; i += 2) {
    const a = 3 * (off + codes[col + partition[start + i]!]!);
    const b = 3 * (off + codes[col + partition[start + i + 1]!]!);
    hist[a] = hist[a]! + og[i]!;
    hist[a + 2] = hist[a + 2]! + 1;
    hist[b] = hist[b]! + og[i + 1]!;
    hist[b + 2] = hist[b + 2]! + 1;
  }
  for (; i < n; i++) {
    const a = 3 * (off + codes[col + partition[start + i]!]!);
    hist[a] = hist[a]! + og[i]!;
    hist[a + 2] = hist[a + 2]! + 1;
  }
}

function nodeFull(codes: Uint8Array, col: number, partition: Uint32Array, start: number, n: number, og: Float32Array, oh: Float32Array, hist: Float64Array, off: number): void {
  let i = 0;
  for (; i + 1 < n; i += 2) {
    const a = 3 * (off + codes[col + partition[start + i]!]!);
    const b = 3 * (off + codes[col + partition[start + i + 1]!]!);
    hist[a] = hist[a]! + og[i]!;
    hist[a + 1] = hist[a + 1]! + oh[i]!;
    hist[a + 2] = hist[a + 2]! + 1;
    hist[b] = hist[b]! + og[i + 1]!;
    hist[b + 1] = hist[b + 1]! + oh[i + 1]!;
    hist[b + 2] = hist[b + 2]! + 1;
  }
  for (; i < n; i++) {
    const a = 3 * (off + codes[col + partition[start + i]!]!);
    hist[a] = hist[a]! + og[i]!;
    hist[a + 1] = hist[a + 1]! + oh[i]!;
    hist[a + 2] = hist[a + 2]! + 1;
  }
}

/** slot `out` = `parent` − `sibling`, for `features` (all when null). */
export function subtractHistograms(pool: HistogramPool, parent: number, sibling: number, out: number, features: Int32Array | null): void {
  const nBins = pool.nBins;
  const p = pool.hist[parent]!;
  const s = pool.hist[sibling]!;
  const o = pool.hist[out]!;
  const nf = features === null ? pool.nFeatures : features.length;
  for (let j = 0; j < nf; j++) {
    const off = 3 * (features === null ? j : features[j]!) * nBins;
    for (let b = off; b < off + 3 * nBins; b++) o[b] = p[b]! - s[b]!;
  }
}
