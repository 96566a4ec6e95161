import type { Browser } from 'playwright-core';

/** Path of the system Chromium (DT_CHROMIUM, else /usr/bin/chromium and friends), or null. */
export function findChromium(): string | null;
/** Why browser tests skip (no Chromium), or null when one is installed. */
export function chromiumSkipReason(): string | null;
/** Launches headless Chromium, runs fn, always closes it. */
export function withBrowser<T>(fn: (browser: Browser) => Promise<T>): Promise<T>;
/** A PNG of an SVG string at its own size, rendered by the browser. */
export function svgToPng(browser: Browser, svg: string): Promise<Buffer>;
/** Serves dir on 127.0.0.1 (a free port) until close(); at most maxRequests requests. */
export function serveStatic(dir: string, options?: { maxRequests?: number }): Promise<{ url: string; close(): Promise<void> }>;
