import { expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { runReadmeExample } from '@dt/vitest-config/readme';

it('README example prints what its comments say', async () => {
  const path = new URL('../README.md', import.meta.url).pathname;
  const expected = [...readFileSync(path, 'utf8').matchAll(/^\/\/ → (.*?)(?: {3}\(.*)?$/gm)].map((m) => m[1]);
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.map(String).join(' ')));
  try {
    await runReadmeExample(path);
  } finally {
    spy.mockRestore();
  }
  expect(lines).toEqual(expected);
});
