/**
 * `bench explain`: dt's TreeSHAP side by side with shap's C++ TreeExplainer, one thread each, on the
 * issue's two workloads, in one run:
 * - the same scikit-learn random forest (MAGIC, 100 trees, depth unlimited): scikit-learn fits it,
 *   both explain it — shap from the fitted model, dt from its tree arrays loaded into dt Trees;
 * - a 500-round LightGBM model on 1,000,000 × 28 makeClassification rows: LightGBM trains it (not
 *   timed), shap explains the Booster, dt reads the saved model through @dt/exchange; 10,000 rows.
 * The values are compared before the times are. Path-dependent SHAP values, interaction values on a
 * few rows, interventional values against 100 background rows. CPU and wall time per row, the time
 * split of dt's call (reading the model, preparing the trees, the kernel, the additivity check), and
 * the load average around each part, into results/explain.md.
 * Python: harness/python.ts's pipPython() (DT_PYTHON, else the repository .venv with shap 0.51,
 * scikit-learn 1.9.1 and LightGBM 4.7).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { Tree } from '@dt/core';
import { makeClassification } from '@dt/datasets';
import { measure, measureAsync } from '@dt/eval';
import { treeShap, treeShapInteractions, type TreeEnsembleView } from '@dt/explain';
import { readModelFile } from '@dt/exchange/node';
import { runJsonChild } from '../harness/child.js';
import { cpuSeconds, wallSeconds } from '../harness/timing.js';
import { pipPython } from '../harness/python.js';

const SCRIPT = fileURLToPath(new URL('../../python/shap_explain.py', import.meta.url));
const LGB_SCRIPT = fileURLToPath(new URL('../../python/shap_lightgbm.py', import.meta.url));
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
const rate = (n: number, s: number): string => `${Math.round(n / s).toLocaleString('en-US')}`;
const T = (m: { cpuMs: number | null; wallMs: number }) => ({ cpu: cpuSeconds(m), wall: wallSeconds(m) });
const line = (name: string, n: number, dtT: { cpu: number; wall: number }, sh: Timed, peer = ''): string =>
  `| ${name}${peer} | ${n.toLocaleString('en-US')} | ${rate(n, dtT.cpu)} | ${rate(n, dtT.wall)} | ${rate(sh.rows, sh.cpu)} | ${rate(sh.rows, sh.wall)} | **${((n / dtT.cpu) / (sh.rows / sh.cpu)).toFixed(2)}×** |`;
const TABLE_HEAD = `| explanation | rows | dt rows/s (CPU) | dt rows/s (wall) | peer rows/s (CPU) | peer rows/s (wall) | dt / peer (CPU) |
|---|---:|---:|---:|---:|---:|---:|`;
const pct = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(1)} %`;

export function explainCommand(): Command {
  return new Command('explain')
    .description("dt's TreeSHAP vs shap's C++ TreeExplainer on a 100-tree MAGIC random forest and a 500-round LightGBM model, one thread")
    .option('--workloads <list>', 'forest, lightgbm or both (comma-separated)', 'forest,lightgbm')
    .option('--trees <n>', 'trees in the forest', '100')
    .option('--explain <n>', 'rows explained (path-dependent, forest)', '2000')
    .option('--interactions <n>', 'rows of interaction values (forest)', '20')
    .option('--interventional <n>', 'rows explained interventionally (forest)', '200')
    .option('--background <n>', 'background rows (interventional)', '100')
    .option('--lgb-rows <n>', 'training rows of the LightGBM model', '1000000')
    .option('--lgb-rounds <n>', 'boosting rounds of the LightGBM model', '500')
    .option('--lgb-explain <n>', 'rows explained (path-dependent, LightGBM)', '10000')
    .option('--lgb-interactions <n>', 'rows of interaction values (LightGBM)', '100')
    .option('--lgb-interventional <n>', 'rows explained interventionally (LightGBM)', '500')
    .action((o: Record<string, string>) => run(o));
}

async function run(o: Record<string, string>): Promise<void> {
  const workloads = o.workloads!.split(',').map((w) => w.trim());
  const python = pipPython();
  const sections: string[] = [];
  const start = new Date().toISOString().slice(0, 16);
  if (workloads.includes('forest')) sections.push(forestSection(o, python));
  if (workloads.includes('lightgbm')) sections.push(await lightgbmSection(o, python));
  const md = `# bench explain: dt's TreeSHAP vs shap 0.51's C++ TreeExplainer

\`npx -y pnpm@10 --filter @dt/bench bench explain${process.argv.slice(3).map((a) => ` ${a}`).join('')}\` (${start} UTC, Node ${process.version}). One thread each: shap's and
LightGBM's tree kernels run single-threaded (OMP/BLAS pinned to 1, LightGBM num_threads 1), dt on
Node's main thread. Rates are rows per second of process CPU time (wall beside it); the ratio is dt's
CPU rate over the peer's (above 1: dt faster). The machine has 2 cores shared with other work, so CPU
time is the figure to compare and the load average is given beside each part.

${sections.join('\n')}`;
  writeFileSync(RESULTS, md);
  console.log(md);
}

function forestSection(o: Record<string, string>, python: string): string {
  const nTrees = Number(o.trees);
  const nExplain = Number(o.explain);
  const nInteractions = Number(o.interactions);
  const nInterventional = Number(o.interventional);
  const nBackground = Number(o.background);
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
    const pdT = T(pd);
    const pdNoCheckT = T(pdNoCheck);
    const prepT = T(prep);
    const check = Math.max(0, pdT.cpu - pdNoCheckT.cpu);
    const kernel = Math.max(0, pdNoCheckT.cpu - prepT.cpu);
    return `## Random forest: MAGIC, ${nTrees} trees, depth unlimited

scikit-learn ${peer.versions['scikit-learn']}'s RandomForestClassifier(n_estimators=${nTrees}, max_depth=None, random_state=0) on
15,000 MAGIC rows (${peer.nodes.toLocaleString('en-US')} nodes, deepest tree ${peer.maxDepth}); shap explains the fitted model, dt the same
trees loaded from their arrays into dt Trees. Both explain the same held-out rows (float32-valued, as
shap reads them), in probability units for both classes. Peer: shap ${peer.versions.shap}'s C++ TreeExplainer.

Load average (1/5/15 min): ${loadBefore} before, ${loadMid} after shap, ${loadAfter} after dt.

${TABLE_HEAD}
${line('path-dependent SHAP values', nExplain, pdT, peer.pathDependent)}
${line('path-dependent interaction values', nInteractions, T(iv), peer.interactions)}
${line(`interventional, ${nBackground} background rows`, nInterventional, T(it), peer.interventional)}

Same values: largest difference relative to the largest |value| on the rows compared — path-dependent
${diffPd.toExponential(1)} (expected value ${diffE.toExponential(1)}), interactions ${diffIv.toExponential(1)}, interventional ${diffIt.toExponential(1)}
(shap's interventional kernel keeps thresholds, weights and sums in float32).

Where dt's time goes (path-dependent, ${nExplain.toLocaleString('en-US')} rows):

| part | CPU s | share |
|---|---:|---:|
| whole call | ${pdT.cpu.toFixed(3)} | 100 % |
| additivity check (prediction of every row; the call with \`checkAdditivity: false\` subtracted) | ${check.toFixed(3)} | ${pct(check, pdT.cpu)} |
| view, validation and tree preparation (a 1-row call) | ${prepT.cpu.toFixed(3)} | ${pct(prepT.cpu, pdT.cpu)} |
| kernel (the rest) | ${kernel.toFixed(3)} | ${pct(kernel, pdT.cpu)} |

shap: fitting the forest took ${peer.fitCpu.toFixed(2)} s CPU (not part of any rate). Versions: ${Object.entries(peer.versions).map(([k, v]) => `${k} ${v}`).join(', ')}.
`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface LightGbmPeer {
  versions: Record<string, string>;
  trainRows: number;
  trees: number;
  fitCpu: number;
  fitWall: number;
  lightgbmContrib: Timed & { first: number[] };
  pathDependent: Timed & { first: number[]; expected: number[] };
  interactions: Timed & { first: number[] };
  interventional: Timed & { first: number[]; expected: number[] };
}

async function lightgbmSection(o: Record<string, string>, python: string): Promise<string> {
  const nTrain = Number(o.lgbRows);
  const rounds = Number(o.lgbRounds);
  const nExplain = Number(o.lgbExplain);
  const nInteractions = Number(o.lgbInteractions);
  const nInterventional = Number(o.lgbInterventional);
  const nBackground = Number(o.background);
  const d = 28;
  const dir = mkdtempSync(join(tmpdir(), 'dt-bench-explain-lgb-'));
  try {
    const loadBefore = load();
    // makeClassification as bench boost draws it; float32-valued so both sides read the same numbers.
    const n = nTrain + nExplain + nBackground;
    const data = makeClassification({ nSamples: n, nFeatures: d, nInformative: 20, nRedundant: 4, nClasses: 2, seed: 7 });
    const X = new Float64Array(n * d);
    const raw = data.X.data;
    for (let i = 0; i < n * d; i++) X[i] = Math.fround(raw[i]!);
    const y = Uint8Array.from(data.y, (v) => Number(v));
    writeFileSync(join(dir, 'X.f64'), new Uint8Array(X.buffer));
    writeFileSync(join(dir, 'y.u8'), y);
    const job = { dir, features: d, rounds, nExplain, nInteractions, nInterventional, nBackground };
    const r = runJsonChild<LightGbmPeer>(python, [LGB_SCRIPT], { input: JSON.stringify(job) });
    if (!('ok' in r)) throw new Error('error' in r ? r.error : 'shap timed out');
    const peer = r.ok;
    const loadMid = load();
    const read = await measureAsync(() => readModelFile(join(dir, 'lgb.txt')));
    const model = read.result;
    const held = nTrain;
    const rows = (k: number) => ({ data: X.subarray(held * d, (held + k) * d), rows: k, cols: d });
    const bg = { data: X.subarray((n - nBackground) * d), rows: nBackground, cols: d };
    treeShap(model, rows(20));
    treeShap(model, rows(2), { background: { data: bg.data.subarray(0, 10 * d), rows: 10, cols: d } });
    treeShapInteractions(model, rows(1));
    const pd = measure(() => treeShap(model, rows(nExplain)));
    const pdNoCheck = measure(() => treeShap(model, rows(nExplain), { checkAdditivity: false }));
    const prep = measure(() => treeShap(model, rows(1), { checkAdditivity: false }));
    const iv = measure(() => treeShapInteractions(model, rows(nInteractions)));
    const it = measure(() => treeShap(model, rows(nInterventional), { background: bg }));
    const loadAfter = load();
    const diffPd = maxRelDiff(pd.result.values.subarray(0, 5 * d), peer.pathDependent.first);
    const diffLg = maxRelDiff(pd.result.values.subarray(0, 5 * d), peer.lightgbmContrib.first);
    const diffIv = maxRelDiff(iv.result.values.subarray(0, d * d), peer.interactions.first);
    const diffIt = maxRelDiff(it.result.values.subarray(0, 5 * d), peer.interventional.first);
    const diffE = maxRelDiff(pd.result.expectedValue, peer.pathDependent.expected);
    const pdT = T(pd);
    const pdNoCheckT = T(pdNoCheck);
    const prepT = T(prep);
    const check = Math.max(0, pdT.cpu - pdNoCheckT.cpu);
    const kernel = Math.max(0, pdNoCheckT.cpu - prepT.cpu);
    const readT = T(read);
    return `## Gradient boosting: LightGBM, ${rounds} rounds, ${nTrain.toLocaleString('en-US')} × ${d}

LightGBM ${peer.versions.lightgbm} \`lgb.train\`(binary, 31 leaves, learning rate 0.1, one thread; ${peer.fitCpu.toFixed(1)} s CPU, not
part of any rate) on ${peer.trainRows.toLocaleString('en-US')} makeClassification rows (dt's @dt/datasets, 20 informative + 4
redundant features, seed 7, float32-valued), ${peer.trees} trees. shap explains the Booster; dt reads the
saved text model through @dt/exchange's \`readModelFile\` (${readT.cpu.toFixed(2)} s CPU, not in the rates) and explains that.
${nExplain.toLocaleString('en-US')} held-out rows, raw margin (log-odds). Two peers: for a LightGBM Booster, shap's
\`TreeExplainer.shap_values\` hands path-dependent values to LightGBM's own C++ \`pred_contrib\`; shap's own C++
kernel (\`tree_shap\`, which it uses for every other model) is timed too, on the same explainer with the
model marked 'internal'. Interaction and interventional values are always shap's kernel.

Load average (1/5/15 min): ${loadBefore} before, ${loadMid} after LightGBM and shap, ${loadAfter} after dt.

${TABLE_HEAD}
${line('path-dependent SHAP values', nExplain, pdT, peer.pathDependent, " (shap's C++ tree_shap)")}
${line('path-dependent SHAP values', nExplain, pdT, peer.lightgbmContrib, ` (LightGBM ${peer.versions.lightgbm} pred_contrib, via shap)`)}
${line('path-dependent interaction values', nInteractions, T(iv), peer.interactions)}
${line(`interventional, ${nBackground} background rows`, nInterventional, T(it), peer.interventional)}

Same values (relative to the largest |value| on the rows compared): path-dependent ${diffPd.toExponential(1)} against
shap's kernel, ${diffLg.toExponential(1)} against LightGBM's pred_contrib (expected value ${diffE.toExponential(1)}), interactions
${diffIv.toExponential(1)}, interventional ${diffIt.toExponential(1)}.

Where dt's time goes (path-dependent, ${nExplain.toLocaleString('en-US')} rows):

| part | CPU s | share |
|---|---:|---:|
| whole call | ${pdT.cpu.toFixed(3)} | 100 % |
| additivity check (prediction of every row; the call with \`checkAdditivity: false\` subtracted) | ${check.toFixed(3)} | ${pct(check, pdT.cpu)} |
| view, validation and tree preparation (a 1-row call) | ${prepT.cpu.toFixed(3)} | ${pct(prepT.cpu, pdT.cpu)} |
| kernel (the rest) | ${kernel.toFixed(3)} | ${pct(kernel, pdT.cpu)} |

Versions: ${Object.entries(peer.versions).map(([k, v]) => `${k} ${v}`).join(', ')}.
`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
