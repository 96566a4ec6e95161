// Before/after check for issue #19 (native missing values): fit CPU time on NaN-free data.
// Usage: copy into <worktree>/apps/bench/src/ and run
//   `npx tsx --conditions=@dt/source src/missing-speed.ts magic|fashion10k [reps] [best|hist|random] [nanFraction]`.
// nanFraction > 0 blanks that fraction of the cells (deterministic pattern) to time fits with NaN.
import { DecisionTreeClassifier } from '@dt/core';
import { loadDataset } from '@dt/datasets';
import { loadFashionMnist } from '@dt/datasets/node';

const which = process.argv[2] ?? 'magic';
const reps = Number(process.argv[3] ?? 5);
const splitter = (process.argv[4] ?? 'best') as 'best' | 'hist' | 'random';
const nanFraction = Number(process.argv[5] ?? 0);
function cpu(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}
async function data() {
  if (which === 'magic') {
    const ds = await loadDataset('magic-gamma');
    return { X: ds.X, y: ds.y };
  }
  const f = loadFashionMnist({ split: 'train', limit: 10000 } as never) as never as { X: { data: Float64Array; rows: number; cols: number }; y: number[] };
  return { X: f.X, y: Array.from(f.y) };
}
const { X: X0, y } = await data();
const X = nanFraction > 0 ? withNaN(X0 as never) : X0;
function withNaN(x: { data: ArrayLike<number>; rows: number; cols: number }) {
  const out = Float64Array.from(x.data);
  // A multiplicative hash of the cell index: the same cells every run, about nanFraction of them.
  for (let i = 0; i < out.length; i++) if (((Math.imul(i + 1, 2654435761) >>> 0) / 4294967296) < nanFraction) out[i] = Number.NaN;
  return { data: out, rows: x.rows, cols: x.cols };
}
const times: number[] = [];
let nodes = 0;
for (let r = 0; r < reps; r++) {
  const m = new DecisionTreeClassifier({ splitter, seed: 1 });
  const c0 = cpu();
  m.fit(X as never, y as never);
  times.push(cpu() - c0);
  nodes = m.nodeCount;
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ which, splitter, nanFraction, reps, medianCpuS: times[times.length >> 1], minCpuS: times[0], nodes }));
