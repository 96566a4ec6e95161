import { buildFeatureIndex } from '@dt/core';
import { createRandom, type Random } from '@dt/errors';
import type { FitData } from './fit-data.js';

export { createRandom };
export type { Random };

/** Random small data with ties: features from a few levels or continuous, labels or targets. */
export function randomData(rng: Random, task: 'classification' | 'regression', n: number, d: number): { data: FitData; rows: number[][]; labels: number[] } {
  const rows: number[][] = [];
  const levels = Array.from({ length: d }, () => (rng.next() < 0.5 ? 2 + rng.int(6) : 0));
  for (let i = 0; i < n; i++) rows.push(levels.map((L) => (L > 0 ? rng.int(L) : Math.round(rng.next() * 1000) / 100)));
  const nClasses = 2 + rng.int(3);
  const tiedTargets = rng.next() < 0.5;
  const labels = rows.map((r) => {
    const signal = r[0]! > (levels[0]! > 0 ? levels[0]! / 2 : 5) ? 1 : 0;
    if (task === 'classification') return rng.next() < 0.7 ? Math.min(nClasses - 1, signal + rng.int(2)) : rng.int(nClasses);
    const v = signal * 2 + rng.next() * 3;
    return tiedTargets ? Math.round(v) : Math.round(v * 1000) / 1000;
  });
  return { data: toFitData(rows, labels, task), rows, labels };
}

export function toFitData(rows: number[][], labels: number[], task: 'classification' | 'regression', categorical: number[] = []): FitData {
  const n = rows.length;
  const d = rows[0]!.length;
  const data = new Float64Array(n * d);
  for (let i = 0; i < n; i++) for (let f = 0; f < d; f++) data[f * n + i] = rows[i]![f]!;
  const X = { data, rows: n, cols: d };
  const cat = new Uint8Array(d);
  for (const f of categorical) cat[f] = 1;
  let nClasses = 0;
  if (task === 'classification') nClasses = Math.max(...labels) + 1;
  return {
    X,
    index: buildFeatureIndex(X),
    categorical: cat,
    task,
    codes: task === 'classification' ? Int32Array.from(labels) : null,
    nClasses,
    y: task === 'regression' ? Float64Array.from(labels) : null,
  };
}
