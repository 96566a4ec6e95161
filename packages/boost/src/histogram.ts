/**
 * Gradient/hessian histograms of a node (scikit-learn's HistogramBuilder): per feature and bin,
 * Σ gradients, Σ hessians and the sample count, over the node's samples in partition order (which is
 * ascending row order: the partition is stable), so the sums are added in scikit-learn's order.
 * A slot holds nFeatures·nBins entries of each; with constant hessians the hessian sums are not
 * accumulated (the splitter reads counts, as scikit-learn). A larger child's histograms are its
 * parent's minus its sibling's (`subtract`).
 */
export class HistogramPool {
  readonly nFeatures: number;
  readonly nBins: number;
  private free: number[] = [];
  /** Per slot: Σ gradients, Σ hessians, counts. */
  grad: Float64Array[] = [];
  hess: Float64Array[] = [];
  count: Uint32Array[] = [];

  constructor(nFeatures: number, nBins: number) {
    this.nFeatures = nFeatures;
    this.nBins = nBins;
  }

  /** A slot for a node's histograms (contents undefined until built). */
  acquire(): number {
    const s = this.free.pop();
    if (s !== undefined) return s;
    const size = this.nFeatures * this.nBins;
    this.grad.push(new Float64Array(size));
    this.hess.push(new Float64Array(size));
    this.count.push(new Uint32Array(size));
    return this.grad.length - 1;
  }

  release(slot: number): void {
    if (slot >= 0) this.free.push(slot);
  }

  /** Every slot free again (a new tree). */
  releaseAll(): void {
    this.free = Array.from({ length: this.grad.length }, (_, i) => this.grad.length - 1 - i);
  }

  /** Slots in use or free (for the memory report). */
  get slots(): number {
    return this.grad.length;
  }
}

/**
 * Builds the histograms of `features` (all when null) into `slot` from samples
 * partition[start, stop). `ordered` is scratch (n) for the node's gradients in partition order.
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
  const hg = pool.grad[slot]!;
  const hh = pool.hess[slot]!;
  const hc = pool.count[slot]!;
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
    hg.fill(0, off, off + nBins);
    hc.fill(0, off, off + nBins);
    if (hessians !== null) hh.fill(0, off, off + nBins);
    const col = f * rows;
    if (isRoot) {
      if (hessians === null) rootConst(codes, col, n, gradients, hg, hc, off);
      else rootFull(codes, col, n, gradients, hessians, hg, hh, hc, off);
    } else if (hessians === null) nodeConst(codes, col, partition, start, n, orderedG, hg, hc, off);
    else nodeFull(codes, col, partition, start, n, orderedG, orderedH, hg, hh, hc, off);
  }
}

function gather(partition: Uint32Array, start: number, n: number, src: Float32Array, out: Float32Array): void {
  for (let i = 0; i < n; i++) out[i] = src[partition[start + i]!]!;
}

function rootConst(codes: Uint8Array, col: number, n: number, g: Float32Array, hg: Float64Array, hc: Uint32Array, off: number): void {
  for (let i = 0; i < n; i++) {
    const b = off + codes[col + i]!;
    hg[b] = hg[b]! + g[i]!;
    hc[b] = hc[b]! + 1;
  }
}

function rootFull(codes: Uint8Array, col: number, n: number, g: Float32Array, h: Float32Array, hg: Float64Array, hh: Float64Array, hc: Uint32Array, off: number): void {
  for (let i = 0; i < n; i++) {
    const b = off + codes[col + i]!;
    hg[b] = hg[b]! + g[i]!;
    hh[b] = hh[b]! + h[i]!;
    hc[b] = hc[b]! + 1;
  }
}

function nodeConst(codes: Uint8Array, col: number, partition: Uint32Array, start: number, n: number, og: Float32Array, hg: Float64Array, hc: Uint32Array, off: number): void {
  for (let i = 0; i < n; i++) {
    const b = off + codes[col + partition[start + i]!]!;
    hg[b] = hg[b]! + og[i]!;
    hc[b] = hc[b]! + 1;
  }
}

function nodeFull(
  codes: Uint8Array,
  col: number,
  partition: Uint32Array,
  start: number,
  n: number,
  og: Float32Array,
  oh: Float32Array,
  hg: Float64Array,
  hh: Float64Array,
  hc: Uint32Array,
  off: number,
): void {
  for (let i = 0; i < n; i++) {
    const b = off + codes[col + partition[start + i]!]!;
    hg[b] = hg[b]! + og[i]!;
    hh[b] = hh[b]! + oh[i]!;
    hc[b] = hc[b]! + 1;
  }
}

/** slot `out` = `parent` − `sibling`, for `features` (all when null). */
export function subtractHistograms(pool: HistogramPool, parent: number, sibling: number, out: number, features: Int32Array | null): void {
  const nBins = pool.nBins;
  const pg = pool.grad[parent]!;
  const ph = pool.hess[parent]!;
  const pc = pool.count[parent]!;
  const sg = pool.grad[sibling]!;
  const sh = pool.hess[sibling]!;
  const sc = pool.count[sibling]!;
  const og = pool.grad[out]!;
  const oh = pool.hess[out]!;
  const oc = pool.count[out]!;
  const nf = features === null ? pool.nFeatures : features.length;
  for (let j = 0; j < nf; j++) {
    const off = (features === null ? j : features[j]!) * nBins;
    for (let b = off; b < off + nBins; b++) {
      og[b] = pg[b]! - sg[b]!;
      oh[b] = ph[b]! - sh[b]!;
      oc[b] = pc[b]! - sc[b]!;
    }
  }
}
