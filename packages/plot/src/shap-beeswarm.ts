/**
 * beeswarmSvg: many predictions explained at once (shap's beeswarm / summary plot). One row per
 * feature, ordered by mean |SHAP value|; each explained row is a dot at its SHAP value, coloured by
 * the feature's value (blue low → red high, grey missing) and stacked where dots crowd. Beyond
 * `maxDisplay` rows the remaining features' SHAP values are summed per explained row into one
 * "N other features" row, so 5 or 100 features give a picture of the same size.
 */
import { nonNegativeInt } from '@dt/errors';
import type { ShapValues } from '@dt/explain';
import { checkShapValues } from '@dt/explain';
import { FONT, clip, esc, featureNames, fmt, maxDisplay, outputIndex, outputLabel, pictureOptions, ramp, shapAt, ticks, topFeatures } from './shap-svg.js';

/** Options of the SHAP beeswarm picture (every row's values per feature): the output and the features shown. */
export interface BeeswarmOptions {
  /** The output (class) explained (default 0; the positive class of a binary classifier). */
  output?: number;
  /** Rows of the picture, the last one summing the remaining features (default 20). */
  maxDisplay?: number;
  featureNames?: readonly string[] | null;
  /** Picture width in pixels (default 760). */
  width?: number;
  title?: string;
}

const KEYS = ['output', 'maxDisplay', 'featureNames', 'width', 'title'];
const ROW_H = 30;
const LABEL_W = 215;
const DOT = 2.6;

/** A beeswarm summary of every explained row's SHAP values, as a standalone SVG string. */
export function beeswarmSvg(shap: ShapValues, options: BeeswarmOptions = {}): string {
  checkShapValues(shap);
  const o = pictureOptions(options, KEYS);
  const output = outputIndex(shap, o.output);
  const k = maxDisplay(o.maxDisplay, 20);
  const names = featureNames(shap, o.featureNames as readonly string[] | null | undefined);
  const width = o.width === undefined ? 760 : Math.max(400, nonNegativeInt('width', o.width));
  const title = o.title === undefined ? null : String(o.title);
  const M = shap.nFeatures;
  const N = shap.rows;
  const meanAbs = new Float64Array(M);
  for (let r = 0; r < N; r++) for (let j = 0; j < M; j++) meanAbs[j]! += Math.abs(shapAt(shap, r, j, output)) / N;
  const { shown, rest } = topFeatures(meanAbs, k);

  // Per picture row: SHAP values and colour positions of the explained rows.
  const rowsPhi: Float64Array[] = [];
  const rowsColor: Float64Array[] = [];
  const labels: { text: string; full: string }[] = [];
  for (const j of shown) {
    const phi = new Float64Array(N);
    const xs: number[] = [];
    for (let r = 0; r < N; r++) {
      phi[r] = shapAt(shap, r, j, output);
      const x = shap.data[r * M + j]!;
      if (x === x) xs.push(x);
    }
    xs.sort((a, b) => a - b);
    const lo = xs.length > 0 ? xs[Math.floor(0.05 * (xs.length - 1))]! : 0;
    const hi = xs.length > 0 ? xs[Math.ceil(0.95 * (xs.length - 1))]! : 1;
    const c = new Float64Array(N);
    for (let r = 0; r < N; r++) {
      const x = shap.data[r * M + j]!;
      c[r] = x !== x ? Number.NaN : hi > lo ? (x - lo) / (hi - lo) : 0.5;
    }
    rowsPhi.push(phi);
    rowsColor.push(c);
    labels.push({ text: clip(names[j]!, 26), full: names[j]! });
  }
  if (rest.length > 0) {
    const phi = new Float64Array(N);
    for (let r = 0; r < N; r++) for (const j of rest) phi[r]! += shapAt(shap, r, j, output);
    rowsPhi.push(phi);
    rowsColor.push(new Float64Array(N).fill(Number.NaN));
    const text = `${rest.length} other features`;
    labels.push({ text, full: `${text} (summed)` });
  }
  let lo = 0;
  let hi = 0;
  for (const phi of rowsPhi) for (const v of phi) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const pad = (hi - lo) * 0.05 || 1e-3;
  lo -= pad;
  hi += pad;
  const top = title === null ? 14 : 40;
  const x0 = LABEL_W;
  const x1 = width - 90;
  const sx = (v: number): number => x0 + ((v - lo) / (hi - lo)) * (x1 - x0);
  const plotH = rowsPhi.length * ROW_H;
  const height = top + plotH + 50;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT} font-size="12">`);
  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  parts.push(`<defs><linearGradient id="shap-ramp" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${ramp(0)}"/><stop offset="0.5" stop-color="${ramp(0.5)}"/><stop offset="1" stop-color="${ramp(1)}"/></linearGradient></defs>`);
  if (title !== null) parts.push(`<text x="${width / 2}" y="22" text-anchor="middle" font-size="14" font-weight="600">${esc(title)}</text>`);
  parts.push(`<line x1="${sx(0).toFixed(1)}" y1="${top}" x2="${sx(0).toFixed(1)}" y2="${top + plotH}" stroke="#999"/>`);
  const binW = DOT * 1.6;
  const maxStack = Math.floor((ROW_H / 2 - DOT) / (DOT * 1.2));
  rowsPhi.forEach((phi, i) => {
    const yc = top + i * ROW_H + ROW_H / 2;
    parts.push(`<line x1="${x0}" y1="${yc}" x2="${x1}" y2="${yc}" stroke="#eeeeee"/>`);
    parts.push(`<text x="${x0 - 10}" y="${yc + 4}" text-anchor="end" fill="#333"><title>${esc(labels[i]!.full)}</title>${esc(labels[i]!.text)}</text>`);
    // Dots in the same horizontal bin stack outwards alternately above and below the row's line.
    const order = Array.from(phi.keys()).sort((a, b) => phi[a]! - phi[b]!);
    const filled = new Map<number, number>();
    const colors = rowsColor[i]!;
    for (const r of order) {
      const x = sx(phi[r]!);
      const bin = Math.round(x / binW);
      const n = filled.get(bin) ?? 0;
      filled.set(bin, n + 1);
      const level = Math.ceil(n / 2) % (maxStack + 1);
      const dy = (n % 2 === 0 ? 1 : -1) * level * DOT * 1.2;
      parts.push(`<circle cx="${x.toFixed(1)}" cy="${(yc + dy).toFixed(1)}" r="${DOT}" fill="${ramp(colors[r]!)}" fill-opacity="0.85"/>`);
    }
  });
  const axisY = top + plotH + 4;
  parts.push(`<line x1="${x0}" y1="${axisY}" x2="${x1}" y2="${axisY}" stroke="#333"/>`);
  for (const t of ticks(lo, hi, 6)) {
    parts.push(`<line x1="${sx(t).toFixed(1)}" y1="${axisY}" x2="${sx(t).toFixed(1)}" y2="${axisY + 4}" stroke="#333"/>`);
    parts.push(`<text x="${sx(t).toFixed(1)}" y="${axisY + 16}" text-anchor="middle" fill="#555" font-size="11">${esc(fmt(t))}</text>`);
  }
  parts.push(`<text x="${(x0 + x1) / 2}" y="${axisY + 36}" text-anchor="middle" fill="#333">SHAP value (impact on ${esc(outputLabel(shap, output))})</text>`);
  // Colour bar.
  const cbx = x1 + 40;
  const cbh = Math.min(160, plotH - 20);
  const cby = top + (plotH - cbh) / 2;
  parts.push(`<rect x="${cbx}" y="${cby}" width="8" height="${cbh}" fill="url(#shap-ramp)"/>`);
  parts.push(`<text x="${cbx + 4}" y="${cby - 6}" text-anchor="middle" fill="#555" font-size="11">High</text>`);
  parts.push(`<text x="${cbx + 4}" y="${cby + cbh + 14}" text-anchor="middle" fill="#555" font-size="11">Low</text>`);
  parts.push(`<text transform="translate(${cbx + 24},${cby + cbh / 2}) rotate(-90)" text-anchor="middle" fill="#555" font-size="11">Feature value</text>`);
  parts.push('</svg>');
  return parts.join('\n');
}
