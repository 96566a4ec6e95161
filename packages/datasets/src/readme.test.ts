import { expect, it, vi } from 'vitest';
import { runReadmeExample } from '@dt/vitest-config/readme';

const README = new URL('../README.md', import.meta.url).pathname;

it('README example runs', async () => {
  await runReadmeExample(README);
});

it('README synthetic-data example runs', async () => {
  await runReadmeExample(README, 1);
});

it('README missing-values example runs and prints what its comments say', async () => {
  const logged: unknown[][] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void logged.push(args));
  try {
    await runReadmeExample(README, 3);
  } finally {
    spy.mockRestore();
  }
  expect(logged).toEqual([
    [{ policy: 'native', cells: 2, rows: 2 }],
    [[3, 4]],
    [[[3, 4], [7, 1]]],
    [[30, 1, 30, 0, 50, 1, 40, 1]],
  ]);
});
