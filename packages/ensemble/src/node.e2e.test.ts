import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeClassification } from '@dt/datasets';
import { DecisionTreeClassifier } from '@dt/core';
import { WorkerFailedError } from '@dt/errors';
import { algorithmForest, BaggingClassifier } from './bagging.js';
import { serializeForest } from './model-format.js';
import { fitForest, readForest, saveForest } from './node.js';
import { RandomForestClassifier } from './random-forest.js';

const data = makeClassification({ nSamples: 300, nFeatures: 6, nClasses: 3, nInformative: 3, seed: 8 });

describe('@dt/ensemble/node', () => {
  // Slow from sources: each worker boots tsx and compiles the workspace's TypeScript.
  it('fits the identical forest with nJobs 1 and 2 (worker threads), incl. OOB and progress', async () => {
    const one = await fitForest(new RandomForestClassifier({ nEstimators: 9, seed: 4, oobScore: true, nJobs: 1 }), data.X, data.y);
    const seen: number[] = [];
    const two = await fitForest(new RandomForestClassifier({ nEstimators: 9, seed: 4, oobScore: true, nJobs: 2 }), data.X, data.y, { onProgress: (d) => seen.push(d) });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(serializeForest(two).replace('"nJobs":2', '"nJobs":1')).toBe(serializeForest(one));
    expect(two.oobScore).toBe(one.oobScore);
    expect(two.predictProba(data.X)).toEqual(one.predictProba(data.X));
    const o1 = await fitForest(algorithmForest('hhcart-d', { nEstimators: 4, seed: 1, maxFeatures: 4 }), data.X, data.y);
    const o2 = await fitForest(algorithmForest('hhcart-d', { nEstimators: 4, seed: 1, maxFeatures: 4, nJobs: 2 }), data.X, data.y);
    expect(o2.predictProba(data.X)).toEqual(o1.predictProba(data.X));
    // Decision Stream forests fit on workers too (members come back as graph JSON): the same forest.
    const s1 = await fitForest(algorithmForest('decision-stream', { nEstimators: 4, seed: 3, maxFeatures: 'sqrt' }), data.X, data.y);
    const s2 = await fitForest(algorithmForest('decision-stream', { nEstimators: 4, seed: 3, maxFeatures: 'sqrt', nJobs: 2 }), data.X, data.y);
    expect(serializeForest(s2).replace('"nJobs":2', '"nJobs":1')).toBe(serializeForest(s1));
  }, 120_000);

  it("a forest of 'hist' trees fits identically on 1 and 2 threads, every member on a worker reading the shared bins", async () => {
    const X = Array.from({ length: 300 }, (_, r) => Array.from({ length: 6 }, (_, c) => data.X.data[r * 6 + c]!));
    X[5]![2] = Number.NaN;
    const one = await fitForest(new RandomForestClassifier({ nEstimators: 10, seed: 7, splitter: 'hist', oobScore: true }), X, data.y);
    const from: number[] = [];
    const two = await fitForest(new RandomForestClassifier({ nEstimators: 10, seed: 7, splitter: 'hist', oobScore: true, nJobs: 2 }), X, data.y, {}, { onMember: (_, k) => from.push(k) });
    expect(serializeForest(two).replace('"nJobs":2', '"nJobs":1')).toBe(serializeForest(one));
    expect(two.oobScore).toBe(one.oobScore);
    // Every member came back from a worker thread (0 or 1), none was fitted on this thread.
    expect(from).toHaveLength(10);
    for (const k of from) expect([0, 1]).toContain(k);
  }, 120_000);

  it('nJobs -1 uses every core and fits the same forest; 0 and -2 are refused naming nJobs', async () => {
    const one = await fitForest(new RandomForestClassifier({ nEstimators: 4, seed: 2, nJobs: 1 }), data.X, data.y);
    const all = await fitForest(new RandomForestClassifier({ nEstimators: 4, seed: 2, nJobs: -1 }), data.X, data.y);
    expect(serializeForest(all).replace('"nJobs":-1', '"nJobs":1')).toBe(serializeForest(one));
    for (const bad of [0, -2, 1.5]) expect(() => new RandomForestClassifier({ nJobs: bad })).toThrowError(/nJobs must be an integer >= 1, or -1 for every core/);
  });

  it.each([
    ['exits', { kind: 'exit', at: 2 }, 'exited', /exited \(code 70\)/],
    ['throws', { kind: 'throw', at: 2 }, 'threw', /threw: injected worker fault/],
    ['stalls', { kind: 'stall', at: 2 }, 'stalled', /stalled: member \d+ took more than/],
  ] as const)('a worker that %s mid-fit fails the fit within seconds, naming the cause (it never settled)', async (_name, fault, reason, message) => {
    const t0 = performance.now();
    const error = await fitForest(new RandomForestClassifier({ nEstimators: 12, seed: 1, nJobs: 2 }), data.X, data.y, {}, { faults: [fault, fault], stallMs: 500 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WorkerFailedError);
    expect((error as WorkerFailedError).reason).toBe(reason);
    expect((error as Error).message).toMatch(message);
    expect(performance.now() - t0).toBeLessThan(30_000);
  }, 120_000);

  it('fits NaN with nJobs 2 as fit does (it was refused), and nJobs beyond the cores runs on every core', async () => {
    const X = Array.from({ length: 80 }, (_, i) => [i % 7 === 0 ? Number.NaN : i % 11, (i * 3) % 7]);
    const y = X.map((_, i) => (i % 11 > 5 ? 1 : 0));
    const one = new RandomForestClassifier({ nEstimators: 4, seed: 3 }).fit(X, y);
    const two = await fitForest(new RandomForestClassifier({ nEstimators: 4, seed: 3, nJobs: 2 }), X, y);
    expect(serializeForest(two).replace('"nJobs":2', '"nJobs":1')).toBe(serializeForest(one));
    const many = await fitForest(new RandomForestClassifier({ nEstimators: 4, seed: 3, nJobs: 200 }), X, y);
    expect(serializeForest(many).replace('"nJobs":200', '"nJobs":1')).toBe(serializeForest(one));
  }, 120_000);

  it('a Bagging forest of custom members with nJobs 2 is refused naming nJobs (it failed with a nonsense message)', async () => {
    const bag = new BaggingClassifier({ base: (seed) => new DecisionTreeClassifier({ seed }), nEstimators: 3, nJobs: 2 });
    await expect(fitForest(bag as never, data.X, data.y)).rejects.toThrowError(/^nJobs must be 1 for a Bagging forest of custom members/);
  });

  it('saves atomically and reads back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dt-forest-'));
    try {
      const f = new RandomForestClassifier({ nEstimators: 3, seed: 1 }).fit(data.X, data.y);
      const path = join(dir, 'f.json');
      await saveForest(path, f);
      expect(await readdir(dir)).toEqual(['f.json']);
      expect((await readForest(path)).predict(data.X)).toEqual(f.predict(data.X));
      const ds = algorithmForest('decision-stream', { nEstimators: 2, seed: 1 }).fit(data.X, data.y);
      await saveForest(path, ds);
      expect(await readdir(dir)).toEqual(['f.json']);
      expect(((await readForest(path)) as typeof ds).predictProba(data.X)).toEqual(ds.predictProba(data.X));
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
