// Every algorithm the playground lists trains in the PRODUCTION build (vite build, served as static
// files, driven in headless Chromium): bundlers drop side-effect imports of packages marked
// sideEffects:false, so what works from source can fail once built. Also: an error clears the
// previous results, and the tree opens in the viewer with its root in view.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumSkipReason } from '@dt/browser-test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYGROUND_ALGORITHMS } from '../src/algorithms.js';
import { buildPlayground, trainOnPage, withPlayground } from './driver.js';

const skip = chromiumSkipReason();
if (skip) console.log(`@dt/playground end-to-end test skipped: ${skip}`);

describe.skipIf(skip !== null)('the built playground in headless Chromium', () => {
  let dist = '';
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'dt-playground-'));
    await buildPlayground(dist);
  }, 300_000);
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('trains every listed algorithm on iris and shows a result, no error', async () => {
    await withPlayground(dist, async (page, errors) => {
      const failed: string[] = [];
      for (const a of PLAYGROUND_ALGORITHMS) {
        const run = await trainOnPage(page, { dataset: 'iris', algorithm: a.name });
        const accuracy = (await page.textContent('#accuracy')) ?? '';
        if (!run.ok || !/^Cross-validated accuracy: 0\.\d{3} ± /.test(accuracy) || (await page.locator('#tree svg g.node').count()) === 0) {
          failed.push(`${a.name}: ${run.status}`);
        }
      }
      expect(failed).toEqual([]);
      expect(errors).toEqual([]);
    });
  }, 900_000);

  it('clears the previous results on an error, and opens the tree in the viewer at its root', async () => {
    await withPlayground(dist, async (page) => {
      expect((await trainOnPage(page, { dataset: 'magic-gamma', algorithm: 'cart' })).ok).toBe(true);
      // The 3,889-node tree: the viewer opens collapsed, root box inside the tree panel, text at >= 10 px.
      const view = await page.evaluate(() => {
        const panel = document.getElementById('tree')!.getBoundingClientRect();
        const root = document.querySelector('#tree g.node[data-id="0"] rect')!.getBoundingClientRect();
        const text = document.querySelector('#tree g.node[data-id="0"] text') as SVGTextElement;
        const m = text.getScreenCTM()!;
        const shown = Array.from(document.querySelectorAll<SVGGElement>('#tree g.nodes > g.node')).filter((g) => g.style.display !== 'none').length;
        return { inside: root.left >= panel.left && root.right <= panel.right && root.top >= panel.top && root.bottom <= panel.bottom, font: 11 * Math.hypot(m.a, m.b), shown };
      });
      expect(view.inside).toBe(true);
      expect(view.font).toBeGreaterThanOrEqual(10);
      expect(view.shown).toBeGreaterThan(6);
      expect(await page.isVisible('#results')).toBe(true);
      await page.fill('#folds', '19');
      await page.fill('#min-leaf', '0');
      await page.evaluate(() => (document.getElementById('min-leaf') as HTMLInputElement).removeAttribute('min'));
      const bad = await trainOnPage(page, { dataset: 'iris', algorithm: 'cart' });
      expect(bad.ok).toBe(false);
      expect(bad.status).toMatch(/minSamplesLeaf/);
      expect(await page.isVisible('#results')).toBe(false);
      expect(await page.locator('#tree svg').count()).toBe(0);
      expect(await page.textContent('#accuracy')).toBe('');
    });
  }, 900_000);
});
