import { DecisionTreeClassifier, DecisionTreeRegressor } from '@dt/core';
import { DtError } from '@dt/errors';
import { describe, expect, it } from 'vitest';
import { getAlgorithm, listAlgorithms } from './algorithms.js';
import { buildEstimator, configFromFlags, configFromString, toTreeOptions } from './tree-options.js';

describe('configFromString', () => {
  it('reads camelCase, kebab-case and snake_case keys into TreeOptions values', () => {
    const c = configFromString('criterion=entropy, max-depth=3,min_samples_leaf=0.1,maxFeatures=sqrt,maxLeafNodes=none,classWeight=balanced,seed=7');
    expect(c.algorithm).toBe('cart');
    expect(toTreeOptions(c, 'classification')).toEqual({
      criterion: 'entropy',
      maxDepth: 3,
      minSamplesLeaf: 0.1,
      maxFeatures: 'sqrt',
      maxLeafNodes: null,
      classWeight: 'balanced',
      seed: 7,
    });
  });

  it('keeps the text as the label and accepts algorithm=', () => {
    expect(configFromString('algorithm=cart,criterion=gini').label).toBe('algorithm=cart,criterion=gini');
    expect(configFromString('').label).toBe('defaults');
  });

  it('rejects unknown keys, bad syntax, repeated keys and bad values, naming the config', () => {
    expect(() => configFromString('depth=3')).toThrow(/unknown key "depth" in --config "depth=3"; known: algorithm, criterion, maxDepth/);
    expect(() => configFromString('maxDepth')).toThrow(/key=value pairs/);
    expect(() => configFromString('maxDepth=2,max_depth=3')).toThrow(/each key at most once/);
    expect(() => configFromString('maxDepth=0')).toThrow('maxDepth (in --config "maxDepth=0") must be a positive integer or null, got 0');
    expect(() => configFromString('maxDepth=3x')).toThrow(/must be a number, got "3x"/);
    expect(() => configFromString('algorithm=nope')).toThrow('unknown algorithm "nope"; known: cart');
  });
});

describe('configFromFlags', () => {
  it('parses commander option values with the flag names in errors', () => {
    const c = configFromFlags({ algorithm: 'cart', maxDepth: '4', minSamplesSplit: '0.25', minImpurityDecrease: '0.01' });
    expect(c.params).toEqual({ maxDepth: 4, minSamplesSplit: 0.25, minImpurityDecrease: 0.01 });
    expect(c.label).toBe('maxDepth=4,minSamplesSplit=0.25,minImpurityDecrease=0.01');
    expect(() => configFromFlags({ maxDepth: '-1' })).toThrow('--max-depth must be a positive integer or null, got -1');
    expect(() => configFromFlags({ minSamplesSplit: '1' })).toThrow('--min-samples-split must be an integer >= 2 or a fraction in (0, 1), got 1');
    expect(() => configFromFlags({ minSamplesLeaf: '0.7' })).toThrow('--min-samples-leaf must be an integer >= 1 or a fraction in (0, 0.5], got 0.7');
    expect(() => configFromFlags({ seed: '-3' })).toThrow(/--seed must be an integer in \[0, 2\^32\)/);
    expect(() => configFromFlags({ classWeight: 'heavy' })).toThrow(/--class-weight must be one of "balanced", "none"/);
    expect(() => configFromFlags({ maxDepth: '' })).toThrow('--max-depth must be a number, got ""');
  });
});

describe('--splitter and --max-bins', () => {
  it('reach the estimator, and bad values name the flag', () => {
    const c = configFromFlags({ splitter: 'hist', maxBins: '64' });
    expect(c.params).toEqual({ splitter: 'hist', maxBins: 64 });
    const m = buildEstimator(c, 'classification') as DecisionTreeClassifier;
    expect([m.options.splitter.name, m.options.maxBins]).toEqual(['hist', 64]);
    expect(toTreeOptions(configFromString('splitter=hist,max-bins=300'), 'regression')).toEqual({ splitter: 'hist', maxBins: 300 });
    expect(() => configFromFlags({ splitter: 'fast' })).toThrow(/--splitter must be one of "best", "hist"/);
    expect(() => configFromFlags({ maxBins: '1' })).toThrow(/--max-bins must be an integer in \[2, 65536\]/);
    expect(() => configFromFlags({ maxBins: '70000' })).toThrow(/--max-bins must be an integer in \[2, 65536\]/);
  });
  it('--jobs reaches nJobs; 0 and -2 are refused naming the flag', () => {
    expect(configFromFlags({ splitter: 'auto', jobs: '2' }).params).toEqual({ splitter: 'auto', nJobs: 2 });
    expect((buildEstimator(configFromFlags({ jobs: '-1' }), 'classification') as DecisionTreeClassifier).options.nJobs).toBe(-1);
    expect(() => configFromFlags({ jobs: '0' })).toThrow(/--jobs must be an integer >= 1, or -1 for every core/);
    expect(() => configFromFlags({ jobs: '-2' })).toThrow(/--jobs/);
  });
});

describe('buildEstimator', () => {
  it('makes a classifier or regressor through the algorithm registry', () => {
    expect(buildEstimator(configFromString('maxDepth=2'), 'classification')).toBeInstanceOf(DecisionTreeClassifier);
    const r = buildEstimator(configFromString('criterion=mse'), 'regression');
    expect(r).toBeInstanceOf(DecisionTreeRegressor);
    expect((r as DecisionTreeRegressor).options.criterion.name).toBe('mse');
  });

  it('rejects class weights for regression and lets core errors through, renamed to the flag', () => {
    expect(() => buildEstimator(configFromFlags({ classWeight: 'balanced' }), 'regression')).toThrow(
      '--class-weight must be omitted for a regression task, got "balanced"',
    );
    const e = (() => {
      try {
        buildEstimator(configFromFlags({ criterion: 'gini' }), 'regression');
      } catch (err) {
        return err;
      }
    })();
    expect(e).toBeInstanceOf(DtError);
  });

  it('has a registry that lists cart', () => {
    expect(listAlgorithms().map((a) => a.name)).toContain('cart');
    expect(getAlgorithm('cart').tasks).toEqual(['classification', 'regression']);
    expect(() => getAlgorithm('c4.5')).toThrow(DtError);
  });
});
