import { availableParallelism } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DecisionTreeClassifier } from '@dt/core';
import { makeClassification, makeRegression } from '@dt/datasets';
import { InvalidArgumentError } from '@dt/errors';
import { algorithmForest, BaggingClassifier } from './bagging.js';
import { serializeForest } from './model-format.js';
import { RandomForestClassifier, RandomForestRegressor } from './random-forest.js';

const cores = availableParallelism();
const cls = makeClassification({ nSamples: 300, nFeatures: 6, nInformative: 3, nClasses: 3, seed: 8 });
const reg = makeRegression({ nSamples: 200, nFeatures: 5, seed: 3 });
/** The members of a forest file (its params record nJobs, which differs). */
const members = (m: Parameters<typeof serializeForest>[0]): string => JSON.stringify((JSON.parse(serializeForest(m)) as { members: unknown }).members);

describe('nJobs in a forest\'s fit (Node: its own worker threads, synchronously)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('new RandomForestClassifier({ nJobs: 2 }).fit runs on two threads — the worker fitted members — and fits the one-thread forest', () => {
    const one = new RandomForestClassifier({ nEstimators: 6, seed: 5 }).fit(cls.X, cls.y);
    expect(one.threadReport).toEqual({ requested: 1, threads: 1, membersPerThread: [6] });
    const progress: number[] = [];
    const two = new RandomForestClassifier({ nEstimators: 6, seed: 5, nJobs: 2 }).fit(cls.X, cls.y, { onProgress: (done) => progress.push(done) });
    const report = two.threadReport!;
    expect(report.requested).toBe(2);
    expect(report.threads).toBe(Math.min(2, cores));
    if (report.threads === 2) expect(report.membersPerThread).toEqual([3, 3]); // members 1, 3, 5 came from the worker thread
    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
    expect(members(two)).toBe(members(one));
  }, 240_000);

  it('regressors, sample weights and forests of Decision Streams alike', () => {
    const w = Array.from({ length: reg.y.length }, (_, i) => 1 + (i % 3));
    const one = new RandomForestRegressor({ nEstimators: 4, seed: 2 }).fit(reg.X as never, reg.y as never, { sampleWeight: w });
    const two = new RandomForestRegressor({ nEstimators: 4, seed: 2, nJobs: 2 }).fit(reg.X as never, reg.y as never, { sampleWeight: w });
    expect(two.threadReport!.membersPerThread.reduce((a, b) => a + b)).toBe(4);
    expect(members(two)).toBe(members(one));
    const streams = (nJobs: number) => algorithmForest('decision-stream', { nEstimators: 4, seed: 9, nJobs }).fit(cls.X, cls.y);
    const s2 = streams(2);
    if (cores >= 2) expect(s2.threadReport!.membersPerThread[1]).toBe(2);
    expect(members(s2)).toBe(members(streams(1)));
  }, 240_000);

  it('nJobs above the cores (or the members) is clamped to them and reported', () => {
    const m = new RandomForestClassifier({ nEstimators: 3, seed: 1, nJobs: 1024 }).fit(cls.X, cls.y);
    expect(m.threadReport!.requested).toBe(1024);
    expect(m.threadReport!.threads).toBe(Math.min(cores, 3));
  }, 240_000);

  it('a Bagging forest of custom members refuses nJobs > 1 (its factory is code no other thread can run)', () => {
    const bag = new BaggingClassifier({ base: (seed) => new DecisionTreeClassifier({ seed }), nEstimators: 4, nJobs: 2 });
    if (cores >= 2) expect(() => bag.fit(cls.X, cls.y)).toThrow(InvalidArgumentError);
    else expect(bag.fit(cls.X, cls.y).threadReport!.threads).toBe(1);
  });

  it('outside Node (no worker_threads), nJobs > 1 is refused with a typed error pointing at fitForest', () => {
    vi.stubGlobal('process', { ...process, getBuiltinModule: undefined });
    const rf = new RandomForestClassifier({ nEstimators: 2, nJobs: 2 });
    expect(() => rf.fit(cls.X, cls.y)).toThrow(InvalidArgumentError);
    expect(() => rf.fit(cls.X, cls.y)).toThrow(/nJobs must be 1 here: this runtime has no worker_threads.*fitForest/);
  });
});
