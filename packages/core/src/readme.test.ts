import { expect, it, vi } from 'vitest';
import { runReadmeExample } from '@dt/vitest-config/readme';

it('README example runs and prints what it says', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await runReadmeExample(new URL('../README.md', import.meta.url).pathname);
    const calls = log.mock.calls;
    expect(calls[0]).toEqual([9, 5, 3]);
    expect(calls[1]).toEqual([['setosa']]);
    const proba = calls[2]![0] as number[];
    expect(proba.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(calls[3]![0]).toContain('|--- petal');
    expect(calls[4]).toEqual([['virginica']]);
    expect(calls[5]).toEqual(['0.9733']);
    expect(calls[6]).toEqual([3, false]);
  } finally {
    log.mockRestore();
  }
});

it('README threads example runs (worker threads, same tree)', async () => {
  await runReadmeExample(new URL('../README.md', import.meta.url).pathname, 1);
}, 60_000);

it('README missing-values example runs and prints what it says', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await runReadmeExample(new URL('../README.md', import.meta.url).pathname, 2);
    const out = log.mock.calls.map((c) => c[0] as unknown);
    expect(out[0]).toEqual(['no', 'yes']);
    expect(out[1]).toBe(1);
    expect(out[2]).toBe(['|--- feature_0 <= 3.50 (missing → left)', '|   |--- class: no', '|--- feature_0 >  3.50', '|   |--- class: yes', ''].join('\n'));
  } finally {
    log.mockRestore();
  }
});

it('README by-name example runs and prints what it says: hist = best on exact bins, pruning, an oblique model through fromJSON', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await runReadmeExample(new URL('../README.md', import.meta.url).pathname, 3);
    expect(log.mock.calls.map((c) => c[0] as unknown)).toEqual([true, true, ['hi']]);
  } finally {
    log.mockRestore();
  }
});

it('README lean example runs and prints what it says: TreeClassifier with entropy and histSplitter as values', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await runReadmeExample(new URL('../README.md', import.meta.url).pathname, 4);
    expect(log.mock.calls.map((c) => c[0] as unknown)).toEqual([['up', 'down']]);
  } finally {
    log.mockRestore();
  }
});

it('README binDataset example runs and prints what it says: the same tree as on raw X, a fold fitted on a subset', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await runReadmeExample(new URL('../README.md', import.meta.url).pathname, 5);
    expect(log.mock.calls.map((c) => c as unknown[])).toEqual([[true], [3, ['hi']]]);
  } finally {
    log.mockRestore();
  }
});
