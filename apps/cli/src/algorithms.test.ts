import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { TREE_OPTIONS_CLI } from '@dt/core';
import { STREAM_OPTIONS } from '@dt/stream';
import { ENSEMBLE_OPTIONS } from '@dt/ensemble';
import { BOOSTING_OPTIONS } from '@dt/boost';
import { listAlgorithms } from './algorithms.js';

it('every flag an algorithm description suggests exists (help once offered a rejected --no-merge)', () => {
  const flags = new Set<string>();
  for (const cli of Object.values(TREE_OPTIONS_CLI)) if (cli) flags.add(cli.flag);
  for (const spec of [...Object.values(STREAM_OPTIONS), ...Object.values(ENSEMBLE_OPTIONS), ...Object.values(BOOSTING_OPTIONS)]) {
    const flag = (spec as { cli?: { flag?: string } }).cli?.flag;
    if (flag) flags.add(flag);
  }
  // The CLI's own fit-only flags (--prune, --crimcoord, ...) are declared in tree-options.ts.
  // ... and the missing-values flag every training command shares (missing.ts).
  for (const file of ['./tree-options.ts', './missing.ts']) for (const m of readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/'(--[a-z-]+)[ ']/g)) flags.add(m[1]!);
  for (const a of listAlgorithms()) {
    for (const m of a.description.matchAll(/--[a-z-]+/g)) expect(flags, `${a.name}: ${m[0]}`).toContain(m[0]);
  }
});
