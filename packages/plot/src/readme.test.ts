import { expect, it, vi } from 'vitest';
import { runReadmeExample } from '@dt/vitest-config/readme';

it('README example runs and prints what its comments say', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await runReadmeExample(new URL('../README.md', import.meta.url).pathname);
    expect(log.mock.calls).toEqual([[true, 17], [5], [true], [true, true], [true]]);
  } finally {
    log.mockRestore();
  }
}, 60_000);
