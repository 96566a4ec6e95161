// Shared vitest preset: tests live beside the code in src/, run against sources (no build),
// resolving workspace packages through the "@dt/source" export condition.
//
// Tiers (issue 32): each package's project (named after the package, `@dt/…`) is the inner loop
// and leaves out the end-to-end tests; the one `e2e` project at the root runs those: files named
// `*.e2e.test.ts` (a browser, a child process, worker threads, a build) or `*.slow.test.ts` (big
// data), in any package's src/ or test/. `pnpm test` runs both (what CI runs), `pnpm test:fast` the
// inner loop.
//
// The packages' projects share one module graph per worker (`isolate: false`): loading the sources
// of core and its dependencies anew for each of ~200 files was most of the inner loop's CPU. A test
// that needs a fresh module graph (vi.mock of a module other files load, module-level state it
// resets) is named `*.isolated.test.ts` and runs in the root's `@dt/isolated` project, part of the
// inner loop.
import { configDefaults, defineProject } from 'vitest/config';

/** The file names that make a test end-to-end: excluded from the packages' projects, run by `e2e`. */
export const E2E_TEST_FILES = ['**/*.e2e.test.ts', '**/*.slow.test.ts'];

/** The file names of inner-loop tests that need their own module graph: run by `@dt/isolated`. */
export const ISOLATED_TEST_FILES = ['**/*.isolated.test.ts'];

const conditions = ['@dt/source', 'module', 'node', 'import', 'default'];

export function dtProject(name, overrides = {}) {
  return defineProject({
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: ['@dt/source'] } },
    ...overrides,
    test: {
      name,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...E2E_TEST_FILES, ...ISOLATED_TEST_FILES],
      environment: 'node',
      testTimeout: 60_000,
      isolate: false,
      ...(overrides.test ?? {}),
    },
  });
}

/** A root project over every package's files matching `suffix` (`e2e,slow` or `isolated`), each file isolated. */
function rootProject(name, suffix, test) {
  return defineProject({
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: ['@dt/source'] } },
    test: {
      name,
      include: [`{packages,apps,tooling}/*/{src,test}/**/*.${suffix}.test.ts`],
      exclude: [...configDefaults.exclude],
      environment: 'node',
      ...test,
    },
  });
}

/**
 * The root's `e2e` project: every package's end-to-end files (see E2E_TEST_FILES), resolved like the
 * packages' projects. A package's own overrides (setupFiles) do not apply here: an e2e test sets up
 * what it needs itself.
 */
export function dtE2eProject() {
  return rootProject('e2e', '{e2e,slow}', { testTimeout: 300_000, hookTimeout: 300_000 });
}

/** The root's `@dt/isolated` project (inner loop): every package's `*.isolated.test.ts`, each file with its own module graph. */
export function dtIsolatedProject() {
  return rootProject('@dt/isolated', 'isolated', { testTimeout: 60_000 });
}
