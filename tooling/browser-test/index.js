// Browser tests drive the system's Chromium (Debian's `chromium` package) through playwright-core
// with an explicit executablePath: nothing is downloaded. When no Chromium is installed, tests skip
// and say why (chromiumSkipReason).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export function findChromium() {
  const fromEnv = process.env.DT_CHROMIUM;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

export function chromiumSkipReason() {
  if (findChromium() !== null) return null;
  return `no Chromium found (looked at ${process.env.DT_CHROMIUM ?? CANDIDATES.join(', ')}; install Debian's chromium or set DT_CHROMIUM)`;
}

export async function withBrowser(fn) {
  const executablePath = findChromium();
  if (executablePath === null) throw new Error(chromiumSkipReason());
  const { chromium } = await import('playwright-core');
  // --no-sandbox: CI containers run as root, where Chromium's sandbox cannot start.
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], timeout: 60_000 });
  try {
    return await fn(browser);
  } finally {
    await browser.close();
  }
}

export async function svgToPng(browser, svg) {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  try {
    await page.setContent(`<!doctype html><html><body style="margin:0;background:#fff">${svg}</body></html>`);
    return await page.locator('svg').first().screenshot({ type: 'png' });
  } finally {
    await page.close();
  }
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png', '.wasm': 'application/wasm' };

export async function serveStatic(dir, { maxRequests = 1000 } = {}) {
  const root = resolve(dir);
  let served = 0;
  const server = createServer((req, res) => {
    if (++served > maxRequests) {
      res.writeHead(503).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let path = normalize(join(root, decodeURIComponent(url.pathname)));
    if (path !== root && !path.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(path) && statSync(path).isDirectory()) path = join(path, 'index.html');
    if (!existsSync(path)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
    res.end(readFileSync(path));
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    }),
  };
}
