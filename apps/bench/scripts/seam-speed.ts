// Before/after check for issue #11 (split-search seam): tree fingerprints and fit CPU time, run from a worktree.
// Usage: copy into <worktree>/apps/bench/src/ and run `npx tsx --conditions=@dt/source src/seam-speed.ts magic|fashion10k|fashion60k [reps]`.
import { createHash } from 'node:crypto';
import { DecisionTreeClassifier, createClassifier, serializeModel } from '@dt/core';
import { loadDataset } from '@dt/datasets';
import { loadFashionMnist } from '@dt/datasets/node';

const which = process.argv[2] ?? 'magic';
const reps = Number(process.argv[3] ?? 5);
function cpu(): number { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; }
function hashModel(m: unknown): string {
  const j = JSON.parse(serializeModel(m as never));
  const t = j.tree ?? j;
  return createHash('sha1').update(JSON.stringify(t)).digest('hex').slice(0, 12);
}
async function data() {
  if (which === 'magic') { const ds = await loadDataset('magic-gamma'); return { X: ds.X, y: ds.y }; }
  const f = await loadFashionMnist({ split: 'train' } as never) as never as { X: { data: Float64Array; rows: number; cols: number }; y: number[] };
  const n = which === 'fashion10k' ? 10000 : f.X.rows;
  return { X: { data: f.X.data.subarray(0, n * f.X.cols), rows: n, cols: f.X.cols }, y: Array.from(f.y).slice(0, n) };
}
const { X, y } = await data();
const make = () => (which === 'fashion10k' ? createClassifier('maxcut-node-means-pca' as never) : new DecisionTreeClassifier({}));
const times: number[] = [];
let h = '';
for (let r = 0; r < reps; r++) {
  const m = make();
  const c0 = cpu();
  m.fit(X as never, y as never);
  times.push(cpu() - c0);
  h = hashModel(m);
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ which, reps, medianCpuS: times[times.length >> 1], minCpuS: times[0], tree: h }));
