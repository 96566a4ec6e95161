// Shared vitest preset: tests live beside the code in src/, run against sources (no build),
// resolving workspace packages through the "@dt/source" export condition.
//
// Two tiers (issue 32): each package's project (named after the package, `@dt/…`) is the inner loop
// and leaves out the end-to-end tests; the one `e2e` project at the root runs those: files named
// `*.e2e.test.ts` (a browser, a child process, a build) or `*.slow.test.ts` (big data), in any
// package's src/ or test/. `pnpm test` runs both (what CI runs), `pnpm test:fast` the inner loop.
import { configDefaults, defineProject } from 'vitest/config';

/** The file names that make a test end-to-end: excluded from the packages' projects, run by `e2e`. */
export const E2E_TEST_FILES = ['**/*.e2e.test.ts', '**/*.slow.test.ts'];

const conditions = ['@dt/source', 'module', 'node', 'import', 'default'];

export function dtProject(name, overrides = {}) {
  return defineProject({
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: ['@dt/source'] } },
    ...overrides,
    test: {
      name,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...E2E_TEST_FILES],
      environment: 'node',
      testTimeout: 60_000,
      ...(overrides.test ?? {}),
    },
  });
}

/**
 * The root's `e2e` project: every package's end-to-end files (see E2E_TEST_FILES), resolved like the
 * packages' projects. A package's own overrides (setupFiles) do not apply here: an e2e test sets up
 * what it needs itself.
 */
export function dtE2eProject() {
  return defineProject({
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: ['@dt/source'] } },
    test: {
      name: 'e2e',
      include: ['{packages,apps,tooling}/*/{src,test}/**/*.{e2e,slow}.test.ts'],
      exclude: [...configDefaults.exclude],
      environment: 'node',
      testTimeout: 300_000,
      hookTimeout: 300_000,
    },
  });
}
