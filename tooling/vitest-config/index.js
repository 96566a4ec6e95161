// Shared vitest preset: tests live beside the code in src/, run against sources (no build),
// resolving workspace packages through the "@dt/source" export condition.
import { defineProject } from 'vitest/config';

export function dtProject(name, overrides = {}) {
  return defineProject({
    resolve: { conditions: ['@dt/source', 'module', 'node', 'import', 'default'] },
    ssr: { resolve: { conditions: ['@dt/source', 'module', 'node', 'import', 'default'], externalConditions: ['@dt/source'] } },
    ...overrides,
    test: {
      name,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      environment: 'node',
      testTimeout: 60_000,
      ...(overrides.test ?? {}),
    },
  });
}
