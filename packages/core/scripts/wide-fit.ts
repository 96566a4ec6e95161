/**
 * One fit of a named algorithm on random wide data (default 50 rows × 20,000 features, 3 classes),
 * for `/usr/bin/time -v` (peak memory) and CPU time. Usage (worktree root):
 *   npx tsx --conditions=@dt/source packages/core/scripts/wide-fit.ts hhcart-a [rows] [features]
 */
import { createRandom } from '@dt/errors';
import { createClassifier } from '../src/index.js';

const alg = process.argv[2] ?? 'hhcart-a';
const n = Number(process.argv[3] ?? 50);
const d = Number(process.argv[4] ?? 20000);
const rng = createRandom(7);
const X = new Float64Array(n * d);
const y: number[] = [];
for (let i = 0; i < n; i++) {
  const c = i % 3;
  y.push(c);
  for (let f = 0; f < d; f++) X[i * d + f] = rng.next() * 2 - 1 + (f < 10 ? c : 0);
}
const t0 = process.cpuUsage();
const m = createClassifier(alg).fit({ data: X, rows: n, cols: d }, y);
const t = process.cpuUsage(t0);
console.log(`${alg} ${n}×${d}: ${((t.user + t.system) / 1e6).toFixed(2)} s CPU, ${m.nodeCount} nodes, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);
