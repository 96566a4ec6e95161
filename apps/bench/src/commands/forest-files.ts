/**
 * `bench forest-files`: what a fitted random forest costs to keep and to run, side by side with
 * scikit-learn and LightGBM in one run — dt-forest file size (version 4, and the version 3 text of the
 * same forest) against `pickle.dumps` of scikit-learn's forest, load time, and single-thread predict
 * rows/s (predictProba, apply) against scikit-learn's predict_proba and LightGBM rf's predict. 100 trees,
 * default options (each library's own trees: node counts are reported beside the sizes). Every time is
 * CPU (wall beside it) with the load average, because the machine is shared.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { encodeLabels } from '@dt/core';
import { loadDataset } from '@dt/datasets';
import { expandForestJson, loadForest, RandomForestClassifier, serializeForest } from '@dt/ensemble';
import { cpuModel, today } from '../harness/provenance.js';
import { pipPython } from '../harness/python.js';

const SCRIPT = fileURLToPath(new URL('../../python/forest_files.py', import.meta.url));
const RESULTS = fileURLToPath(new URL('../../results/forest-files.md', import.meta.url));

interface Time {
  cpu: number;
  wall: number;
}

function timed<T>(fn: () => T): [T, Time] {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const r = fn();
  const c = process.cpuUsage(c0);
  return [r, { cpu: (c.user + c.system) / 1e6, wall: (performance.now() - w0) / 1000 }];
}

/** Median (by CPU) of three runs. */
function median3(fn: () => unknown): Time {
  const ts = [0, 1, 2].map(() => timed(fn)[1]).sort((a, b) => a.cpu - b.cpu);
  return ts[1]!;
}

const load = (): string => loadavg().map((v) => v.toFixed(1)).join(' ');
const mb = (bytes: number): string => (bytes / 1e6).toFixed(2);
const rate = (rows: number, t: Time): string => Math.round(rows / t.cpu).toLocaleString('en-US');
const s = (t: Time): string => `${t.cpu.toFixed(2)} / ${t.wall.toFixed(2)}`;

async function measure(name: string, label: string, trees: number, predRows: number, lgbLeaves: number | null): Promise<{ row: string[]; notes: string[] }> {
  const ds = await loadDataset(name);
  const d = ds.X.cols;
  const y = encodeLabels(Array.from(ds.y as ArrayLike<string | number>), ds.X.rows).codes;
  // Every 4th row is held out; its rows, repeated, are what each library predicts.
  const train: number[] = [];
  const held: number[] = [];
  for (let r = 0; r < ds.X.rows; r++) (r % 4 === 3 ? held : train).push(r);
  const Xtr = new Float64Array(train.length * d);
  train.forEach((r, k) => Xtr.set(ds.X.data.subarray(r * d, r * d + d), k * d));
  const ytr = Int32Array.from(train, (r) => y[r]!);
  const Xp = new Float64Array(predRows * d);
  for (let k = 0; k < predRows; k++) Xp.set(ds.X.data.subarray(held[k % held.length]! * d, held[k % held.length]! * d + d), k * d);
  const dir = mkdtempSync(join(tmpdir(), 'dt-forest-files-'));
  const write = (f: string, a: Float64Array | Int32Array): string => {
    const p = join(dir, f);
    writeFileSync(p, new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    return p;
  };
  const job = { X_train_path: write('X.f64', Xtr), y_train_path: write('y.i32', ytr), X_pred_path: write('Xp.f64', Xp), n_features: d, n_estimators: trees, lightgbm: lgbLeaves !== null, lgb_leaves: lgbLeaves ?? 0 };
  const loadBefore = load();
  const r = spawnSync(pipPython(), [SCRIPT], { input: JSON.stringify(job), encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, OMP_NUM_THREADS: '1' } });
  rmSync(dir, { recursive: true, force: true });
  if (r.status !== 0) throw new Error(`${SCRIPT} failed: ${r.stderr || r.error?.message}`);
  const py = JSON.parse(r.stdout.trim().split('\n').pop()!) as Record<string, number | string>;
  const loadPeers = load();

  const X = { data: Xtr, rows: train.length, cols: d };
  const [rf, fit] = timed(() => new RandomForestClassifier({ nEstimators: trees, seed: 0, nJobs: 1 }).fit(X, ytr));
  const nodes = rf.estimators.reduce((sum, m) => sum + m.tree.nodeCount, 0);
  const [text, save] = timed(() => serializeForest(rf));
  const v3 = JSON.stringify(expandForestJson(text));
  const [, loadT] = timed(() => loadForest(text));
  const P = { data: Xp, rows: predRows, cols: d };
  const proba = median3(() => rf.predictProbaFlat(P));
  const apply = median3(() => rf.apply(P));
  const loadDt = load();
  const bytes = Buffer.byteLength(text);
  const row = [
    label,
    `${mb(bytes)} (${nodes.toLocaleString('en-US')} nodes, ${(bytes / nodes).toFixed(1)} B/node)`,
    `${mb(Buffer.byteLength(v3))}`,
    `${mb(py.pickle_bytes as number)} (${(py.nodes as number).toLocaleString('en-US')} nodes, ${((py.pickle_bytes as number) / (py.nodes as number)).toFixed(1)} B/node)`,
    `${(bytes / (py.pickle_bytes as number)).toFixed(2)}× (per node ${((bytes / nodes) / ((py.pickle_bytes as number) / (py.nodes as number))).toFixed(2)}×)`,
    `${rate(predRows, proba)} (${s(proba)})`,
    `${rate(predRows, { cpu: py.predict_cpu_s as number, wall: py.predict_wall_s as number })}`,
    lgbLeaves === null ? '—' : `${rate(predRows, { cpu: py.lgb_predict_cpu_s as number, wall: py.lgb_predict_wall_s as number })}`,
    `${rate(predRows, apply)}`,
  ];
  const notes = [
    `${label}: ${train.length.toLocaleString('en-US')} training rows × ${d}, ${predRows.toLocaleString('en-US')} predicted rows (held-out rows repeated). ` +
      `dt fit ${s(fit)} s CPU / wall, save ${s(save)}, load ${s(loadT)}; scikit-learn ${py.sklearn} fit ${(py.fit_cpu_s as number).toFixed(2)} s CPU, ` +
      `predict_proba ${(py.predict_cpu_s as number).toFixed(3)} s CPU; ` +
      (lgbLeaves === null
        ? 'LightGBM not run (--lgb-leaves 0). '
        : `LightGBM ${py.lightgbm} rf (num_leaves ${lgbLeaves}) fit ${(py.lgb_fit_cpu_s as number).toFixed(2)} s CPU, model text ${mb(py.lgb_model_bytes as number)} MB, predict ${(py.lgb_predict_cpu_s as number).toFixed(3)} s CPU. `) +
      `Load average: before the peers ${loadBefore}, after them ${loadPeers}, after dt ${loadDt}.`,
  ];
  return { row, notes };
}

async function run(opts: { trees: string; rows: string; sets: string; lgbLeaves: string }): Promise<void> {
  const trees = Number(opts.trees);
  const lgbLeaves = Number(opts.lgbLeaves) > 0 ? Number(opts.lgbLeaves) : null;
  const sets = opts.sets.split(',');
  const predRows = Number(opts.rows);
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const [name, label] of [
    ['magic-gamma', 'MAGIC'],
    ['letter-recognition', 'letter'],
  ] as const) {
    if (!sets.includes(label)) continue;
    const m = await measure(name, label, trees, predRows, lgbLeaves);
    rows.push(m.row);
    notes.push(...m.notes);
    console.log(m.row.join(' | '));
  }
  const md = [
    '# Forest files and predict: dt vs scikit-learn and LightGBM',
    '',
    `\`bench forest-files --trees ${trees} --rows ${predRows} --sets ${opts.sets} --lgb-leaves ${opts.lgbLeaves}\`, ${today()}, ${cpuModel()}. RandomForestClassifier with ${trees} trees, default options, in each library`,
    "(dt's and scikit-learn's trees differ: node counts beside the sizes). Sizes in MB (10^6 bytes): dt's file is the",
    "version 4 JSON text `serializeForest` writes; scikit-learn's is `len(pickle.dumps(forest))`. Predict is rows per CPU",
    "second, one thread, median of three (dt's `predictProbaFlat`, CPU / wall s in brackets; scikit-learn's `predict_proba`",
    "with n_jobs=1; LightGBM's `predict` with num_threads=1 on its own `boosting: 'rf'` forest; dt's `apply`).",
    '',
    '| data | dt-forest v4 MB | v3 MB | scikit-learn pickle MB | dt / pickle | dt predictProba rows/s | scikit-learn rows/s | LightGBM rf rows/s | dt apply rows/s |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    ...notes.map((n) => `- ${n}`),
    '',
  ].join('\n');
  writeFileSync(RESULTS, md);
  console.log(md);
}

/** The `forest-files` command. */
export function forestFilesCommand(): Command {
  return new Command('forest-files')
    .description("forest file size vs scikit-learn's pickle, and single-thread predict rows/s vs scikit-learn and LightGBM rf")
    .option('--trees <n>', 'trees per forest', '100')
    .option('--rows <n>', 'rows to predict', '50000')
    .option('--sets <names>', 'data sets (MAGIC, letter)', 'MAGIC,letter')
    .option('--lgb-leaves <n>', "LightGBM rf's num_leaves (0: do not run LightGBM)", '131072')
    .action(run);
}
