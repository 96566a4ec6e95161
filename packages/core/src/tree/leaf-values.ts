import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';
import { isNumberView, toSampleWeight, toTargets } from '../data/input.js';
import type { ClassLabel } from '../data/labels.js';

/**
 * Class of the largest value per row's leaf (`value` holds C class weights per node; ties go to the
 * first class, as numpy.argmax).
 */
export function leafArgmax(value: Float64Array, leaves: Int32Array, C: number): Int32Array {
  const out = new Int32Array(leaves.length);
  for (let r = 0; r < leaves.length; r++) {
    const base = leaves[r]! * C;
    let best = 0;
    for (let c = 1; c < C; c++) if (value[base + c]! > value[base + best]!) best = c;
    out[r] = best;
  }
  return out;
}

/** The leaf class weights of each row normalised to probabilities (rows × C, row-major; uniform for an empty leaf). */
export function leafProba(value: Float64Array, leaves: Int32Array, C: number): Float64Array {
  const out = new Float64Array(leaves.length * C);
  for (let r = 0; r < leaves.length; r++) {
    const base = leaves[r]! * C;
    let sum = 0;
    for (let c = 0; c < C; c++) sum += value[base + c]!;
    for (let c = 0; c < C; c++) out[r * C + c] = sum > 0 ? value[base + c]! / sum : 1 / C;
  }
  return out;
}

/** A row-major rows × C array as one array per row. */
export function splitRows(flat: Float64Array, C: number): number[][] {
  const out: number[][] = new Array(flat.length / C);
  for (let r = 0; r < out.length; r++) out[r] = Array.from(flat.subarray(r * C, r * C + C));
  return out;
}

/** The leaf value (one output) of each row. */
export function leafValue(value: Float64Array, leaves: Int32Array): Float64Array {
  const out = new Float64Array(leaves.length);
  for (let r = 0; r < leaves.length; r++) out[r] = value[leaves[r]!]!;
  return out;
}

/** Share of predictions equal to the labels (weighted by sampleWeight when given). */
export function accuracyScore(pred: readonly ClassLabel[], y: unknown, sampleWeight?: ArrayLike<number> | null): number {
  if (!Array.isArray(y) && !isNumberView(y)) throw new InvalidArgumentError('y', 'an array of labels', y);
  const arr = y as ArrayLike<ClassLabel>;
  if (arr.length !== pred.length) throw new ShapeMismatchError(`y has ${arr.length} labels but X has ${pred.length} rows`);
  const w = toSampleWeight(sampleWeight, pred.length);
  let ok = 0;
  for (let i = 0; i < pred.length; i++) if (pred[i] === arr[i]) ok += w ? w[i]! : 1;
  return ok / (w ? sum(w) : pred.length);
}

/**
 * Coefficient of determination R² (1 for a perfect fit of constant targets, 0 for an imperfect one),
 * weighted by sampleWeight when given (scikit-learn's r2_score).
 */
export function r2Score(pred: Float64Array, given: unknown, sampleWeight?: ArrayLike<number> | null): number {
  const y = toTargets(given, pred.length);
  const w = toSampleWeight(sampleWeight, y.length);
  let mean = 0;
  for (let i = 0; i < y.length; i++) mean += (w ? w[i]! : 1) * y[i]!;
  mean /= w ? sum(w) : y.length;
  let ssRes = 0;
  let ssTot = 0;
  for (let i = 0; i < y.length; i++) {
    const wi = w ? w[i]! : 1;
    ssRes += wi * (y[i]! - pred[i]!) ** 2;
    ssTot += wi * (y[i]! - mean) ** 2;
  }
  return ssTot === 0 ? (ssRes === 0 ? 1 : 0) : 1 - ssRes / ssTot;
}

function sum(w: Float64Array): number {
  let s = 0;
  for (let i = 0; i < w.length; i++) s += w[i]!;
  return s;
}

/** Natural logs of probabilities (log 0 = -Infinity, as numpy), same layout. */
export function logProba(proba: number[][]): number[][] {
  return proba.map((row) => row.map((p) => Math.log(p)));
}

/** Validated feature names for d features (a copy), or null. */
export function checkFeatureNames(names: readonly string[] | null | undefined, d: number): string[] | null {
  if (names === undefined || names === null) return null;
  if (!Array.isArray(names) || names.length !== d || names.some((s) => typeof s !== 'string')) {
    throw new ShapeMismatchError(`featureNames must be ${d} strings, got ${JSON.stringify(names).slice(0, 80)}`);
  }
  return [...names];
}
