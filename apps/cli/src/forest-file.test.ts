import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RandomForestClassifier, serializeForest } from '@dt/ensemble';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from './test-helpers/cli.js';

describe('a model file of a kind the commands do not read (a dt-forest, once @dt/ensemble is loaded)', () => {
  it('is refused with a typed one-line error, not an internal error', async () => {
    const dir = tempDir();
    const X = [[0], [1], [2], [3]];
    writeFileSync(join(dir, 'forest.json'), serializeForest(new RandomForestClassifier({ nEstimators: 2, seed: 1 }).fit(X, ['a', 'a', 'b', 'b'])));
    writeFileSync(join(dir, 'd.csv'), 'x\n0\n3\n');
    for (const argv of [['show', '--model', 'forest.json'], ['predict', '--model', 'forest.json', '--data', 'd.csv']]) {
      const r = await cli(dir, argv);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^dt: .*forest\.json: format "dt-forest" holds a model dt's commands do not read yet/);
    }
  });
});
