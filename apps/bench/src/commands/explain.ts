/**
 * `bench explain`: dt's TreeSHAP side by side with shap's C++ TreeExplainer, one thread each, on the
 * same scikit-learn random forest (MAGIC, 100 trees, depth unlimited): scikit-learn fits it, both
 * explain it — shap from the fitted model, dt from its tree arrays loaded into dt Trees — and the
 * values are compared before the times are. Path-dependent SHAP values on 2,000 rows, interaction
 * values on a few rows, interventional values against 100 background rows. CPU and wall time per
 * row, the time split of dt's call (preparing the trees, the kernel, the additivity check), and the
 * load average around the run, into results/explain.md.
 * Python: harness/python.ts's pipPython() (DT_PYTHON, else the repository .venv with shap 0.51 and scikit-learn 1.9.1).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { Tree } from '@dt/core';
import { measure } from '@dt/eval';
import { treeShap, treeShapInteractions, type TreeEnsembleView } from '@dt/explain';
import { runJsonChild } from '../harness/child.js';
import { cpuSeconds, wallSeconds } from '../harness/timing.js';
import { pipPython } from '../harness/python.js';

const SCRIPT = fileURLToPath(new URL('../../python/shap_explain.py', import.meta.url));
const RESULTS = fileURLToPath(new URL('../../results/explain.md', import.meta.url));
const DATA = '/work/shared/datasets/magic-gamma.csv';

interface Timed {
  rows: number;
  cpu: number;
  wall: number;
}
interface PeerResult {
  versions: Record<string, string>;
  nodes: number;
  maxDepth: number;
  fitCpu: number;
  pathDependent: Timed & { first: number[]; expected: number[] };
  interactions: Timed & { first: number[] };
  interventional: Timed & { first: number[]; expected: number[] };
}

const f64 = (p: string): Float64Array => {
  const b = readFileSync(p);
  return new Float64Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
};
const i32 = (p: string): Int32Array => {
  const b = readFileSync(p);
  return new Int32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
};

/** The forest's trees, rebuilt as dt Trees from scikit-learn's concatenated arrays. */
function forestView(dir: string, d: number, C: number): TreeEnsembleView {
  const counts = i32(join(dir, 'counts.i32'));
  const left = i32(join(dir, 'left.i32'));
  const right = i32(join(dir, 'right.i32'));
  const feature = i32(join(dir, 'feature.i32'));
  const threshold = f64(join(dir, 'threshold.f64'));
  const value = f64(join(dir, 'value.f64'));
  const cover = f64(join(dir, 'cover.f64'));
  const missing = i32(join(dir, 'missing.i32'));
  const trees: Tree[] = [];
  let at = 0;
  for (const n of counts) {
    const t = new Tree(d, C, n);
    const parent = new Int32Array(n).fill(-1);
    const isLeft = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      if (left[at + i]! >= 0) {
        parent[left[at + i]!] = i;
        isLeft[left[at + i]!] = 1;
        parent[right[at + i]!] = i;
      }
    }
    for (let i = 0; i < n; i++) t.addNode(parent[i]!, isLeft[i] === 1, { impurity: 0, nSamples: 0, weightedNSamples: cover[at + i]! });
    for (let i = 0; i < n; i++) if (left[at + i]! >= 0) t.setAxisSplit(i, feature[at + i]!, threshold[at + i]!, missing[at + i]!);
    const v = new Float64Array(t.capacity * C);
    v.set(value.subarray(at * C, (at + n) * C));
    t.value = v;
    trees.push(t);
    at += n;
  }
  return {
    nFeatures: d,
    nOutputs: C,
    trees: trees.map((tree) => ({ tree, weight: 1 / trees.length, output: 0, normalize: true, features: null, classMap: null })),
    baseValue: new Float64Array(C),
    units: 'probability',
    outputNames: null,
    featureNames: null,
  };
}

function maxRelDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let scale = 0;
  for (let i = 0; i < b.length; i++) scale = Math.max(scale, Math.abs(b[i]!));
  let worst = 0;
  for (let i = 0; i < b.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!) / scale);
  return worst;
}

const load = (): string => loadavg().map((x) => x.toFixed(2)).join(' ');

export function explainCommand(): Command {
  return new Command('explain')
    .description("dt's TreeSHAP vs shap's C++ TreeExplainer on a 100-tree MAGIC random forest, one thread")
    .option('--trees <n>', 'trees in the forest', '100')
    .option('--explain <n>', 'rows explained (path-dependent)', '2000')
    .option('--interactions <n>', 'rows of interaction values', '20')
    .option('--interventional <n>', 'rows explained interventionally', '200')
    .option('--background <n>', 'background rows (interventional)', '100')
    .action((o: Record<string, string>) => run(o));
}

function run(o: Record<string, string>): void {
  const nTrees = Number(o.trees);
  const nExplain = Number(o.explain);
  const nInteractions = Number(o.interactions);
  const nInterventional = Number(o.interventional);
  const nBackground = Number(o.background);
  const python = pipPython();
  const dir = mkdtempSync(join(tmpdir(), 'dt-bench-explain-'));
  try {
    const loadBefore = load();
    const job = { data: DATA, nTrees, nTrain: 15000, nExplain, nBackground, nInterventional, nInteractions, seed: 0, out: dir };
    const r = runJsonChild<PeerResult>(python, [SCRIPT], { input: JSON.stringify(job) });
    if (!('ok' in r)) throw new Error('error' in r ? r.error : 'shap timed out');
    const peer = r.ok;
    const loadMid = load();
    const d = 10;
    const C = 2;
    const view = forestView(dir, d, C);
    const model = { toTreeEnsembleView: () => view };
    const X = f64(join(dir, 'explain.f64'));
    const background = f64(join(dir, 'background.f64'));
    const rows = (n: number) => ({ data: X.subarray(0, n * d), rows: n, cols: d });
    const bg = { data: background, rows: nBackground, cols: d };
    // Warm-up (JIT) on a few rows, untimed.
    treeShap(model, rows(20));
    treeShap(model, rows(2), { background: { data: background.subarray(0, 10 * d), rows: 10, cols: d } });
    treeShapInteractions(model, rows(1));

    const pd = measure(() => treeShap(model, rows(nExplain)));
    const pdNoCheck = measure(() => treeShap(model, rows(nExplain), { checkAdditivity: false }));
    const prep = measure(() => treeShap(model, rows(1), { checkAdditivity: false }));
    const iv = measure(() => treeShapInteractions(model, rows(nInteractions)));
    const it = measure(() => treeShap(model, rows(nInterventional), { background: bg }));
    const loadAfter = load();

    const first = (v: Float64Array, n: number, per: number): Float64Array => v.subarray(0, n * per);
    const diffPd = maxRelDiff(first(pd.result.values, 5, d * C), peer.pathDependent.first);
    const diffIv = maxRelDiff(first(iv.result.values, 1, d * d * C), peer.interactions.first);
    const diffIt = maxRelDiff(first(it.result.values, 5, d * C), peer.interventional.first);
    const diffE = maxRelDiff(pd.result.expectedValue, peer.pathDependent.expected);

    const rate = (n: number, s: number): string => `${Math.round(n / s).toLocaleString('en-US')}`;
    const line = (name: string, n: number, dtT: { cpu: number; wall: number }, sh: Timed): string =>
      `| ${name} | ${n.toLocaleString('en-US')} | ${rate(n, dtT.cpu)} | ${rate(n, dtT.wall)} | ${rate(sh.rows, sh.cpu)} | ${rate(sh.rows, sh.wall)} | **${((n / dtT.cpu) / (sh.rows / sh.cpu)).toFixed(2)}×** |`;
    const T = (m: { cpuMs: number | null; wallMs: number }) => ({ cpu: cpuSeconds(m), wall: wallSeconds(m) });
    const pdT = T(pd);
    const pdNoCheckT = T(pdNoCheck);
    const prepT = T(prep);
    const md = `# bench explain: dt's TreeSHAP vs shap ${peer.versions.shap}'s C++ TreeExplainer

\`npx -y pnpm@10 --filter @dt/bench bench explain\` (${new Date().toISOString().slice(0, 16)} UTC). One thread each: shap's
tree kernels are single-threaded C++ (OMP/BLAS pinned to 1), dt runs on the main thread of Node
${process.version}. The model is scikit-learn ${peer.versions['scikit-learn']}'s RandomForestClassifier(n_estimators=${nTrees},
max_depth=None, random_state=0) on 15,000 MAGIC rows (${peer.nodes.toLocaleString('en-US')} nodes, deepest tree ${peer.maxDepth});
shap explains the fitted model, dt the same trees loaded from their arrays into dt Trees. Both
explain the same held-out rows, in probability units for both classes. Rates are rows per second
of process CPU time (wall beside it); the ratio is dt's CPU rate over shap's (above 1: dt faster).

Load average (1/5/15 min): ${loadBefore} before, ${loadMid} after shap, ${loadAfter} after dt
(2 cores shared with other work: CPU time is the figure to compare; wall is shown for context).

| explanation | rows | dt rows/s (CPU) | dt rows/s (wall) | shap rows/s (CPU) | shap rows/s (wall) | dt / shap |
|---|---:|---:|---:|---:|---:|---:|
${line('path-dependent SHAP values', nExplain, pdT, peer.pathDependent)}
${line('path-dependent interaction values', nInteractions, T(iv), peer.interactions)}
${line(`interventional, ${nBackground} background rows`, nInterventional, T(it), peer.interventional)}

Same values: largest difference relative to the largest |value| on the rows compared — path-dependent
${diffPd.toExponential(1)} (expected value ${diffE.toExponential(1)}), interactions ${diffIv.toExponential(1)}, interventional ${diffIt.toExponential(1)}
(shap's interventional kernel keeps thresholds, weights and sums in float32).

## Where dt's time goes (path-dependent, ${nExplain.toLocaleString('en-US')} rows)

| part | CPU s | share |
|---|---:|---:|
| whole call | ${pdT.cpu.toFixed(3)} | 100 % |
| additivity check (prediction of every row; the call with \`checkAdditivity: false\` subtracted) | ${Math.max(0, pdT.cpu - pdNoCheckT.cpu).toFixed(3)} | ${((100 * Math.max(0, pdT.cpu - pdNoCheckT.cpu)) / pdT.cpu).toFixed(1)} % |
| view, validation and tree preparation (a 1-row call) | ${prepT.cpu.toFixed(3)} | ${((100 * prepT.cpu) / pdT.cpu).toFixed(1)} % |
| kernel (the rest) | ${Math.max(0, pdNoCheckT.cpu - prepT.cpu).toFixed(3)} | ${((100 * Math.max(0, pdNoCheckT.cpu - prepT.cpu)) / pdT.cpu).toFixed(1)} % |

shap: fitting the forest took ${peer.fitCpu.toFixed(2)} s CPU (not part of any rate). Versions: ${Object.entries(peer.versions).map(([k, v]) => `${k} ${v}`).join(', ')}.
`;
    writeFileSync(RESULTS, md);
    console.log(md);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
