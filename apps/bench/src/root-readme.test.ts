import { fileURLToPath } from 'node:url';
import { it } from 'vitest';
import { runReadmeExample } from '@dt/vitest-config/readme';

// The root README's TypeScript example, run from this app because it depends on every package.
it('root README example runs', async () => {
  await runReadmeExample(fileURLToPath(new URL('../../../README.md', import.meta.url)), 0, fileURLToPath(new URL('.', import.meta.url)));
});
