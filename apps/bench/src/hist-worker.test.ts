// Registers the oblique projections by name (opt-in in @dt/core since the light-install work).
import '@dt/core/oblique';
import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier } from '@dt/core';
import { fingerprint, phaseOf } from './hist-worker.js';

describe('bench hist worker', () => {
  it('fingerprints trees: equal for the same splits, different otherwise', () => {
    const X = [[0, 5], [1, 4], [2, 3], [3, 2], [4, 1], [5, 0]];
    const y = [0, 0, 1, 1, 0, 1];
    const a = new DecisionTreeClassifier().fit(X, y).tree;
    const b = new DecisionTreeClassifier({ splitter: 'hist' }).fit(X, y).tree;
    const c = new DecisionTreeClassifier({ maxDepth: 1 }).fit(X, y).tree;
    const d = new DecisionTreeClassifier().fit(X.map(([u, v]) => [v!, u!]), y).tree;
    expect(fingerprint(b)).toBe(fingerprint(a));
    expect(fingerprint(c)).not.toBe(fingerprint(a));
    expect(fingerprint(d)).not.toBe(fingerprint(a));
  });

  it('attributes profiled functions to phases', () => {
    const core = 'file:///x/packages/core/src/';
    expect(phaseOf('quantileBins', `${core}data/binning.ts`)).toBe('binning');
    expect(phaseOf('classCounts', `${core}search/hist/histogram-builder.ts`)).toBe('histograms');
    expect(phaseOf('remember', `${core}search/hist/histogram-pool.ts`)).toBe('histograms');
    expect(phaseOf('classEntriesMarked', `${core}search/hist/histogram-scan.ts`)).toBe('scans');
    expect(phaseOf('findBest', `${core}search/hist/histogram-axis.ts`)).toBe('scans');
    expect(phaseOf('giniLoop', 'file:///x/packages/criteria/src/gini.ts')).toBe('scans');
    expect(phaseOf('stableMoveCodes', `${core}search/hist/partition.ts`)).toBe('partition');
    expect(phaseOf('subtract', `${core}search/hist/partition.ts`)).toBe('histograms');
    expect(phaseOf('markedCounts', `${core}search/hist/histogram-builder.ts`)).toBe('histograms');
    expect(phaseOf('markLeft', `${core}search/hist/partition.ts`)).toBe('partition');
    expect(phaseOf('fitBins', `${core}data/binned-dataset.ts`)).toBe('binning');
    expect(phaseOf('compactCodes', `${core}search/hist/partition.ts`)).toBe('partition');
    expect(phaseOf('makeRecord', `${core}build/builder.ts`)).toBe('other');
    expect(phaseOf('scanMarkedGini', `${core}search/hist/histogram-gini.ts`)).toBe('scans');
    expect(phaseOf('lowerBound', `${core}data/feature-index.ts`)).toBe('binning');
  });
});
