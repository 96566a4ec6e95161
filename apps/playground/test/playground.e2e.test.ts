import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumSkipReason } from '@dt/browser-test';
import { describe, expect, it } from 'vitest';
import { explainRow, train } from '../src/train.js';
import { buildPlayground, trainInBrowser, trainOnPage, withPlayground } from './driver.js';

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

  it('trains gradient boosting in the built page\'s worker and draws the live validation-loss curve (the same losses as Node)', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dt-playground-'));
    try {
      await buildPlayground(dist);
      const node = await train({ data: { builtin: 'iris' }, algorithm: 'hist-gradient-boosting', maxDepth: null, minSamplesLeaf: 1, alpha: 0.02, folds: 5, seed: 0, maxIter: 100, learningRate: 0.1 });
      await withPlayground(dist, async (page, errors) => {
        await page.selectOption('#algorithm', 'hist-gradient-boosting');
        expect(await page.isVisible('#max-iter')).toBe(true);
        // Curve snapshots as the iterations arrive (the page redraws it on every progress message).
        await page.evaluate(() => {
          const seen: number[] = [];
          (window as unknown as { curveLengths: number[] }).curveLengths = seen;
          new MutationObserver(() => {
            const line = document.querySelector('#curve polyline');
            if (line) seen.push((line.getAttribute('points') ?? '').split(' ').length);
          }).observe(document.getElementById('curve')!, { childList: true, subtree: true });
        });
        const run = await trainOnPage(page, { dataset: 'iris', algorithm: 'hist-gradient-boosting' });
        expect(run.ok, run.status).toBe(true);
        expect(errors).toEqual([]);
        expect(await page.textContent('#accuracy')).toBe(`Cross-validated accuracy: ${node.mean.toFixed(3)} ± ${node.std.toFixed(3)} (5 folds)`);
        const n = node.validationLoss!.length;
        expect(await page.locator('#curve polyline').getAttribute('points').then((p) => p!.split(' ').length)).toBe(n);
        expect(await page.textContent('#curve text')).toBe(`validation loss: ${node.validationLoss![n - 1]!.toPrecision(4)} after ${n} iterations`);
        const lengths = await page.evaluate(() => (window as unknown as { curveLengths: number[] }).curveLengths);
        // Drawn while it trained: more than one length, growing to the final one.
        expect(new Set(lengths).size).toBeGreaterThan(1);
        expect(Math.max(...lengths)).toBe(n);
        expect(await page.locator('#tree svg g.node').count()).toBe(node.nodeCount);
      });
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  }, 300_000);
});
