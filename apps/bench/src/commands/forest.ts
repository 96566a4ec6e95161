/**
 * `bench forest`: dt's forests side by side with scikit-learn's RandomForestClassifier (fit CPU and
 * wall at n_jobs 1 and 2, predict 10,000 rows, accuracy), with mljs's ml-random-forest on the sizes
 * it finishes within a budget, oblique forests (Max-Cut Node Means PCA, HHCART(D), Decision Stream)
 * against the random forest, and the paired 10-fold CV check against scikit-learn on the large sets.
 * Every measurement runs in a fresh process. Sections store JSON under results/forest/ (so they can
 * run separately or in parallel); every run re-renders results/forest.md from what is stored.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { loadDataset } from '@dt/datasets';
import { loadFashionMnist } from '@dt/datasets/node';
import { RandomForestClassifier, ExtraTreesClassifier } from '@dt/ensemble';
import { fitForest } from '@dt/ensemble/node';
import { trainTestSplit } from '@dt/eval';
import { createRandom, shuffleInPlace } from '@dt/errors';
import { pairedForestCv, type CvFixture, type CvKind, type PairedComparison } from '@dt/ensemble/cv-check';
import type { ForestWorkerResult } from '../forest-worker.js';
import { mergeNotes } from '../notes.js';
import { pipPython } from '../harness/python.js';

const BENCH_DIR = fileURLToPath(new URL('../..', import.meta.url));
const WORKER = fileURLToPath(new URL('../forest-worker.ts', import.meta.url));
/**
 * The worker bundled as a package build would ship it (esbuild; with fit-worker.js beside it), so that
 * worker threads start without compiling TypeScript: DT_FOREST_WORKER=path/forest-worker.mjs.
 */
const BUNDLED = process.env.DT_FOREST_WORKER || undefined;
const SKLEARN = fileURLToPath(new URL('../../python/sklearn_forest.py', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../../../../packages/ensemble/src/fixtures/sklearn-forest-cv.json', import.meta.url));
const RESULTS = join(BENCH_DIR, 'results');

export const SECTIONS = ['fit', 'ml', 'oblique', 'cv'] as const;
export type Section = (typeof SECTIONS)[number];

interface Workload {
  name: string;
  Xtrain: Float64Array | Uint8Array;
  ytrain: Int32Array;
  Xtest: Float64Array | Uint8Array;
  ytest: Int32Array;
  Xpred: Float64Array | Uint8Array;
  d: number;
}

type Outcome = ForestWorkerResult | { error: string } | { timeout: number };

interface Row {
  data: string;
  lib: string;
  kind: string;
  trees: number;
  nJobs: number;
  trainRows: number;
  /** Oblique forests: features per tree (algorithmForest's maxFeatures; absent or null: all). */
  subspace?: string | number | null;
  result: Outcome;
  /** 1-minute load average when the measurement finished (fit section). */
  load?: number;
}

export interface ForestBenchOptions {
  quick: boolean;
  sections: Section[];
  /** Trees of the oblique-forest section. */
  obliqueTrees: number;
  /** Oblique section: features per tree of the oblique forests, one measurement each ('all', 'sqrt', 'log2', a count or a fraction). */
  obliqueFeatures: (string | number | null)[];
  /** Oblique section: the forest kinds to measure (default: all of OBLIQUE_KINDS). */
  obliqueKinds: string[];
  /** Seconds before a measurement is stopped (oblique and ml-random-forest cells). */
  budgetS: number;
  /** Data sets whose name contains one of these (all when empty). */
  only: string[];
  out: string | null;
}

const codes = (y: readonly (string | number)[] | Float64Array, classes: readonly (string | number)[]): Int32Array => {
  const map = new Map(classes.map((c, i) => [c, i]));
  return Int32Array.from(y as ArrayLike<string | number>, (v) => map.get(v)!);
};
function rowsOf(X: Float64Array, d: number, idx: ArrayLike<number>): Float64Array {
  const out = new Float64Array(idx.length * d);
  for (let k = 0; k < idx.length; k++) out.set(X.subarray(idx[k]! * d, idx[k]! * d + d), k * d);
  return out;
}

async function tabular(name: string, label: string, quick: boolean): Promise<Workload> {
  const ds = await loadDataset(name);
  const y = codes(ds.y, ds.classes!);
  const split = trainTestSplit(Array.from(y), { testSize: 0.25, stratify: true, seed: 0 });
  // Shuffled, so that a prefix (quick mode, the ml-random-forest sizes) has every class.
  const train = Array.from(split.train);
  const test = Array.from(split.test);
  shuffleInPlace(train, createRandom(1));
  shuffleInPlace(test, createRandom(2));
  const tr = quick ? train.slice(0, 600) : train;
  const te = quick ? test.slice(0, 300) : test;
  const d = ds.X.cols;
  const predRows = Math.min(quick ? 1000 : 10_000, ds.X.rows);
  return {
    name: `${label} ${tr.length.toLocaleString('en')} × ${d}`,
    Xtrain: rowsOf(ds.X.data, d, tr),
    ytrain: Int32Array.from(tr, (i) => y[i]!),
    Xtest: rowsOf(ds.X.data, d, te),
    ytest: Int32Array.from(te, (i) => y[i]!),
    Xpred: ds.X.data.subarray(0, predRows * d),
    d,
  };
}

function fashion(quick: boolean, rows = 10_000): Workload | null {
  try {
    const tr = loadFashionMnist({ split: 'train', limit: quick ? 600 : rows });
    const te = loadFashionMnist({ split: 'test', limit: quick ? 300 : 10_000 });
    const Xte = Uint8Array.from(te.X.data);
    return {
      name: `Fashion-MNIST ${tr.X.rows.toLocaleString('en')} × 784`,
      Xtrain: Uint8Array.from(tr.X.data),
      ytrain: codes(tr.y, tr.classes!),
      Xtest: Xte,
      ytest: codes(te.y, tr.classes!),
      Xpred: Xte,
      d: 784,
    };
  } catch (e) {
    console.error(`bench forest: Fashion-MNIST skipped (${(e as Error).message.split('\n')[0]})`);
    return null;
  }
}

function subset(w: Workload, n: number): Workload {
  const take = Math.min(n, w.ytrain.length);
  return { ...w, name: w.name.replace(/^(\S+(?: \S+)*?) [\d,]+ ×/, `$1 ${take.toLocaleString('en')} ×`), Xtrain: w.Xtrain.subarray(0, take * w.d), ytrain: w.ytrain.subarray(0, take) };
}

function writeBin(dir: string, name: string, a: Float64Array | Uint8Array | Int32Array): string {
  const p = join(dir, name);
  writeFileSync(p, new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  return p;
}

/** One measurement in a fresh process: dt / ml-random-forest in Node, scikit-learn and LightGBM in Python (scikit-learn 1.9.1 from the repository .venv, or $DT_PYTHON). */
function measure(w: Workload, lib: 'dt' | 'ml-random-forest' | 'sklearn' | 'lightgbm-rf', job: Record<string, unknown>, budgetS: number | null): Outcome {
  const dir = mkdtempSync(join(tmpdir(), 'dt-forest-'));
  try {
    const paths = {
      X_train_path: writeBin(dir, 'Xtr.bin', w.Xtrain),
      y_train_path: writeBin(dir, 'ytr.bin', w.ytrain),
      X_test_path: writeBin(dir, 'Xte.bin', w.Xtest),
      y_test_path: writeBin(dir, 'yte.bin', w.ytest),
      X_pred_path: writeBin(dir, 'Xp.bin', w.Xpred),
      n_features: w.d,
      x_dtype: w.Xtrain instanceof Uint8Array ? 'u1' : 'f8',
    };
    const full = { ...job, ...paths, lib };
    const opts = { encoding: 'utf8' as const, maxBuffer: 1 << 24, ...(budgetS ? { timeout: budgetS * 1000, killSignal: 'SIGKILL' as const } : {}) };
    const r =
      lib === 'sklearn' || lib === 'lightgbm-rf'
        ? spawnSync(pipPython(), [SKLEARN], { ...opts, input: JSON.stringify({ ...full, peer: lib, n_estimators: job.nEstimators, n_jobs: job.nJobs }), env: { ...process.env, PYENV_VERSION: 'system' } })
        : BUNDLED !== undefined
          ? spawnSync(process.execPath, [BUNDLED, JSON.stringify(full)], { ...opts, cwd: BENCH_DIR })
          : spawnSync(process.execPath, ['--conditions=@dt/source', '--import', 'tsx', WORKER, JSON.stringify(full)], { ...opts, cwd: BENCH_DIR });
    if (budgetS && (r.signal === 'SIGKILL' || (r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT')) return { timeout: budgetS };
    if (r.status !== 0) return { error: (r.stderr || String(r.error)).trim().split('\n').slice(-2).join(' ') };
    return JSON.parse(r.stdout.trim().split('\n').pop()!) as ForestWorkerResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (x: number): string => (!Number.isFinite(x) ? '–' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toPrecision(3));
const ok = (o: Outcome | undefined): o is ForestWorkerResult => o !== undefined && 'fit_cpu_s' in o;
const outcomeText = (o: Outcome): string => ('timeout' in o ? `stopped after ${o.timeout} s` : 'error' in o ? `error: ${o.error.replace(/\|/g, '/')}` : '');

async function runFit(o: ForestBenchOptions, log: (s: string) => void): Promise<Row[]> {
  const trees = o.quick ? 5 : 100;
  const ws = [await tabular('magic-gamma', 'MAGIC', o.quick), await tabular('letter-recognition', 'letter', o.quick), fashion(o.quick)].filter((w): w is Workload => w !== null).filter((w) => wanted(o, w.name));
  const rows: Row[] = [];
  for (const w of ws) {
    for (const nJobs of [1, 2]) {
      // dt: its default (members on the forest's bins) and, one thread, exact members (splitter 'best').
      const cells: [string, 'dt' | 'sklearn' | 'lightgbm-rf', Record<string, unknown>][] = [
        ['sklearn', 'sklearn', {}],
        ['lightgbm-rf', 'lightgbm-rf', {}],
        ['dt', 'dt', {}],
        ...(nJobs === 1 ? [['dt best', 'dt', { splitter: 'best' }] as [string, 'dt', Record<string, unknown>]] : []),
      ];
      for (const [name, lib, extra] of cells) {
        const result = measure(w, lib, { kind: 'random-forest', nEstimators: trees, nJobs, ...extra }, o.budgetS);
        rows.push({ data: w.name, lib: name, kind: 'random-forest', trees, nJobs, trainRows: w.ytrain.length, result, load: loadavg()[0]! });
        log(`fit ${w.name} ${name} n_jobs ${nJobs}: ${ok(result) ? `${fmt(result.fit_cpu_s)} s CPU, ${fmt(result.fit_wall_s)} s wall, load ${loadavg().map((v) => v.toFixed(1)).join(' ')}` : outcomeText(result)}`);
      }
    }
  }
  return rows;
}

async function runMl(o: ForestBenchOptions, log: (s: string) => void): Promise<Row[]> {
  const trees = o.quick ? 3 : 100;
  const sizes = o.quick ? [200] : [250, 500, 1000, 2000];
  const rows: Row[] = [];
  for (const base of [await tabular('magic-gamma', 'MAGIC', false), await tabular('letter-recognition', 'letter', false)].filter((w) => wanted(o, w.name))) {
    for (const n of sizes) {
      const w = { ...subset(base, n), Xtest: base.Xtest, ytest: base.ytest, Xpred: base.Xpred.subarray(0, (o.quick ? 500 : 10_000) * base.d) };
      let gaveUp = false;
      for (const lib of ['dt', 'ml-random-forest'] as const) {
        const result = measure(w, lib, { kind: 'random-forest', nEstimators: trees, nJobs: 1 }, lib === 'dt' ? null : o.budgetS);
        rows.push({ data: w.name, lib, kind: 'random-forest', trees, nJobs: 1, trainRows: n, result });
        log(`ml ${w.name} ${lib}: ${ok(result) ? `${fmt(result.fit_cpu_s)} s CPU` : outcomeText(result)}`);
        if (lib === 'ml-random-forest' && !ok(result)) gaveUp = true;
      }
      if (gaveUp) break; // larger sizes take longer still
    }
  }
  return rows;
}

export const OBLIQUE_KINDS = ['random-forest', 'maxcut-node-means-pca', 'hhcart-d', 'decision-stream'] as const;

/** 'all' → null; a number text → number; 'sqrt' / 'log2' as they are (algorithmForest validates). */
export function parseSubspace(text: string): string | number | null {
  const t = text.trim();
  if (t === 'all') return null;
  return /^[0-9.]+$/.test(t) ? Number(t) : t;
}

/**
 * Oblique forests against the random forest. Each cell is stored as soon as it is measured (long
 * cells run for many minutes; parallel runs of other data sets merge into the same file). The
 * random forest always samples √d features per node; the oblique forests get `obliqueFeatures` per
 * tree (one cell each).
 */
async function runOblique(o: ForestBenchOptions, log: (s: string) => void, store: (rows: Row[]) => void): Promise<Row[]> {
  const trees = o.quick ? 3 : o.obliqueTrees;
  const loaders: [string, () => Promise<Workload | null>][] = [
    ['MAGIC', () => tabular('magic-gamma', 'MAGIC', o.quick)],
    ['letter', () => tabular('letter-recognition', 'letter', o.quick)],
    ['wine-quality-white', () => tabular('wine-quality-white', 'wine-quality-white', o.quick)],
    ['Fashion-MNIST 10,000 × 784', async () => fashion(o.quick)],
    ['Fashion-MNIST 60,000 × 784', async () => (o.quick ? null : fashion(false, 60_000))],
  ];
  const kinds = o.obliqueKinds.length > 0 ? o.obliqueKinds : [...OBLIQUE_KINDS];
  const rows: Row[] = [];
  for (const [name, load] of loaders) {
    if (!wanted(o, name)) continue;
    const w = await load();
    if (w === null) continue;
    for (const kind of kinds) {
      for (const subspace of kind === 'random-forest' ? [null] : o.obliqueFeatures) {
        const result = measure(w, 'dt', { kind, nEstimators: trees, nJobs: 1, maxFeatures: subspace }, o.quick ? null : o.budgetS);
        const row: Row = { data: w.name, lib: 'dt', kind, trees, nJobs: 1, trainRows: w.ytrain.length, subspace, result };
        rows.push(row);
        store([row]);
        log(`oblique ${w.name} ${kind} (${trees} trees, ${subspaceText(subspace, w.d)} features per tree): ${ok(result) ? `${fmt(result.fit_cpu_s)} s CPU, accuracy ${result.test_accuracy.toFixed(4)}` : outcomeText(result)}`);
      }
    }
  }
  return rows;
}

/** Features per tree as the table states them ('all', or the rule and the count for d features). */
function subspaceText(subspace: string | number | null | undefined, d: number): string {
  if (subspace === null || subspace === undefined || subspace === 1) return 'all';
  if (subspace === 'sqrt') return `√d = ${Math.max(1, Math.floor(Math.sqrt(d)))}`;
  if (subspace === 'log2') return `log2 d = ${Math.max(1, Math.floor(Math.log2(d)))}`;
  if (typeof subspace === 'number' && !Number.isInteger(subspace)) return `${subspace} d = ${Math.max(1, Math.floor(subspace * d))}`;
  return String(subspace);
}

interface CvRow extends PairedComparison {
  seconds: number;
}

async function runCv(o: ForestBenchOptions, log: (s: string) => void): Promise<CvRow[]> {
  const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as CvFixture;
  const sets = o.quick ? ['iris'] : ['digits-like', 'letter-recognition', 'magic-gamma'];
  const out: CvRow[] = [];
  for (const set of sets.filter((s) => wanted(o, s))) {
    for (const kind of ['randomForest', 'extraTrees'] as CvKind[]) {
      const t0 = Date.now();
      const r = await pairedForestCv(fixture, set, kind, async (X, y, seed) => {
        const Cls = kind === 'randomForest' ? RandomForestClassifier : ExtraTreesClassifier;
        // Quick mode is a smoke test: 10 trees against scikit-learn's 100.
        return fitForest(new Cls({ nEstimators: o.quick ? 10 : fixture.nEstimators, seed, nJobs: o.quick ? 1 : 2 }), X, y);
      });
      out.push({ ...r, seconds: (Date.now() - t0) / 1000 });
      log(`cv ${set} ${kind}: mean difference ${r.meanDifference.toFixed(4)} ± ${r.halfWidth.toFixed(4)}`);
    }
  }
  return out;
}

function wanted(o: ForestBenchOptions, name: string): boolean {
  return o.only.length === 0 || o.only.some((s) => name.toLowerCase().includes(s.toLowerCase()));
}

interface Stored {
  measured: string;
  rows: Row[] | CvRow[];
}

function renderFit(rows: Row[]): string[] {
  const lines = [
    '## Random forest fit and predict vs scikit-learn 1.9.1 and LightGBM 4.7 rf (100 trees)',
    '',
    "Defaults: Gini, √d features per node, bootstrap, fully grown. dt: its default (`splitter: 'hist'`: X binned once per forest, 256 bins, every tree on its drawn rows of the shared codes) and `dt best` (exact members, scikit-learn's search). LightGBM: `boosting: 'rf'`, bagging_fraction 0.632, bagging_freq 1, feature_fraction √d/d (per tree, LightGBM's only per-tree option of the issue), unlimited leaves, min_data_in_leaf 1 — a multiclass LightGBM forest grows one tree per class per iteration. Ratio = the library ÷ scikit-learn at the same `n_jobs`. Predict: 10,000 rows, CPU of all threads, median of 3. Peak RSS: the measuring process (data included). Load: the 1-minute load average when the cell finished (2 cores; CPU time is the fair measure, wall times are noisy).",
    '',
    '| data | n_jobs | library | fit CPU s | fit wall s | fit CPU ratio | fit wall ratio | predict 10k CPU s | predict CPU ratio | test accuracy | mean leaves | peak RSS MB | load |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const splits: string[] = [];
  for (const r of rows) {
    const sk = rows.find((x) => x.data === r.data && x.nJobs === r.nJobs && x.lib === 'sklearn')?.result;
    const res = r.result;
    const load = r.load === undefined ? '' : r.load.toFixed(1);
    if (!ok(res)) {
      lines.push(`| ${r.data} | ${r.nJobs} | ${r.lib} | ${outcomeText(res)} | | | | | | | | | ${load} |`);
      continue;
    }
    const ratio = (a: number, b: number | undefined): string => (r.lib !== 'sklearn' && b ? (a / b).toFixed(2) : '');
    const rss = res.peak_rss_mb === undefined ? '' : fmt(res.peak_rss_mb);
    lines.push(
      `| ${r.data} | ${r.nJobs} | ${r.lib} | ${fmt(res.fit_cpu_s)} | ${fmt(res.fit_wall_s)} | ${ratio(res.fit_cpu_s, ok(sk) ? sk.fit_cpu_s : undefined)} | ${ratio(res.fit_wall_s, ok(sk) ? sk.fit_wall_s : undefined)} | ${fmt(res.predict_cpu_s)} | ${ratio(res.predict_cpu_s, ok(sk) ? sk.predict_cpu_s : undefined)} | ${res.test_accuracy.toFixed(4)} | ${fmt(res.mean_leaves)} | ${rss} | ${load} |`,
    );
    if (r.lib === 'dt' && r.nJobs === 1 && res.split) {
      const two = rows.find((x) => x.data === r.data && x.lib === 'dt' && x.nJobs === 2)?.result;
      const speedup = ok(two) ? `${(two.fit_wall_s / res.fit_wall_s).toFixed(2)}` : '–';
      const extra = ok(two) ? `${fmt(two.fit_cpu_s - res.fit_cpu_s)} s` : '–';
      splits.push(`| ${r.data} | ${fmt(res.fit_wall_s)} | ${fmt(res.split.members_s)} (${((100 * res.split.members_s) / res.fit_wall_s).toFixed(0)} %) | ${fmt(res.split.rest_s)} | ${extra} | ${speedup} |`);
    }
  }
  if (splits.length > 0) {
    lines.push(
      '',
      "dt's fit split (n_jobs 1, wall; from the progress callback): the members' fits vs the rest (input conversion, labels, binning X once, the draws plan); thread overhead = fit CPU at n_jobs 2 − fit CPU at n_jobs 1 (worker start-up, trees sent back as typed arrays; the bins are shared, not copied); n_jobs 2 wall ÷ n_jobs 1 wall (goal ≤ 0.55, on a machine whose 2 cores are shared).",
      '',
      '| data | fit wall s | members s | rest s | thread overhead (CPU) | nJobs 2 ÷ 1 wall |',
      '|---|---|---|---|---|---|',
      ...splits,
    );
  }
  return lines;
}

function renderMl(rows: Row[]): string[] {
  const lines = [
    '## dt vs ml-random-forest (mljs; 100 trees, one thread)',
    '',
    "ml-random-forest 2.1 wraps ml-cart: bootstrap rows per tree, all features (its `maxFeatures` is a per-tree subspace, not per node), so its trees are bagged CART trees; dt is the random forest above. Each size runs until ml-random-forest exceeds the time budget; larger sizes are then skipped. Accuracy on the same test rows.",
    '',
    '| data (train rows) | dt fit CPU s | ml-random-forest fit CPU s | ratio ml ÷ dt | dt accuracy | ml accuracy | dt predict 10k s | ml predict 10k s |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows.filter((x) => x.lib === 'dt')) {
    const m = rows.find((x) => x.data === r.data && x.lib === 'ml-random-forest')?.result;
    const d = r.result;
    if (!ok(d)) continue;
    if (!ok(m)) lines.push(`| ${r.data} | ${fmt(d.fit_cpu_s)} | ${m ? outcomeText(m) : '–'} | | ${d.test_accuracy.toFixed(4)} | | ${fmt(d.predict_wall_s)} | |`);
    else lines.push(`| ${r.data} | ${fmt(d.fit_cpu_s)} | ${fmt(m.fit_cpu_s)} | ${(m.fit_cpu_s / d.fit_cpu_s).toFixed(1)} | ${d.test_accuracy.toFixed(4)} | ${m.test_accuracy.toFixed(4)} | ${fmt(d.predict_wall_s)} | ${fmt(m.predict_wall_s)} |`);
  }
  return lines;
}

/** The feature count of a data set's name ('… 10,000 × 784' → 784). */
const widthOf = (data: string): number => Number(/× (\d+)/.exec(data)?.[1] ?? Number.NaN);

function renderOblique(rows: Row[]): string[] {
  const lines = [
    '## Oblique forests vs random forest (one thread)',
    '',
    `Forests of \`algorithmForest(name, { nEstimators, maxFeatures })\`: bootstrap rows per tree, a random feature subspace per tree (\`maxFeatures\`; "all": every feature), soft voting; the random forest is \`RandomForestClassifier\` (√d features per node, every tree option at its default) with the same number of trees. Δ accuracy = the forest's test accuracy − the random forest's with the same trees on the same data. Fit CPU of the whole process (one thread); a cell stopped at the wall budget of the run that measured it says so (budgets differ per run). Same train/test split per data set (Fashion-MNIST: its own 10,000-row test set).`,
    '',
    '| data | forest | trees | features per tree | test accuracy | Δ accuracy vs random forest | fit CPU s | fit CPU s per tree | predict 10k CPU s |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  // Narrow to wide, small to large (the order of the loaders).
  const rank = (data: string): number => ['wine', 'MAGIC', 'letter', 'Fashion-MNIST 10,000', 'Fashion-MNIST 60,000'].findIndex((p) => data.startsWith(p));
  const datas = [...new Set(rows.map((r) => r.data))].sort((a, b) => rank(a) - rank(b));
  const order = (k: string): number => (OBLIQUE_KINDS as readonly string[]).indexOf(k);
  for (const data of datas) {
    const here = rows.filter((r) => r.data === data).sort((a, b) => a.trees - b.trees || order(a.kind) - order(b.kind) || String(a.subspace ?? '').localeCompare(String(b.subspace ?? '')));
    for (const r of here) {
      const res = r.result;
      const rf = rows.find((x) => x.data === data && x.kind === 'random-forest' && x.trees === r.trees)?.result;
      const feats = r.kind === 'random-forest' ? '√d per node' : subspaceText(r.subspace, widthOf(data));
      if (!ok(res)) {
        lines.push(`| ${data} | ${r.kind} | ${r.trees} | ${feats} | ${outcomeText(res)} | | | | |`);
        continue;
      }
      const delta = r.kind === 'random-forest' ? '' : ok(rf) ? `${res.test_accuracy - rf.test_accuracy >= 0 ? '+' : ''}${(res.test_accuracy - rf.test_accuracy).toFixed(4)}` : '–';
      lines.push(`| ${data} | ${r.kind} | ${r.trees} | ${feats} | ${res.test_accuracy.toFixed(4)} | ${delta} | ${fmt(res.fit_cpu_s)} | ${fmt(res.fit_cpu_s / r.trees)} | ${fmt(res.predict_cpu_s)} |`);
    }
  }
  return lines;
}

function renderCv(rows: CvRow[]): string[] {
  return [
    '## Paired 10-fold CV vs scikit-learn 1.2 (the large sets of the statistical check)',
    '',
    "The same folds and scikit-learn accuracies as packages/ensemble/src/sklearn-cv.test.ts (which checks iris, wine and breast-cancer in CI): 100 trees, dt fold k seeded k. Pass = |mean difference| ≤ t(0.975, 9)·sd/√10 (zero inside the paired 95 % interval).",
    '',
    '| data | forest | dt mean accuracy | scikit-learn mean | mean difference | 95 % half-width | p | pass | dt CV s |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const m = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
      return `| ${r.set} | ${r.kind} | ${m(r.dt).toFixed(4)} | ${m(r.sklearn).toFixed(4)} | ${r.meanDifference.toFixed(4)} | ${r.halfWidth.toFixed(4)} | ${r.pValue.toFixed(3)} | ${Math.abs(r.meanDifference) <= r.halfWidth ? 'yes' : '**no**'} | ${r.seconds.toFixed(0)} |`;
    }),
  ];
}

export function renderReport(stored: Partial<Record<Section, Stored>>): string {
  const parts = ['# Forests: dt vs scikit-learn, ml-random-forest, and oblique forests', ''];
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  parts.push(`Machine: ${cpu} (${cpus().length} cores, shared with other jobs: CPU time is the fair measure, wall times are noisy), Node ${process.version}. Each measurement in a fresh process. Sections measured: ${SECTIONS.filter((s) => stored[s]).map((s) => `${s} ${stored[s]!.measured}`).join(', ')}.`, '');
  if (stored.fit) parts.push(...renderFit(stored.fit.rows as Row[]), '');
  if (stored.ml) parts.push(...renderMl(stored.ml.rows as Row[]), '');
  if (stored.oblique) parts.push(...renderOblique(stored.oblique.rows as Row[]), '');
  if (stored.cv) parts.push(...renderCv(stored.cv.rows as CvRow[]), '');
  return parts.join('\n');
}

/** The identity of a stored row: a new measurement of the same cell replaces it. */
const rowKey = (r: Row | CvRow): string => ('set' in r ? `${r.set}/${r.kind}` : `${r.data}/${r.lib}/${r.kind}/${r.nJobs}/${r.trees}/${r.subspace ?? 'all'}`);

/**
 * Merges fresh rows into the stored section (re-read from disk first, so parallel runs of other
 * data sets keep theirs) and writes it; returns the merged section.
 */
function storeSection(dir: string | null, s: Section, fresh: (Row | CvRow)[], measured: string, before: Stored | undefined): Stored {
  const path = dir === null ? null : join(dir, `${s}.json`);
  const current = path !== null && existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Stored) : before;
  const kept = ((current?.rows ?? []) as (Row | CvRow)[]).filter((r) => !fresh.some((f) => rowKey(f) === rowKey(r)));
  const stamp = current && kept.length > 0 && !current.measured.includes(measured) ? `${current.measured} and ${measured}` : current && kept.length > 0 ? current.measured : measured;
  const section = { measured: stamp, rows: [...kept, ...fresh] as Row[] | CvRow[] };
  if (dir !== null && path !== null) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path, `${JSON.stringify(section, null, 1)}\n`);
  }
  return section;
}

function writeReport(o: ForestBenchOptions, dir: string | null, stored: Partial<Record<Section, Stored>>, log: (s: string) => void): string {
  // Sections another run stored meanwhile (runs of different sections may go in parallel).
  if (dir !== null) for (const s of SECTIONS) if (!o.sections.includes(s) && existsSync(join(dir, `${s}.json`))) stored[s] = JSON.parse(readFileSync(join(dir, `${s}.json`), 'utf8')) as Stored;
  const markdown = renderReport(stored);
  if (o.out !== null) {
    const path = join(o.out, 'forest.md');
    const previous = existsSync(path) ? readFileSync(path, 'utf8') : '';
    writeFileSync(path, mergeNotes(markdown, previous, 'forest'));
    log(`wrote ${path}`);
  }
  return markdown;
}

export async function runForestBench(o: ForestBenchOptions, log: (s: string) => void): Promise<{ markdown: string; stored: Partial<Record<Section, Stored>> }> {
  const dir = o.out === null ? null : join(o.out, 'forest');
  const stored: Partial<Record<Section, Stored>> = {};
  if (dir !== null) for (const s of SECTIONS) if (existsSync(join(dir, `${s}.json`))) stored[s] = JSON.parse(readFileSync(join(dir, `${s}.json`), 'utf8')) as Stored;
  for (const s of o.sections) {
    const measured = new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
    // A partial run (--only) replaces its own rows and keeps the others of the stored section.
    if (s === 'oblique') {
      // Each cell is stored (and the report re-rendered) as soon as it is measured.
      await runOblique(o, log, (fresh) => {
        stored.oblique = storeSection(dir, 'oblique', fresh, measured, stored.oblique);
        writeReport(o, dir, stored, log);
      });
      continue;
    }
    const fresh = s === 'fit' ? await runFit(o, log) : s === 'ml' ? await runMl(o, log) : await runCv(o, log);
    stored[s] = storeSection(dir, s, fresh, measured, stored[s]);
  }
  const markdown = writeReport(o, dir, stored, log);
  return { markdown, stored };
}

export function forestCommand(): Command {
  return new Command('forest')
    .description('forests vs scikit-learn (fit n_jobs 1/2, predict), ml-random-forest, oblique forests, paired CV; writes results/forest.md')
    .option('--quick', 'tiny sizes and few trees (a smoke test; prints, writes nothing)')
    .option('--sections <list>', `comma-separated: ${SECTIONS.join(', ')}`, SECTIONS.join(','))
    .option('--only <list>', 'only data sets whose name contains one of these (comma-separated)')
    .option('--oblique-trees <n>', 'trees per oblique forest (and per random forest it is compared with)', '20')
    .option('--oblique-features <list>', "features per tree of the oblique forests, one cell each: all, sqrt, log2, a count or a fraction (comma-separated)", 'all')
    .option('--oblique-kinds <list>', `oblique section: forests to measure (comma-separated; default all: ${OBLIQUE_KINDS.join(', ')})`)
    .option('--budget <s>', 'seconds before an oblique or ml-random-forest measurement is stopped', '300')
    .action(async (opts: { quick?: boolean; sections: string; only?: string; obliqueTrees: string; obliqueFeatures: string; obliqueKinds?: string; budget: string }) => {
      // An empty list re-renders results/forest.md from the stored sections.
      const sections = opts.sections.split(',').map((s) => s.trim()).filter((s) => s !== '') as Section[];
      for (const s of sections) if (!SECTIONS.includes(s)) throw new Error(`--sections: unknown section ${JSON.stringify(s)}; known: ${SECTIONS.join(', ')}`);
      const quick = opts.quick === true;
      const r = await runForestBench(
        {
          quick,
          sections,
          only: opts.only?.split(',').map((s) => s.trim()) ?? [],
          obliqueTrees: Number(opts.obliqueTrees),
          obliqueFeatures: opts.obliqueFeatures.split(',').map(parseSubspace),
          obliqueKinds: opts.obliqueKinds?.split(',').map((s) => s.trim()) ?? [],
          budgetS: Number(opts.budget),
          out: quick ? null : RESULTS,
        },
        (s) => console.error(`bench forest: ${s}`),
      );
      if (quick) process.stdout.write(r.markdown);
    });
}
