import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/** Relative and bare imports (static and dynamic) of a source file. */
function importsOf(file: URL): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*)'([^']+)'/g)].map((m) => m[1]!);
}

it('the main entry reaches no Node built-in (only ./node.ts may)', () => {
  const seen = new Set<string>();
  const bare = new Set<string>();
  const visit = (file: URL) => {
    if (seen.has(file.href)) return;
    seen.add(file.href);
    for (const spec of importsOf(file)) {
      if (spec.startsWith('.')) visit(new URL(spec.replace(/\.js$/, '.ts'), file));
      else bare.add(spec);
    }
  };
  visit(new URL('./index.ts', import.meta.url));
  expect([...bare].sort()).toEqual([
    '@dt/core',
    '@dt/core/internal',
    '@dt/criteria',
    '@dt/errors',
    '@dt/stats',
  ]);
  expect([...seen].some((f) => f.endsWith('/node.ts'))).toBe(false);
});
