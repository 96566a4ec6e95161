import { gini, type ClassificationCriterion } from '@dt/criteria';
import { describe, expect, it } from 'vitest';
import { bestSplitter, DecisionTreeClassifier, LEAF, type SplitStrategy } from '../index.js';

/**
 * The work of fitting a chain, counted (never timed). x = 0..d with classes alternating by parity:
 * every split peels one row off, so the tree is a chain d splits deep. A node's search must read each
 * of its own rows (scikit-learn's BestSplitter does the same), and a tree of depth d holds at least
 * d + 1 − k rows at depth k, so any fit of it reads Σ nSamples ≥ d(d+1)/2 rows: the chain is
 * quadratic by its shape. What the counters below rule out is any step beyond that — a node searched
 * twice, a search reading rows outside its node, a scan over more entries than the node has, a
 * partition per node more than once — the kind of step that would make the fit worse than its shape.
 */
function countedChainFit(depth: number) {
  const X = Array.from({ length: depth + 1 }, (_, i) => [i]);
  const y = X.map(([x]) => (x! % 2 === 0 ? 'even' : 'odd'));
  const counts = { searches: 0, searchedRows: 0, partitions: 0, scans: 0, scannedEntries: 0 };
  const splitter: SplitStrategy = {
    name: 'best',
    limits: bestSplitter.limits,
    axisSearch(columns, settings) {
      const inner = bestSplitter.axisSearch(columns, settings);
      return {
        rootConstants: inner.rootConstants,
        findBest(node, record) {
          counts.searches++;
          counts.searchedRows += node.end - node.start;
          inner.findBest(node, record);
        },
        partition(node, record) {
          counts.partitions++;
          return inner.partition(node, record);
        },
      };
    },
  };
  const criterion: ClassificationCriterion = {
    ...gini,
    scan(input, out) {
      counts.scans++;
      counts.scannedEntries += input.n;
      return gini.scan(input, out);
    },
  };
  const model = new DecisionTreeClassifier({ splitter, criterion }).fit(X, y);
  const t = model.tree;
  let internalRows = 0;
  let internal = 0;
  for (let i = 0; i < t.nodeCount; i++) {
    if (t.kind[i] !== LEAF) {
      internal++;
      internalRows += t.nSamples[i]!;
    }
  }
  return { model, counts, internal, internalRows };
}

describe('fitting a deep chain does the work of its shape, nothing more', () => {
  for (const depth of [200, 1000]) {
    it(`${depth} deep: one search and one partition per split node, each reading its own rows once`, () => {
      const { model, counts, internal, internalRows } = countedChainFit(depth);
      expect(model.depth).toBe(depth);
      expect(internal).toBe(depth);
      // Split node k holds rows k..d: Σ = (d+1) + d + … + 2 = d(d+3)/2, the chain's own size.
      expect(internalRows).toBe((depth * (depth + 3)) / 2);
      // The leaves are pure or single rows: decided without a search.
      expect(counts.searches).toBe(depth);
      expect(counts.partitions).toBe(depth);
      expect(counts.searchedRows).toBe(internalRows);
      // One feature: one scan per search, over at most the node's rows.
      expect(counts.scans).toBe(depth);
      expect(counts.scannedEntries).toBeLessThanOrEqual(internalRows);
      expect(model.predict([[0], [1], [depth]])).toEqual(['even', 'odd', depth % 2 === 0 ? 'even' : 'odd']);
    });
  }
});
