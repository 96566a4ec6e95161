// Per-node cost at MNIST size: `npx tsx --conditions=@dt/source scripts/bench-node.ts [m]`.
// Uses Fashion-MNIST (Debian's dataset-fashion-mnist) when installed, else random data of that shape.
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createRandom } from '@dt/errors';
import { globalPCA, nodeFeaturesPCA, nodeMeansPCA } from '../src/index.js';
import type { ProjectionData } from '../src/index.js';

const DIR = '/usr/share/datasets/fashion-mnist';
const rows = 60_000;
const cols = 784;

function load(): { data: ProjectionData; source: string } {
  const x = new Float64Array(rows * cols);
  const labels = new Int32Array(rows);
  const images = `${DIR}/train-images-idx3-ubyte.gz`;
  if (existsSync(images)) {
    const img = gunzipSync(readFileSync(images));
    const lab = gunzipSync(readFileSync(`${DIR}/train-labels-idx1-ubyte.gz`));
    for (let r = 0; r < rows; r++) {
      labels[r] = lab[8 + r]!;
      for (let f = 0; f < cols; f++) x[f * rows + r] = img[16 + r * cols + f]! / 255;
    }
    return { data: { data: x, rows, cols, labels, nClasses: 10, weights: null }, source: 'Fashion-MNIST train, pixels / 255' };
  }
  const rng = createRandom(3);
  for (let r = 0; r < rows; r++) labels[r] = rng.int(10);
  for (let i = 0; i < rows * cols; i++) x[i] = rng.next();
  return { data: { data: x, rows, cols, labels, nClasses: 10, weights: null }, source: 'uniform random' };
}

const { data, source } = load();
console.log(`data: ${source}, ${rows} x ${cols}`);
const sizes = process.argv.slice(2).map(Number);
const ms = sizes.length > 0 ? sizes : [60_000, 6_000, 600, 100, 20];
const rng = createRandom(1);
const perm = new Int32Array(rows);
for (let i = 0; i < rows; i++) perm[i] = i;
for (let i = rows - 1; i > 0; i--) {
  const j = rng.int(i + 1);
  const t = perm[i]!;
  perm[i] = perm[j]!;
  perm[j] = t;
}

// Best of `repeats`, as wall time and as CPU time of this process (the machine may be shared).
function time(label: string, run: () => string, repeats: number): void {
  let best = Number.POSITIVE_INFINITY;
  let bestCpu = Number.POSITIVE_INFINITY;
  let info = '';
  for (let i = 0; i < repeats; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    info = run();
    best = Math.min(best, performance.now() - t0);
    const c = process.cpuUsage(c0);
    bestCpu = Math.min(bestCpu, (c.user + c.system) / 1000);
  }
  console.log(`${label.padEnd(32)} wall ${best.toFixed(1).padStart(9)} ms  cpu ${bestCpu.toFixed(1).padStart(9)} ms  ${info}`);
}

const means = nodeMeansPCA().prepare(data, createRandom(1));
type Inspectable = ReturnType<ReturnType<typeof nodeFeaturesPCA>['prepare']> & { lastIterations: number; lastMethod: string };
for (const m of process.env.BENCH_SKIP_SIZES === '1' ? [] : ms) {
  const repeats = m >= 60_000 ? 2 : m >= 6_000 ? 3 : 20;
  time(`nodeMeansPCA m=${m}`, () => `${means.nodeDirections!(perm, 0, m).count} directions`, repeats);
  // A fresh instance per run: a repeated node would start from its own answer and stop at once.
  const fresh = Array.from({ length: repeats }, (_, r) => nodeFeaturesPCA().prepare(data, createRandom(10 + r)) as Inspectable);
  let run = 0;
  time(`nodeFeaturesPCA m=${m}`, () => {
    const p = fresh[run++]!;
    const r = p.nodeDirections!(perm, 0, m);
    return `${r.count} directions, ${p.lastMethod}${p.lastMethod === 'iterative' ? `, ${p.lastIterations} iterations` : ''}`;
  }, repeats);
}
// A depth-first descent: each node is split at the median of its first component and the left
// child is visited next, as the builder would (node PCA starts from the previous node's basis).
{
  const node = Int32Array.from(perm);
  let m = rows;
  const proj = new Float64Array(rows);
  const tolerance = process.env.BENCH_TOL === undefined ? undefined : Number(process.env.BENCH_TOL);
  const fresh = nodeFeaturesPCA(tolerance === undefined ? {} : { tolerance }).prepare(data, createRandom(2)) as Inspectable;
  for (let depth = 0; depth < 5; depth++) {
    const c0 = process.cpuUsage();
    const dirs = fresh.nodeDirections!(node, 0, m);
    const c = process.cpuUsage(c0);
    console.log(`descent depth ${depth} m=${m}: nodeFeaturesPCA cpu ${((c.user + c.system) / 1000).toFixed(0)} ms, ${fresh.lastIterations} iterations`);
    for (let i = 0; i < m; i++) {
      let s = 0;
      for (let f = 0; f < cols; f++) s += dirs.dirs[f]! * data.data[f * rows + node[i]!]!;
      proj[i] = s;
    }
    const sorted = proj.slice(0, m).sort();
    const median = sorted[m >> 1]!;
    let k = 0;
    for (let i = 0; i < m; i++) if (proj[i]! < median) node[k++] = node[i]!;
    m = k;
  }
}
if (process.env.BENCH_GLOBAL === '1') {
  time('globalPCA prepare (all rows)', () => `${globalPCA().prepare(data, createRandom(1)).globalDirections!.count} directions`, 1);
}
