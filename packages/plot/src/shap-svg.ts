/**
 * What the SHAP pictures (waterfall, beeswarm, dependence) share: escaping of names, number labels,
 * axis ticks, shap's red/blue colours and the feature-value colour ramp, and the choice of which
 * features get a row of their own (the k − 1 largest, the rest summed into one "other features"
 * row, so 5 or 100 features give a picture of the same size).
 */
import { InvalidArgumentError, intAtLeast, knownKeys, nonNegativeInt, plainObject } from '@dt/errors';
import type { ShapValues } from '@dt/explain';

/** shap's colours: positive (pushes the output up) and negative SHAP values. */
export const POSITIVE = '#ff0051';
export const NEGATIVE = '#008bfb';
export const FONT = 'font-family="system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif"';

/** Text safe inside SVG elements and attributes. */
export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A name cut to `max` characters with an ellipsis (the full name goes in a <title>). */
export function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

/** A compact number label: 3 significant digits, no exponent for ordinary magnitudes. */
export function fmt(v: number): string {
  if (v !== v) return 'NaN';
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e5 || a < 1e-3) return v.toExponential(2);
  return String(Number(v.toPrecision(3)));
}

/** About `n` round tick values covering [lo, hi]. */
export function ticks(lo: number, hi: number, n = 5): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / n;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(Math.abs(t) < step * 1e-9 ? 0 : Number(t.toPrecision(12)));
  return out;
}

/** Blue (low) → purple → red (high) for t in [0, 1], shap's feature-value ramp; grey for NaN. */
export function ramp(t: number): string {
  if (t !== t) return '#999999';
  const u = Math.max(0, Math.min(1, t));
  const a = [0, 139, 251];
  const m = [125, 0, 200];
  const b = [255, 0, 81];
  const [from, to, s] = u < 0.5 ? [a, m, u * 2] : [m, b, (u - 0.5) * 2];
  return `#${from.map((c, i) => Math.round(c + (to[i]! - c) * s).toString(16).padStart(2, '0')).join('')}`;
}

/** Feature names (given, the result's, or "feature i"). */
export function featureNames(shap: ShapValues, names: readonly string[] | null | undefined): string[] {
  const given = names ?? shap.featureNames;
  if (given !== null && given !== undefined) {
    if (given.length !== shap.nFeatures) throw new InvalidArgumentError('featureNames', `${shap.nFeatures} names`, given);
    return given.map(String);
  }
  return Array.from({ length: shap.nFeatures }, (_, j) => `feature ${j}`);
}

/** The explained output (class) index, validated. */
export function outputIndex(shap: ShapValues, output: unknown): number {
  if (output === undefined) return shap.nOutputs === 2 && shap.units === 'probability' ? 1 : 0;
  const k = nonNegativeInt('output', output);
  if (k >= shap.nOutputs) throw new InvalidArgumentError('output', `an output index below ${shap.nOutputs}`, output);
  return k;
}

/** Checks an options object against its keys and returns it as a record. */
export function pictureOptions(raw: unknown, keys: readonly string[]): Record<string, unknown> {
  const o = plainObject('options', raw ?? {});
  knownKeys('options', o, keys);
  return o;
}

/** `maxDisplay` (rows of the picture, the last one summing the remaining features), at least 2. */
export function maxDisplay(v: unknown, fallback: number): number {
  return v === undefined ? fallback : intAtLeast('maxDisplay', v, 2);
}

/**
 * Feature order by decreasing score, cut to `k` rows: the k − 1 best then one row for the rest when
 * more than k features exist. Returns the features with rows of their own and the rest.
 */
export function topFeatures(score: Float64Array, k: number): { shown: number[]; rest: number[] } {
  const order = Array.from(score.keys()).sort((a, b) => score[b]! - score[a]! || a - b);
  if (order.length <= k) return { shown: order, rest: [] };
  return { shown: order.slice(0, k - 1), rest: order.slice(k - 1) };
}

/** The value of (row, feature, output). */
export function shapAt(shap: ShapValues, row: number, feature: number, output: number): number {
  return shap.values[(row * shap.nFeatures + feature) * shap.nOutputs + output]!;
}

/** "Output" label for axes: the units and the class name when there are several outputs. */
export function outputLabel(shap: ShapValues, output: number): string {
  const unit = shap.units === 'probability' ? 'probability' : shap.units === 'margin' ? 'raw margin' : 'model output';
  const name = shap.outputNames?.[output];
  return name !== undefined && shap.nOutputs > 1 ? `${unit} of ${name}` : unit;
}
