import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumSkipReason } from '@dt/browser-test';
import { describe, expect, it } from 'vitest';
import { explainRow, train } from '../src/train.js';
import { buildPlayground, trainInBrowser } from './driver.js';

const skip = chromiumSkipReason();
if (skip) console.log(`@dt/playground end-to-end test skipped: ${skip}`);

describe.skipIf(skip !== null)('playground in headless Chromium', () => {
  it('builds, loads, trains CART on iris in a worker, shows the same accuracy and tree as Node, and explains a clicked row', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dt-playground-'));
    try {
      await buildPlayground(dist);
      const run = await trainInBrowser(dist, { dataset: 'iris', algorithm: 'cart', explainRow: 3 });
      const node = await train({ data: { builtin: 'iris' }, algorithm: 'cart', maxDepth: null, minSamplesLeaf: 1, alpha: 0.02, folds: 5, seed: 0 });
      expect(run.errors).toEqual([]);
      expect(run.accuracy).toBe(`Cross-validated accuracy: ${node.mean.toFixed(3)} ± ${node.std.toFixed(3)} (5 folds)`);
      expect(node.mean).toBeGreaterThan(0.9);
      expect(run.nodes).toBe(node.nodeCount);
      expect(run.confusionRows).toBe(4);
      expect(run.screenshot.length).toBeGreaterThan(10_000);
      // The clicked row's waterfall: the bars and the title Node draws for the same row.
      const e = explainRow(node.trained, 3);
      expect(run.explainStatus).toMatch(/^Row 3: exact TreeSHAP values/);
      expect(run.waterfall).not.toBeNull();
      const bars = (svg: string): string[] => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
      expect(bars(run.waterfall!)).toEqual(bars(e.svg));
      expect(run.waterfall).toContain(`P(${e.output})`);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  }, 300_000);
});
