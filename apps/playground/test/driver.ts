/** Builds the playground, serves it on 127.0.0.1 and trains in headless Chromium: for the e2e test and the screenshot script. */
import { fileURLToPath } from 'node:url';
import { serveStatic, withBrowser } from '@dt/browser-test';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function buildPlayground(outDir: string): Promise<void> {
  await build({ root, configFile: `${root}/vite.config.ts`, logLevel: 'error', build: { outDir, emptyOutDir: true } });
}

export interface BrowserRun {
  accuracy: string;
  /** Node groups in the drawn tree. */
  nodes: number;
  confusionRows: number;
  screenshot: Buffer;
  /** The waterfall SVG shown after clicking row `explainRow` (null when not asked), and the status under it. */
  waterfall: string | null;
  explainStatus: string;
  /** Errors the page logged. */
  errors: string[];
}

export type Page = Awaited<ReturnType<Parameters<Parameters<typeof withBrowser>[0]>[0]['newPage']>>;

/** Serves the built page, opens it in headless Chromium and runs `fn`; `errors` collects what the page logged. */
export async function withPlayground<T>(dist: string, fn: (page: Page, errors: string[]) => Promise<T>): Promise<T> {
  const server = await serveStatic(dist);
  try {
    return await withBrowser(async (browser) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
      await page.goto(server.url, { timeout: 60_000 });
      return await fn(page, errors);
    });
  } finally {
    await server.close();
  }
}

/** Picks dataset and algorithm, trains, and waits for the result or an error; returns the status line when it failed. */
export async function trainOnPage(page: Page, options: { dataset: string; algorithm: string }): Promise<{ ok: boolean; status: string }> {
  await page.selectOption('#dataset', options.dataset);
  await page.selectOption('#algorithm', options.algorithm);
  await page.click('#train');
  await page.waitForFunction(() => !(document.getElementById('train') as HTMLButtonElement).disabled, undefined, { timeout: 300_000 });
  const status = (await page.textContent('#status')) ?? '';
  const ok = (await page.getAttribute('#status', 'class')) !== 'error' && (await page.isVisible('#results'));
  return { ok, status };
}

/** Opens the built page, picks dataset and algorithm, trains, and reads the results. */
export async function trainInBrowser(dist: string, options: { dataset: string; algorithm: string; explainRow?: number }): Promise<BrowserRun> {
  return withPlayground(dist, async (page, errors) => {
    await trainOnPage(page, options);
    await page.waitForSelector('#accuracy:not(:empty)', { timeout: 120_000 });
    const accuracy = (await page.textContent('#accuracy')) ?? '';
    const nodes = await page.locator('#tree svg g.node').count();
    const confusionRows = await page.locator('table.confusion tr').count();
    let waterfall: string | null = null;
    if (options.explainRow !== undefined) {
      // Click the listed row; the worker answers with its waterfall.
      await page.click(`#row-table tr[data-row="${options.explainRow}"]`);
      await page.waitForSelector('#waterfall svg', { timeout: 120_000 });
      waterfall = await page.locator('#waterfall svg').evaluate((el) => el.outerHTML);
    }
    const explainStatus = (await page.textContent('#explain-status')) ?? '';
    const screenshot = await page.screenshot({ type: 'png', fullPage: true });
    return { accuracy, nodes, confusionRows, screenshot, waterfall, explainStatus, errors };
  });
}
