import { it } from 'vitest';
import { runReadmeExample } from '@dt/vitest-config/readme';

const README = new URL('../README.md', import.meta.url).pathname;

it('README example runs', async () => {
  await runReadmeExample(README);
});

it('README statistics example runs', async () => {
  await runReadmeExample(README, 1);
});
