import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRandom } from '@dt/errors';
import { getCriterion, type ClassificationCriterion } from '@dt/criteria';
import { householder } from '@dt/projections';
import { NodeProjectionSearch } from './node-projection-search.js';
import { createSplitRecord, type SplitRecord } from '../split-record.js';

interface Data {
  n: number;
  d: number;
  rowMajor: Float64Array;
  colMajor: Float64Array;
  labels: Int32Array;
  nClasses: number;
}

/**
 * Random classification data built to stress the fast path's certificate: small integer grids
 * (many exact ties and duplicate rows), a feature on a 1e-7 grid (projected gaps right at the
 * criterion's separability threshold), and wide value ranges.
 */
function makeData(seed: number, n: number, d: number, nClasses: number, kind: number): Data {
  const rng = createRandom(seed);
  const rowMajor = new Float64Array(n * d);
  for (let i = 0; i < n; i++) {
    for (let f = 0; f < d; f++) {
      let v: number;
      if (kind === 0) v = Math.floor(rng.next() * 4);
      else if (kind === 1) v = f === 0 ? Math.floor(rng.next() * 6) * 1e-7 : Math.floor(rng.next() * 3) * 1e-7 * (f + 1);
      else v = (rng.next() * 2 - 1) * 10 ** Math.floor(rng.next() * 4);
      rowMajor[i * d + f] = v;
    }
    // Duplicate rows: the same point under different labels.
    if (i > 0 && rng.next() < 0.15) rowMajor.copyWithin(i * d, (i - 1) * d, i * d);
  }
  const colMajor = new Float64Array(n * d);
  for (let r = 0; r < n; r++) for (let c = 0; c < d; c++) colMajor[c * n + r] = rowMajor[r * d + c]!;
  const labels = new Int32Array(n);
  for (let i = 0; i < n; i++) labels[i] = rowMajor[i * d]! > rowMajor[i * d + d - 1]! || rng.next() < 0.2 ? Math.floor(rng.next() * nClasses) : 0;
  return { n, d, rowMajor, colMajor, labels, nClasses };
}

type Node = { start: number; end: number };

/**
 * Grows a whole tree (depth-first, explicit stack) with one search and returns every node's split
 * record and partition: equal lists mean equal trees.
 */
function grow(data: Data, variant: 'A' | 'D', criterion: string, scale: Float64Array | null, fast: boolean, earlyExit = true) {
  const { n, d } = data;
  const projector = householder({ variant, tau: 0.05 }).prepare(
    { data: data.colMajor, rows: n, cols: d, labels: data.labels, nClasses: data.nClasses, weights: null },
    createRandom(1),
  );
  const search = new NodeProjectionSearch({
    X: { data: data.colMajor, rows: n, cols: d },
    rowMajor: data.rowMajor,
    projector,
    scale,
    labels: data.labels,
    nClasses: data.nClasses,
    targets: null,
    weights: null,
    classification: getCriterion(criterion, 'classification') as ClassificationCriterion,
    regression: null,
    minSamplesLeaf: 1,
    minWeightLeaf: 0,
    fastReflections: fast,
    earlyExit,
  });
  const samples = Int32Array.from({ length: n }, (_, i) => i);
  const stack: Node[] = [{ start: 0, end: n }];
  const out: unknown[] = [];
  const best: SplitRecord = createSplitRecord(d);
  while (stack.length > 0) {
    const { start, end } = stack.pop()!;
    const classWeights = new Float64Array(data.nClasses);
    for (let i = start; i < end; i++) classWeights[data.labels[samples[i]!]!]!++;
    if (end - start < 2 || classWeights.some((w) => w === end - start)) continue;
    const node = { samples, start, end, classWeights, weightedSum: 0, weight: end - start, impurity: 0.5, constants: new Int32Array(0), depth: 0 };
    search.findBest(node, best);
    if (!best.found) {
      out.push({ start, end, leaf: true });
      continue;
    }
    const mid = search.partition(node, best);
    out.push({
      start,
      end,
      mid,
      candidate: best.candidate,
      score: best.score,
      balance: best.balance,
      threshold: best.threshold,
      features: Array.from(best.features.subarray(0, best.nnz)),
      weights: Array.from(best.weights.subarray(0, best.nnz)),
      samples: Array.from(samples.subarray(start, end)),
    });
    if (mid > start && mid < end) stack.push({ start: mid, end }, { start, end: mid });
  }
  return { nodes: out, stats: search.stats };
}

describe('NodeProjectionSearch: fast projection of Householder reflections', () => {
  it('grows the same tree as projecting every direction exactly, ties and gaps at 1e-7 included (property)', () => {
    const used = { fast: 0, exact: 0, splits: 0 };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 4, max: 120 }),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom('A' as const, 'D' as const),
        fc.constantFrom('gini', 'twoing', 'entropy'),
        fc.boolean(),
        (seed, n, d, C, kind, variant, criterion, scaled) => {
          const data = makeData(seed, n, d, C, kind);
          const rng = createRandom(seed + 7);
          const scale = scaled ? new Float64Array(d).map(() => 0.3 + rng.next() * 3) : null;
          const slow = grow(data, variant, criterion, scale, false, false);
          const fast = grow(data, variant, criterion, scale, true);
          expect(fast.nodes).toEqual(slow.nodes);
          expect(slow.stats.fast).toBe(0);
          used.fast += fast.stats.fast;
          used.exact += fast.stats.exact;
          used.splits += fast.nodes.length;
        },
      ),
      { numRuns: 200 },
    );
    // Both routes ran: most directions certified, some (gaps near 1e-7) projected exactly.
    expect(used.splits).toBeGreaterThan(200);
    expect(used.fast).toBeGreaterThan(used.exact);
    expect(used.exact).toBeGreaterThan(0);
  });

  it('never certifies a gap within the rounding band of 1e-7: such a direction is projected exactly', () => {
    // Two values 1e-7 apart (a gap the fast projection could put on either side of the rule).
    const data: Data = {
      n: 4,
      d: 1,
      rowMajor: Float64Array.of(0, 1e-7, 1e-7, 0),
      colMajor: Float64Array.of(0, 1e-7, 1e-7, 0),
      labels: Int32Array.of(0, 1, 1, 0),
      nClasses: 2,
    };
    const fast = grow(data, 'D', 'gini', null, true);
    expect(fast.stats.fast).toBe(0);
    expect(fast.stats.exact).toBeGreaterThan(0);
    expect(fast.nodes).toEqual(grow(data, 'D', 'gini', null, false).nodes);
  });

  it('stops a node at twoing\'s unbeatable score with the split every direction gives (property)', () => {
    let skipped = 0;
    let searched = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 4, max: 90 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom('A' as const, 'D' as const),
        fc.boolean(),
        (seed, n, d, C, kind, variant, fast) => {
          const data = makeData(seed, n, d, C, kind);
          const all = grow(data, variant, 'twoing', null, fast, false);
          const early = grow(data, variant, 'twoing', null, fast, true);
          expect(early.nodes).toEqual(all.nodes);
          expect(all.stats.skipped).toBe(0);
          skipped += early.stats.skipped;
          searched += early.stats.fast + early.stats.exact;
        },
      ),
      { numRuns: 200, seed: 1818 },
    );
    // The exit engaged (about 4 % of the directions of these random trees were not searched).
    expect(skipped).toBeGreaterThan(searched / 100);
  });
});
