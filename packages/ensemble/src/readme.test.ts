import { it } from 'vitest';
import { runReadmeExample } from '@dt/vitest-config/readme';

it('README example runs', async () => {
  await runReadmeExample(new URL('../README.md', import.meta.url).pathname);
});
