import { it } from 'vitest';
import { runReadmeExample } from '@dt/vitest-config/readme';

it('README example runs', async () => {
  await runReadmeExample(new URL('../README.md', import.meta.url).pathname);
});

it('README threads example runs (worker threads, same tree)', async () => {
  await runReadmeExample(new URL('../README.md', import.meta.url).pathname, 1);
}, 60_000);
