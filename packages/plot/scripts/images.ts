// Regenerates the pictures in docs/img/ (shown in the root README) with headless Chromium:
//   npx tsx --conditions=@dt/source packages/plot/scripts/images.ts
import { writeFileSync } from 'node:fs';
import { svgToPng, withBrowser } from '@dt/browser-test';
import { renderSvg } from '../src/index.js';
import { exampleModels } from '../src/testing-fixtures/models.js';

const files: Record<string, string> = { axis: 'tree-iris-cart.png', oblique: 'tree-wine-hhcart.png', stream: 'stream-balance-scale-dag.png' };
const examples = await exampleModels();
await withBrowser(async (browser) => {
  for (const e of examples) {
    const file = files[e.name];
    if (file === undefined) continue;
    const out = new URL(`../../../docs/img/${file}`, import.meta.url);
    writeFileSync(out, await svgToPng(browser, renderSvg(e.model, e.options)));
    console.log(`wrote ${out.pathname}`);
  }
});
