// Regenerates docs/img/playground.png: builds the page, trains CART on iris in headless Chromium.
//   npx tsx --conditions=@dt/source apps/playground/scripts/screenshot.ts
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPlayground, trainInBrowser } from '../test/driver.js';

const dist = mkdtempSync(join(tmpdir(), 'dt-playground-'));
try {
  await buildPlayground(dist);
  const run = await trainInBrowser(dist, { dataset: 'iris', algorithm: 'cart' });
  const out = new URL('../../../docs/img/playground.png', import.meta.url);
  writeFileSync(out, run.screenshot);
  console.log(`${run.accuracy}; ${run.nodes} nodes; wrote ${out.pathname}`);
} finally {
  rmSync(dist, { recursive: true, force: true });
}
