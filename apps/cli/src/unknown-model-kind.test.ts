import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { registerModelFormat } from '@dt/core';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from './test-helpers/cli.js';

describe('a model file of a registered kind the commands do not read', () => {
  it('is refused with a typed one-line error, not an internal error', async () => {
    // A library may register any model format with loadAnyModel; the CLI reads trees, streams and forests only.
    (registerModelFormat as unknown as (f: string, load: (d: Record<string, unknown>) => unknown) => void)('dt-test-kind', () => ({ kind: 'something else' }));
    const dir = tempDir();
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ format: 'dt-test-kind', version: 1 }));
    writeFileSync(join(dir, 'd.csv'), 'x\n0\n3\n');
    for (const argv of [['show', '--model', 'other.json'], ['predict', '--model', 'other.json', '--data', 'd.csv']]) {
      const r = await cli(dir, argv);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^dt: .*other\.json: format "dt-test-kind" holds a model dt's commands do not read yet/);
    }
  });
});
