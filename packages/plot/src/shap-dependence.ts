/**
 * dependenceSvg: how one feature's SHAP value depends on its value (shap's dependence plot), one dot
 * per explained row, optionally coloured by a second feature's value (interaction effects show as
 * colour bands). Rows where the feature is missing sit in a separate "missing" strip at the left.
 */
import { InvalidArgumentError, nonNegativeInt } from '@dt/errors';
import type { ShapValues } from '@dt/explain';
import { checkShapValues } from '@dt/explain';
import { FONT, NEGATIVE, clip, esc, featureNames, fmt, outputIndex, outputLabel, pictureOptions, ramp, shapAt, ticks } from './shap-svg.js';

/** Options of the SHAP dependence picture (a feature's value against its SHAP value): `feature` is required. */
export interface DependenceOptions {
  /** The feature on the x axis (index). */
  feature: number;
  /** A feature whose value colours the dots (index), or null (default: one colour). */
  color?: number | null;
  output?: number;
  featureNames?: readonly string[] | null;
  /** Picture width in pixels (default 640; height is 0.7 × width). */
  width?: number;
  title?: string;
}

const KEYS = ['feature', 'color', 'output', 'featureNames', 'width', 'title'];

function featureIndex(name: string, v: unknown, M: number): number {
  const j = nonNegativeInt(name, v);
  if (j >= M) throw new InvalidArgumentError(name, `a feature index below ${M}`, v);
  return j;
}

/** A dependence plot of one feature's SHAP values against its values, as a standalone SVG string. */
export function dependenceSvg(shap: ShapValues, options: DependenceOptions): string {
  checkShapValues(shap);
  const o = pictureOptions(options, KEYS);
  const M = shap.nFeatures;
  const N = shap.rows;
  const f = featureIndex('feature', o.feature, M);
  const c = o.color === undefined || o.color === null ? null : featureIndex('color', o.color, M);
  const output = outputIndex(shap, o.output);
  const names = featureNames(shap, o.featureNames as readonly string[] | null | undefined);
  const width = o.width === undefined ? 640 : Math.max(360, nonNegativeInt('width', o.width));
  const height = Math.round(width * 0.7);
  const title = o.title === undefined ? null : String(o.title);
  let xlo = Infinity;
  let xhi = -Infinity;
  let ylo = Infinity;
  let yhi = -Infinity;
  let missing = 0;
  for (let r = 0; r < N; r++) {
    const x = shap.data[r * M + f]!;
    const y = shapAt(shap, r, f, output);
    if (x === x) {
      xlo = Math.min(xlo, x);
      xhi = Math.max(xhi, x);
    } else missing++;
    ylo = Math.min(ylo, y);
    yhi = Math.max(yhi, y);
  }
  if (!(xhi >= xlo)) {
    xlo = 0;
    xhi = 1;
  }
  const xpad = (xhi - xlo) * 0.04 || 0.5;
  const ypad = (yhi - ylo) * 0.08 || 1e-3;
  xlo -= xpad;
  xhi += xpad;
  ylo -= ypad;
  yhi += ypad;
  let clo = 0;
  let chi = 1;
  if (c !== null) {
    const vs: number[] = [];
    for (let r = 0; r < N; r++) {
      const v = shap.data[r * M + c]!;
      if (v === v) vs.push(v);
    }
    vs.sort((a, b) => a - b);
    if (vs.length > 0) {
      clo = vs[Math.floor(0.05 * (vs.length - 1))]!;
      chi = vs[Math.ceil(0.95 * (vs.length - 1))]!;
    }
  }
  const top = title === null ? 16 : 40;
  const left = 70 + (missing > 0 ? 40 : 0);
  const right = width - (c === null ? 20 : 90);
  const bottom = height - 50;
  const sx = (v: number): number => left + ((v - xlo) / (xhi - xlo)) * (right - left);
  const sy = (v: number): number => bottom - ((v - ylo) / (yhi - ylo)) * (bottom - top);
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT} font-size="12">`);
  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  parts.push(`<defs><linearGradient id="shap-dep-ramp" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${ramp(0)}"/><stop offset="0.5" stop-color="${ramp(0.5)}"/><stop offset="1" stop-color="${ramp(1)}"/></linearGradient></defs>`);
  if (title !== null) parts.push(`<text x="${width / 2}" y="22" text-anchor="middle" font-size="14" font-weight="600">${esc(title)}</text>`);
  parts.push(`<rect x="${left}" y="${top}" width="${right - left}" height="${bottom - top}" fill="none" stroke="#ccc"/>`);
  if (ylo < 0 && yhi > 0) parts.push(`<line x1="${left}" y1="${sy(0).toFixed(1)}" x2="${right}" y2="${sy(0).toFixed(1)}" stroke="#bbb" stroke-dasharray="3,3"/>`);
  for (const t of ticks(xlo, xhi, 6)) {
    parts.push(`<line x1="${sx(t).toFixed(1)}" y1="${bottom}" x2="${sx(t).toFixed(1)}" y2="${bottom + 4}" stroke="#333"/>`);
    parts.push(`<text x="${sx(t).toFixed(1)}" y="${bottom + 16}" text-anchor="middle" fill="#555" font-size="11">${esc(fmt(t))}</text>`);
  }
  for (const t of ticks(ylo, yhi, 5)) {
    parts.push(`<line x1="${left - 4}" y1="${sy(t).toFixed(1)}" x2="${left}" y2="${sy(t).toFixed(1)}" stroke="#333"/>`);
    parts.push(`<text x="${left - 6}" y="${(sy(t) + 4).toFixed(1)}" text-anchor="end" fill="#555" font-size="11">${esc(fmt(t))}</text>`);
  }
  if (missing > 0) {
    parts.push(`<text x="${left - 36}" y="${bottom + 16}" text-anchor="middle" fill="#555" font-size="11">missing</text>`);
  }
  for (let r = 0; r < N; r++) {
    const x = shap.data[r * M + f]!;
    const y = sy(shapAt(shap, r, f, output));
    const cx = x === x ? sx(x) : left - 36 + (((r * 7919) % 17) - 8);
    let fill = NEGATIVE;
    if (c !== null) {
      const v = shap.data[r * M + c]!;
      fill = ramp(v !== v ? Number.NaN : chi > clo ? (v - clo) / (chi - clo) : 0.5);
    }
    parts.push(`<circle cx="${cx.toFixed(1)}" cy="${y.toFixed(1)}" r="2.8" fill="${fill}" fill-opacity="0.8"/>`);
  }
  parts.push(`<text x="${(left + right) / 2}" y="${height - 14}" text-anchor="middle" fill="#333"><title>${esc(names[f]!)}</title>${esc(clip(names[f]!, 60))}</text>`);
  parts.push(`<text transform="translate(16,${(top + bottom) / 2}) rotate(-90)" text-anchor="middle" fill="#333">SHAP value for ${esc(clip(names[f]!, 18))} (${esc(outputLabel(shap, output))})</text>`);
  if (c !== null) {
    const cbx = right + 30;
    const cbh = Math.min(180, bottom - top - 20);
    const cby = top + (bottom - top - cbh) / 2;
    parts.push(`<rect x="${cbx}" y="${cby}" width="8" height="${cbh}" fill="url(#shap-dep-ramp)"/>`);
    parts.push(`<text x="${cbx + 4}" y="${cby - 6}" text-anchor="middle" fill="#555" font-size="11">High</text>`);
    parts.push(`<text x="${cbx + 4}" y="${cby + cbh + 14}" text-anchor="middle" fill="#555" font-size="11">Low</text>`);
    parts.push(`<text transform="translate(${cbx + 24},${cby + cbh / 2}) rotate(-90)" text-anchor="middle" fill="#555" font-size="11"><title>${esc(names[c]!)}</title>${esc(clip(names[c]!, 24))}</text>`);
  }
  parts.push('</svg>');
  return parts.join('\n');
}
