/**
 * waterfallSvg: one prediction explained as shap's waterfall plot. The bottom starts at the expected
 * value E[f(X)]; each row moves it by one feature's SHAP value (red up, blue down), largest |value|
 * at the top, and the top ends at the prediction f(x). Beyond `maxDisplay` rows the smallest
 * features are summed into one "N other features" row, so 5 or 100 features read the same.
 */
import { InvalidArgumentError, nonNegativeInt } from '@dt/errors';
import type { ShapValues } from '@dt/explain';
import { checkShapValues } from '@dt/explain';
import { FONT, NEGATIVE, POSITIVE, clip, esc, featureNames, fmt, maxDisplay, outputIndex, outputLabel, pictureOptions, shapAt, ticks, topFeatures } from './shap-svg.js';

/** Options of the SHAP waterfall picture of one row: the row, the output and the features shown. */
export interface WaterfallOptions {
  /** The explained row (default 0). */
  row?: number;
  /** The output (class) explained (default 0; the positive class of a binary classifier). */
  output?: number;
  /** Rows of bars, the last one summing the remaining features (default 10). */
  maxDisplay?: number;
  /** Feature names (default: the result's, else "feature i"). */
  featureNames?: readonly string[] | null;
  /** Picture width in pixels (default 720). */
  width?: number;
  /** A title above the picture. */
  title?: string;
}

const KEYS = ['row', 'output', 'maxDisplay', 'featureNames', 'width', 'title'];
const ROW_H = 28;
const LABEL_W = 250;

/** A waterfall plot of one row's SHAP values, as a standalone SVG string. */
export function waterfallSvg(shap: ShapValues, options: WaterfallOptions = {}): string {
  checkShapValues(shap);
  const o = pictureOptions(options, KEYS);
  const row = o.row === undefined ? 0 : nonNegativeInt('row', o.row);
  if (row >= shap.rows) throw new InvalidArgumentError('row', `a row index below ${shap.rows}`, o.row);
  const output = outputIndex(shap, o.output);
  const k = maxDisplay(o.maxDisplay, 10);
  const names = featureNames(shap, o.featureNames as readonly string[] | null | undefined);
  const width = o.width === undefined ? 720 : Math.max(360, nonNegativeInt('width', o.width));
  const title = o.title === undefined ? null : String(o.title);

  const M = shap.nFeatures;
  const phi = new Float64Array(M);
  const score = new Float64Array(M);
  for (let j = 0; j < M; j++) {
    phi[j] = shapAt(shap, row, j, output);
    score[j] = Math.abs(phi[j]!);
  }
  const { shown, rest } = topFeatures(score, k);
  interface Bar {
    label: string;
    full: string;
    value: number;
  }
  const bars: Bar[] = shown.map((j) => {
    const x = shap.data[row * M + j]!;
    const value = x !== x ? 'missing' : fmt(x);
    return { label: `${value} = ${clip(names[j]!, 24)}`, full: `${value} = ${names[j]!}`, value: phi[j]! };
  });
  if (rest.length > 0) {
    let s = 0;
    for (const j of rest) s += phi[j]!;
    const label = `${rest.length} other features`;
    bars.push({ label, full: label, value: s });
  }
  const base = shap.expectedValue[output]!;
  const fx = shap.prediction[row * shap.nOutputs + output]!;
  // Cumulative positions from the bottom row (last) up to the top (first).
  const start = new Float64Array(bars.length);
  let acc = base;
  for (let i = bars.length - 1; i >= 0; i--) {
    start[i] = acc;
    acc += bars[i]!.value;
  }
  let lo = Math.min(base, fx);
  let hi = Math.max(base, fx);
  for (let i = 0; i < bars.length; i++) {
    lo = Math.min(lo, start[i]!, start[i]! + bars[i]!.value);
    hi = Math.max(hi, start[i]!, start[i]! + bars[i]!.value);
  }
  const pad = (hi - lo) * 0.12 || Math.abs(hi) * 0.1 || 1;
  lo -= pad;
  hi += pad;
  const top = (title === null ? 0 : 26) + 34;
  const x0 = LABEL_W;
  const x1 = width - 60;
  const sx = (v: number): number => x0 + ((v - lo) / (hi - lo)) * (x1 - x0);
  const plotH = bars.length * ROW_H;
  const height = top + plotH + 56;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT} font-size="12">`);
  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  if (title !== null) parts.push(`<text x="${width / 2}" y="20" text-anchor="middle" font-size="14" font-weight="600">${esc(title)}</text>`);
  // f(x) at the top, E[f(X)] at the bottom, dashed guides through the rows.
  parts.push(`<line x1="${sx(fx)}" y1="${top - 8}" x2="${sx(fx)}" y2="${top + plotH}" stroke="#888" stroke-dasharray="3,3"/>`);
  parts.push(`<text x="${sx(fx)}" y="${top - 14}" text-anchor="middle" fill="#333"><tspan font-style="italic">f(x)</tspan> = ${esc(fmt(fx))}</text>`);
  parts.push(`<line x1="${sx(base)}" y1="${top}" x2="${sx(base)}" y2="${top + plotH + 8}" stroke="#888" stroke-dasharray="3,3"/>`);
  for (let i = 0; i < bars.length; i++) {
    const b = bars[i]!;
    const y = top + i * ROW_H;
    const a = sx(start[i]!);
    const e = sx(start[i]! + b.value);
    const color = b.value >= 0 ? POSITIVE : NEGATIVE;
    const left = Math.min(a, e);
    const w = Math.abs(e - a);
    const tip = Math.min(8, w);
    const h = ROW_H - 8;
    const yt = y + 4;
    // An arrow pointing the way the feature moves the output.
    const pts =
      b.value >= 0
        ? [[left, yt], [left + w - tip, yt], [left + w, yt + h / 2], [left + w - tip, yt + h], [left, yt + h]]
        : [[left + tip, yt], [left + w, yt], [left + w, yt + h], [left + tip, yt + h], [left, yt + h / 2]];
    if (i % 2 === 0) parts.push(`<rect x="0" y="${y}" width="${width}" height="${ROW_H}" fill="#f6f6f6"/>`);
    parts.push(`<text x="${x0 - 10}" y="${y + ROW_H / 2 + 4}" text-anchor="end" fill="#333"><title>${esc(b.full)}</title>${esc(b.label)}</text>`);
    parts.push(`<polygon points="${pts.map(([px, py]) => `${px!.toFixed(1)},${py!.toFixed(1)}`).join(' ')}" fill="${color}"><title>${esc(b.full)}: ${esc(fmt(b.value))}</title></polygon>`);
    const text = `${b.value >= 0 ? '+' : '−'}${fmt(Math.abs(b.value))}`;
    const inside = w > 7 * text.length + 14;
    const tx = inside ? left + w / 2 : b.value >= 0 ? left + w + 4 : left - 4;
    const anchor = inside ? 'middle' : b.value >= 0 ? 'start' : 'end';
    parts.push(`<text x="${tx.toFixed(1)}" y="${y + ROW_H / 2 + 4}" text-anchor="${anchor}" fill="${inside ? '#ffffff' : color}" font-weight="600">${text}</text>`);
    // Connector from this bar's end to the next (upper) bar's start.
    if (i > 0) parts.push(`<line x1="${a.toFixed(1)}" y1="${y + 4}" x2="${a.toFixed(1)}" y2="${y - 4}" stroke="#bbb"/>`);
  }
  const axisY = top + plotH + 8;
  parts.push(`<line x1="${x0}" y1="${axisY}" x2="${x1}" y2="${axisY}" stroke="#333"/>`);
  for (const t of ticks(lo, hi, 6)) {
    parts.push(`<line x1="${sx(t).toFixed(1)}" y1="${axisY}" x2="${sx(t).toFixed(1)}" y2="${axisY + 4}" stroke="#333"/>`);
    parts.push(`<text x="${sx(t).toFixed(1)}" y="${axisY + 16}" text-anchor="middle" fill="#555" font-size="11">${esc(fmt(t))}</text>`);
  }
  parts.push(`<text x="${sx(base)}" y="${axisY + 32}" text-anchor="middle" fill="#333"><tspan font-style="italic">E[f(X)]</tspan> = ${esc(fmt(base))}</text>`);
  parts.push(`<text x="${x1}" y="${axisY + 46}" text-anchor="end" fill="#777" font-size="11">${esc(outputLabel(shap, output))}</text>`);
  parts.push('</svg>');
  return parts.join('\n');
}
