import { defineConfig } from 'vitest/config';

// One project per package/app; each has its own vitest.config.ts built from tooling/vitest-config.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    pool: 'forks',
  },
});
