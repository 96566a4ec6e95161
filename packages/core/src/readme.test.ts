import { expect, it, vi } from 'vitest';
import { runReadmeExample } from '@dt/vitest-config/readme';

it('README example runs', async () => {
  await runReadmeExample(new URL('../README.md', import.meta.url).pathname);
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

it("README splitters example runs: 'hist' with exact bins grows the tree 'best' grows", async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await runReadmeExample(new URL('../README.md', import.meta.url).pathname, 4);
    expect(log.mock.calls.map((c) => c[0] as unknown)).toEqual([true]);
  } finally {
    log.mockRestore();
  }
});

it('README options example runs: ccpAlpha prunes a scaled tree', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await runReadmeExample(new URL('../README.md', import.meta.url).pathname, 5);
    expect(log.mock.calls.map((c) => c[0] as unknown)).toEqual([true]);
  } finally {
    log.mockRestore();
  }
});

it('README fromJSON example runs: fromJSON reads what toJSON wrote', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await runReadmeExample(new URL('../README.md', import.meta.url).pathname, 6);
    expect(log.mock.calls.map((c) => c[0] as unknown)).toEqual([['b']]);
  } finally {
    log.mockRestore();
  }
});

it('README binDataset example runs and prints what it says: the same tree as on raw X, a fold fitted on a subset', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await runReadmeExample(new URL('../README.md', import.meta.url).pathname, 7);
    expect(log.mock.calls.map((c) => c as unknown[])).toEqual([[true], [3, ['hi']]]);
  } finally {
    log.mockRestore();
  }
});
