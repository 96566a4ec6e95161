// Regenerates the pictures in docs/img/ (shown in the root README and packages/plot's README) with
// headless Chromium: the three small static pictures, and the viewer's opening view of two large
// MAGIC trees (renderHtml in a 1280 × 800 window, as the viewer e2e test checks it).
//   npx tsx --conditions=@dt/source packages/plot/scripts/images.ts
import { writeFileSync } from 'node:fs';
import { svgToPng, withBrowser } from '@dt/browser-test';
import { renderHtml, renderSvg } from '../src/index.js';
import { exampleModels, magicTrees } from '../src/testing-fixtures/models.js';

const files: Record<string, string> = { axis: 'tree-iris-cart.png', oblique: 'tree-wine-hhcart.png', stream: 'stream-balance-scale-dag.png' };
const examples = await exampleModels();
const large = await magicTrees();
await withBrowser(async (browser) => {
  for (const e of examples) {
    const file = files[e.name];
    if (file === undefined) continue;
    const out = new URL(`../../../docs/img/${file}`, import.meta.url);
    writeFileSync(out, await svgToPng(browser, renderSvg(e.model, e.options)));
    console.log(`wrote ${out.pathname}`);
  }
  for (const t of large) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(renderHtml(t.model, { title: t.title }), { timeout: 300_000 });
    const out = new URL(`../../../docs/img/viewer-${t.name}.png`, import.meta.url);
    writeFileSync(out, await page.screenshot({ type: 'png' }));
    console.log(`wrote ${out.pathname}`);
    await page.close();
  }
});
