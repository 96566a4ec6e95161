import { chromiumSkipReason, svgToPng, withBrowser } from '@dt/browser-test';
import { describe, expect, it } from 'vitest';
import { plotLayout, renderSvg } from './index.js';
import { exampleModels } from './testing-fixtures/models.js';

const skip = chromiumSkipReason();
if (skip) console.log(`@dt/plot browser test skipped: ${skip}`);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Uint8Array): [number, number] {
  const v = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return [v.getUint32(16), v.getUint32(20)];
}

describe.skipIf(skip !== null)('in headless Chromium', () => {
  it('renders every model kind to a PNG of the SVG size, with ink on it', async () => {
    const examples = await exampleModels();
    await withBrowser(async (browser) => {
      for (const e of examples) {
        const svg = renderSvg(e.model, e.options);
        const { width, height } = plotLayout(e.model, e.options);
        const png = await svgToPng(browser, svg);
        expect(pngSize(png), e.name).toEqual([width, height]);
        // A drawing, not a blank page: the browser counts the node groups it laid out.
        const page = await browser.newPage();
        await page.setContent(svg);
        const drawn = await page.$$eval('g.node > rect', (rects) => rects.filter((r) => (r as unknown as { getBBox(): { width: number } }).getBBox().width > 0).length);
        expect(drawn, e.name).toBe(plotLayout(e.model, e.options).boxes.length);
        await page.close();
      }
    });
  }, 120_000);
});
