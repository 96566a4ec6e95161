import { runReadmeExample } from '@dt/vitest-config/readme';
import { readFileSync } from 'node:fs';
import { expect, it, vi } from 'vitest';

it('README example runs and prints what the README says', async () => {
  const path = new URL('../README.md', import.meta.url).pathname;
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await runReadmeExample(path);
    const printed = log.mock.calls.map((c) => c.map((a) => (typeof a === 'string' ? a : JSON.stringify(a).replace(/"/g, "'").replace(/,/g, ', ').replace(/^\[/, '[ ').replace(/\]$/, ' ]'))).join(' '));
    const documented = /prints\n\n```\n([\s\S]*?)```/.exec(readFileSync(path, 'utf8'))![1]!.trimEnd().split('\n');
    expect(printed).toEqual(documented);
  } finally {
    log.mockRestore();
  }
}, 60_000);
