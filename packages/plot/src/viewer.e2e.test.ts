// The viewer in headless Chromium on large trees: the opening view shows the root with readable
// text, edges keep their width when zoomed out, the keyboard and mouse move the view, and a large
// tree opens collapsed with expand controls. Slow (seconds per page): an end-to-end test.
import { chromiumSkipReason, withBrowser } from '@dt/browser-test';
import { describe, expect, it } from 'vitest';
import { renderHtml, renderSvg } from './index.js';
import { magicTrees } from './testing-fixtures/models.js';

type Page = Awaited<ReturnType<Parameters<Parameters<typeof withBrowser>[0]>[0]['newPage']>>;

const skip = chromiumSkipReason();
if (skip) console.log(`@dt/plot viewer test skipped: ${skip}`);

const VIEWPORT = { width: 1280, height: 800 };

/** What the page shows: the root's box on screen, its type size on screen, nodes shown. */
async function state(page: Page): Promise<{ root: DOMRect; font: number; shown: number; total: number; stroke: string; scale: number }> {
  return page.evaluate(() => {
    const root = document.querySelector('g.node[data-id="0"]') as SVGGElement;
    const text = root.querySelector('text') as SVGTextElement;
    const ctm = text.getScreenCTM()!;
    const nodes = Array.from(document.querySelectorAll<SVGGElement>('g.nodes > g.node'));
    const edge = document.querySelector('g.edges > path') as SVGPathElement;
    return {
      root: root.querySelector('rect')!.getBoundingClientRect().toJSON() as DOMRect,
      font: Number.parseFloat(getComputedStyle(text).fontSize) * Math.hypot(ctm.a, ctm.b),
      shown: nodes.filter((g) => g.style.display !== 'none').length,
      total: nodes.length,
      stroke: getComputedStyle(edge).getPropertyValue('vector-effect'),
      scale: Math.hypot(ctm.a, ctm.b),
    };
  });
}

const inside = (r: DOMRect): boolean => r.left >= 0 && r.top >= 0 && r.right <= VIEWPORT.width && r.bottom <= VIEWPORT.height;

describe.skipIf(skip !== null)('the viewer in headless Chromium', () => {
  it('opens a 239- and a 3,889-node MAGIC tree at the root with readable text, collapsed to fit, and moves by keys and mouse', async () => {
    const trees = await magicTrees();
    expect(trees.map((t) => t.nodes)).toEqual([239, 3889]);
    await withBrowser(async (browser) => {
      for (const t of trees) {
        const page = await browser.newPage({ viewport: VIEWPORT });
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.setContent(renderHtml(t.model, { title: t.title }), { timeout: 240_000 });
        const s = await state(page);
        expect(inside(s.root), `${t.name}: root box ${JSON.stringify(s.root)}`).toBe(true);
        expect(s.font, t.name).toBeGreaterThanOrEqual(10);
        expect(s.stroke).toBe('non-scaling-stroke');
        // Collapsed to what fits: more than the root, fewer than all; expand controls on the cut nodes.
        expect(s.total).toBe(t.nodes);
        expect(s.shown).toBeGreaterThan(6);
        expect(s.shown).toBeLessThan(t.nodes);
        const badges = await page.locator('g.dt-badge').evaluateAll((gs) => gs.filter((g) => (g as SVGGElement).style.display !== 'none').length);
        expect(badges).toBeGreaterThan(0);
        // Keys: + zooms in, 0 returns to the opening view, arrows pan, f fits the shown tree.
        await page.keyboard.press('+');
        expect((await state(page)).scale).toBeCloseTo(s.scale * 1.25, 4);
        await page.keyboard.press('0');
        expect((await state(page)).root).toEqual(s.root);
        await page.keyboard.press('ArrowRight');
        expect((await state(page)).root.x).toBeCloseTo(s.root.x - 80, 3);
        // Mouse: drag pans; the wheel zooms about the pointer.
        await page.keyboard.press('0');
        await page.mouse.move(300, 700);
        await page.mouse.down();
        await page.mouse.move(350, 660, { steps: 4 });
        await page.mouse.up();
        const dragged = (await state(page)).root;
        expect([dragged.x - s.root.x, dragged.y - s.root.y]).toEqual([50, -40]);
        await page.mouse.wheel(0, 400);
        expect((await state(page)).scale).toBeLessThan(s.scale);
        // A click on a collapsed node expands it; ']' shows one level more everywhere.
        await page.keyboard.press('0');
        const badge = page.locator('g.dt-badge').filter({ visible: true }).first();
        const box = (await badge.evaluate((g) => (g.parentNode as SVGGElement).querySelector('rect')!.getBoundingClientRect().toJSON())) as DOMRect;
        await page.mouse.click(box.x + box.width / 2, box.y + 10);
        const expanded = (await state(page)).shown;
        expect(expanded).toBeGreaterThan(s.shown);
        await page.keyboard.press(']');
        expect((await state(page)).shown).toBeGreaterThan(expanded);
        // Zoomed far out: text hidden, edges still drawn one pixel wide.
        await page.keyboard.press('f');
        for (let i = 0; i < 6; i++) await page.keyboard.press('-');
        const far = await page.evaluate(() => ({
          far: document.querySelector('svg')!.classList.contains('dt-far'),
          edges: Array.from(document.querySelectorAll<SVGPathElement>('g.edges > path')).filter((p) => p.style.display !== 'none' && p.getBoundingClientRect().width + p.getBoundingClientRect().height > 0).length,
        }));
        expect(far.far).toBe(true);
        expect(far.edges).toBeGreaterThan(0);
        expect(errors).toEqual([]);
        await page.close();
      }
    });
  }, 600_000);

  it('an interactive SVG opened on its own fills the window and opens at the root', async () => {
    const [small] = await magicTrees();
    await withBrowser(async (browser) => {
      const page = await browser.newPage({ viewport: VIEWPORT });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      // As its own document (not inside HTML): the script inside the SVG runs.
      await page.route('http://dt.test/tree.svg', (route) => route.fulfill({ contentType: 'image/svg+xml', body: renderSvg(small!.model, { interactive: true }) }));
      await page.goto('http://dt.test/tree.svg', { timeout: 240_000 });
      const s = await state(page);
      expect(inside(s.root)).toBe(true);
      expect(s.font).toBeGreaterThanOrEqual(10);
      expect(s.shown).toBeLessThan(239);
      expect(errors).toEqual([]);
      await page.close();
    });
  }, 600_000);
});
