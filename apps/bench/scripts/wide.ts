// Issue #18, wide data: fit CPU and memory of one named algorithm on n rows × d features (default
// 50 × 20,000; uniform features, 3 classes, class k shifts features 0..9 by k), process peak RSS.
// Usage: copy into <worktree>/apps/bench/src/ and run, one process per algorithm (peak RSS is per process):
//   for a in gini-features gini-pre-pca ... hhcart-d; do
//     /usr/bin/time -f "maxrss %M KB" npx tsx --conditions=@dt/source src/wide.ts $a 50 20000; done
import { createHash } from 'node:crypto';
import { createClassifier, listAlgorithms, serializeModel } from '@dt/core';
const name = process.argv[2] as ReturnType<typeof listAlgorithms>[number];
if (!listAlgorithms().includes(name)) throw new Error(`algorithm ${name}: one of ${listAlgorithms().join(', ')}`);
const n = Number(process.argv[3] ?? 50), d = Number(process.argv[4] ?? 20000);
let s = 12345;
const rnd = () => { s = (s + 0x6d2b79f5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const data = new Float64Array(n * d);
const y = new Int32Array(n);
for (let i = 0; i < n; i++) {
  y[i] = i % 3;
  for (let j = 0; j < d; j++) data[i * d + j] = rnd() + (j < 10 ? y[i]! : 0);
}
const rss0 = process.memoryUsage().rss;
const c0 = process.cpuUsage();
const m = createClassifier(name).fit({ data, rows: n, cols: d }, y);
const c1 = process.cpuUsage(c0);
const p = m.predict({ data, rows: n, cols: d });
let acc = 0;
for (let i = 0; i < n; i++) if (p[i] === y[i]) acc++;
// The model's hash: the same tree before and after a speed change.
const model = serializeModel(m);
const hash = createHash('sha256').update(typeof model === 'string' ? model : JSON.stringify(model)).digest('hex').slice(0, 16);
console.log(JSON.stringify({ name, n, d, fitCpuS: +((c1.user + c1.system) / 1e6).toFixed(3), leaves: m.nLeaves, trainAcc: acc / n, rssBeforeFitMB: Math.round(rss0 / 1e6), hash }));
