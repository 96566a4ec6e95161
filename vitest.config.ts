import { dtE2eProject, dtIsolatedProject } from '@dt/vitest-config';
import { defineConfig } from 'vitest/config';

// One inner-loop project per package/app (each has its own vitest.config.ts built from
// tooling/vitest-config; named `@dt/<package>`), plus one `e2e` project for the end-to-end files of
// every package (`*.e2e.test.ts`: browser, child process, build; `*.slow.test.ts`: big data), and
// `@dt/repo-checks` (tooling/repo-checks: docs checked against the package.json files), and
// `@dt/isolated` (inner loop: the `*.isolated.test.ts` files that need their own module graph).
// `pnpm test` = both (CI); `pnpm test:fast` = `--project '@dt/*'`; `pnpm test:e2e` = `--project e2e`.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'tooling/repo-checks', dtE2eProject(), dtIsolatedProject()],
    pool: 'forks',
  },
});
