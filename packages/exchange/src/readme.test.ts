import { expect, it, vi } from 'vitest';
import { runReadmeExample } from '@dt/vitest-config/readme';

const README = new URL('../README.md', import.meta.url).pathname;

it('README: a LightGBM model trained in Python predicts in JavaScript as LightGBM did (the example checks every row)', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await runReadmeExample(README, 0);
    expect(log.mock.calls[0]![0]).toBe('lightgbm v4, 12 trees: 40 rows equal LightGBM\'s predict');
    expect(log.mock.calls[1]![0]).toHaveLength(5);
  } finally {
    log.mockRestore();
  }
});

it('README: a dt forest exported to ONNX reads back with the same labels', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await runReadmeExample(README, 1);
    expect(log.mock.calls[0]![0]).toMatch(/^\d+ bytes, labels a,b,c$/);
  } finally {
    log.mockRestore();
  }
});
