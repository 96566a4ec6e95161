import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { costComplexityPath, DecisionTreeClassifier, DecisionTreeRegressor } from '@dt/core';
import { loadDataset, parseCsv, type Dataset } from '@dt/datasets';
import { loadFashionMnist } from '@dt/datasets/node';
import { accuracy, measure, measureAsync, takeLabels, takeRows, trainTestSplit, wape } from '@dt/eval';
import { DecisionStreamClassifier, DecisionStreamRegressor } from '@dt/stream';
import { cpuSeconds, wallSeconds } from '../harness/timing.js';
import { REFERENCE_HOWTO, referenceRunner, type ReferenceRun, type ReferenceRunner } from '../reference-stream.js';

/**
 * `bench stream`: the Decision Stream paper's protocol on the datasets available here. Per dataset:
 * a test split (the official one where the data has it), then 90/10 train/validation inside the
 * training part to tune — alpha over the paper's grid for Decision Stream with and without merging,
 * criterion × (maxDepth, ccpAlpha) for CART — refit on the whole training part, and score on test
 * (classification error %, WAPE % for regression as the paper's eq. 4).
 */

type Label = string | number;
type Dense = { data: Float64Array; rows: number; cols: number };
type Task = 'classification' | 'regression';

export const ALPHAS = [0.001, 0.005, 0.01, 0.02, 0.05, 0.1] as const;
/** The paper's Fig. 4 varied alpha up to 0.5: the "DS, α ≤ 0.5" column tunes over both grids. */
export const WIDE_ALPHAS = [...ALPHAS, 0.2, 0.3, 0.5] as const;
const DEPTHS = [2, 3, 4, 5, 6, 8, 10, 12, 15, 20, null] as const;

interface Prepared {
  name: string;
  task: Task;
  Xtrain: Dense;
  ytrain: Label[] | Float64Array;
  Xtest: Dense;
  ytest: Label[] | Float64Array;
  note: string;
}

interface ModelResult {
  /** Chosen setting, e.g. "alpha=0.01" or "gini, maxDepth=8". */
  chosen: string;
  /** Validation error (%) per candidate setting, in grid order. */
  validation: { setting: string; error: number }[];
  testError: number;
  fitCpuS: number;
  fitWallS: number;
  depth: number;
  nodes: number;
  leaves: number;
  mergedNodes: number;
  rounds: number | null;
}

export interface StreamRow {
  dataset: string;
  task: Task;
  metric: 'error %' | 'WAPE %';
  nTrain: number;
  nTest: number;
  nFeatures: number;
  note: string;
  ds: ModelResult;
  /** DS tuned over WIDE_ALPHAS (the "DS, α ≤ 0.5" column). */
  dsWide: ModelResult;
  dsNoMerge: ModelResult;
  cart: ModelResult;
  /** Side by side with the authors' reference code (`--reference DIR`), per alpha; classification only. */
  reference?: ReferenceRow[];
}

/** One alpha of the side-by-side run: every model fitted on the whole training part, scored on test. */
export interface ReferenceRow {
  alpha: number;
  referenceError: number;
  dtError: number;
  dtReferenceModeError: number;
  /** Share (%) of test rows where dt's reference mode predicts what the reference predicts. */
  sameAsReferenceMode: number;
  /** Share (%) of test rows where dt (default) predicts what the reference predicts. */
  sameAsDefault: number;
  referenceNodes: number;
  dtReferenceModeNodes: number;
  dtNodes: number;
  /** Wall seconds inside the reference's JVM (train + its own scoring); CPU seconds of dt's fits. */
  referenceWallS: number;
  dtReferenceModeCpuS: number;
}

export interface StreamBenchOptions {
  quick: boolean;
  datasets: string[];
  dataDir: string;
  out: string | null;
  /** Checkout of github aiff22/Decision-Stream: adds the side-by-side columns. */
  reference?: string | null;
  referenceAlphas?: number[];
  /** Datasets of the side-by-side run (default: every classification dataset of the run). */
  referenceDatasets?: string[] | null;
}

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
export const DEFAULT_DATA_DIR = join(REPO, '..', 'shared', 'datasets');
const RESULTS_DIR = fileURLToPath(new URL('../../results', import.meta.url));
export const STREAM_DATASETS = ['magic-gamma', 'wine-quality-white', 'letter', 'adult', 'fashion-mnist', 'boston', 'pima'];
export const REFERENCE_ALPHAS = [0.005, 0.02, 0.05, 0.1];
/** Fashion-MNIST training images used (the first ones of the 60,000; the full run stays near 20 minutes). */
export const FASHION_TRAIN = 3000;

function errorOf(task: Task, yTrue: Label[] | Float64Array, yPred: Label[] | Float64Array): number {
  if (task === 'regression') return 100 * wape(yTrue as Float64Array, yPred as Float64Array);
  return 100 * (1 - accuracy(yTrue as Label[], yPred as Label[]));
}

/** A stratified (classification) or plain random subsample of `n` rows. */
function subsample(X: Dense, y: Label[] | Float64Array, n: number, task: Task, seed: number): { X: Dense; y: Label[] | Float64Array } {
  if (n >= X.rows) return { X, y };
  const idx = trainTestSplit(task === 'classification' ? (y as Label[]) : X.rows, { testSize: n, stratify: task === 'classification', seed }).test;
  return { X: takeRows(X, idx) as Dense, y: takeLabels(y, idx) };
}

function splitTest(name: string, ds: Dataset, testSize: number, quickRows: number | null, note: string): Prepared {
  const task = ds.task as Task;
  let X = ds.X as Dense;
  let y: Label[] | Float64Array = ds.y instanceof Float64Array ? ds.y : (ds.y as Label[]);
  if (quickRows !== null) ({ X, y } = subsample(X, y, quickRows, task, 1));
  const s = trainTestSplit(task === 'classification' ? (y as Label[]) : X.rows, { testSize, stratify: task === 'classification', seed: 0 });
  return {
    name,
    task,
    Xtrain: takeRows(X, s.train) as Dense,
    ytrain: takeLabels(y, s.train),
    Xtest: takeRows(X, s.test) as Dense,
    ytest: takeLabels(y, s.test),
    note,
  };
}

/** Reads a CSV of ../shared/datasets, or says clearly why it cannot. */
function sharedCsv(dir: string, file: string): string | { missing: string } {
  const path = join(dir, file);
  if (!existsSync(path)) return { missing: `${path} not found (the bench expects the shared datasets directory beside the repository; pass --data-dir)` };
  return readFileSync(path, 'utf8');
}

async function prepare(name: string, opts: StreamBenchOptions): Promise<Prepared | { missing: string }> {
  const q = opts.quick;
  switch (name) {
    case 'magic-gamma':
      return splitTest(name, await loadDataset('magic-gamma'), 0.2, q ? 800 : null, q ? 'quick: 800-row stratified sample; stratified 80/20 test split' : 'stratified 80/20 test split (seed 0)');
    case 'wine-quality-white':
      return splitTest(name, await loadDataset('wine-quality-white'), 0.2, q ? 800 : null, q ? 'quick: 800-row stratified sample; stratified 80/20 test split' : 'stratified 80/20 test split (seed 0)');
    case 'letter': {
      const text = sharedCsv(opts.dataDir, 'letter-recognition.csv');
      if (typeof text !== 'string') return text;
      return splitTest(name, parseCsv(text, { name }), 0.2, q ? 800 : null, q ? 'quick: 800-row stratified sample; stratified 80/20 test split' : 'stratified 80/20 test split (seed 0)');
    }
    case 'pima': {
      const text = sharedCsv(opts.dataDir, 'pima-indians-diabetes.csv');
      if (typeof text !== 'string') return text;
      return splitTest(name, parseCsv(text, { name }), 0.2, null, 'stratified 80/20 test split (seed 0); zeros standing for missing values left as they are');
    }
    case 'boston': {
      const text = sharedCsv(opts.dataDir, 'boston-housing.csv');
      if (typeof text !== 'string') return text;
      return splitTest(name, parseCsv(text, { name, task: 'regression' }), 0.2, null, 'random 80/20 test split (seed 0); regression, WAPE');
    }
    case 'adult': {
      const train = sharedCsv(opts.dataDir, 'adult.csv');
      const test = sharedCsv(opts.dataDir, 'adult-test.csv');
      if (typeof train !== 'string') return train;
      if (typeof test !== 'string') return test;
      // One parse of both files, so categorical levels get the same codes in train and test.
      const all = parseCsv(train.trimEnd() + '\n' + test.trimEnd().split('\n').slice(1).join('\n') + '\n', { name, missing: 'drop' });
      const trainOnly = parseCsv(train, { name, missing: 'drop' });
      const nTr = trainOnly.X.rows;
      const idxTr = Int32Array.from({ length: nTr }, (_, i) => i);
      const idxTe = Int32Array.from({ length: all.X.rows - nTr }, (_, i) => nTr + i);
      let p: Prepared = {
        name,
        task: 'classification',
        Xtrain: takeRows(all.X, idxTr) as Dense,
        ytrain: takeLabels(all.y as Label[], idxTr) as Label[],
        Xtest: takeRows(all.X, idxTe) as Dense,
        ytest: takeLabels(all.y as Label[], idxTe) as Label[],
        note: 'official adult.data / adult.test split, rows with missing values dropped; the 8 categorical columns as level codes',
      };
      if (q) {
        const a = subsample(p.Xtrain, p.ytrain, 800, 'classification', 1);
        const b = subsample(p.Xtest, p.ytest, 400, 'classification', 2);
        p = { ...p, Xtrain: a.X, ytrain: a.y, Xtest: b.X, ytest: b.y, note: 'quick: 800 train / 400 test rows of ' + p.note };
      }
      return p;
    }
    case 'fashion-mnist': {
      try {
        const nTrain = q ? 300 : FASHION_TRAIN;
        const nTest = q ? 300 : 10000;
        const tr = loadFashionMnist({ split: 'train', limit: nTrain });
        const te = loadFashionMnist({ split: 'test', limit: nTest });
        return {
          name,
          task: 'classification',
          Xtrain: tr.X as Dense,
          ytrain: tr.y as Label[],
          Xtest: te.X as Dense,
          ytest: te.y as Label[],
          note: `first ${nTrain.toLocaleString('en-US')} of the 60,000 training images (time budget), ${nTest.toLocaleString('en-US')} test images`,
        };
      } catch (e) {
        return { missing: (e as Error).message };
      }
    }
    default:
      throw new Error(`unknown dataset ${JSON.stringify(name)} (${STREAM_DATASETS.join(', ')})`);
  }
}

interface Fitted {
  predict(X: Dense): Label[] | Float64Array;
  depth: number;
  nodeCount: number;
  nLeaves: number;
  nMergedNodes?: number;
  history?: readonly unknown[];
}

function timedFit(make: () => Fitted): { model: Fitted; cpu: number; wall: number } {
  const t = measure(make);
  return { model: t.result, cpu: cpuSeconds(t), wall: wallSeconds(t) };
}

/**
 * Tunes on 90/10 of the training part, refits the best setting on all of it, scores on test.
 * `known`: a result whose validation errors (and final fit, if it chose the same setting) are reused.
 */
function tuneAndTest<S>(
  p: Prepared,
  grid: { setting: string; params: S }[],
  fit: (X: Dense, y: Label[] | Float64Array, params: S) => Fitted,
  log: (s: string) => void,
  known?: ModelResult,
): ModelResult {
  const split = trainTestSplit(p.task === 'classification' ? (p.ytrain as Label[]) : p.Xtrain.rows, { testSize: 0.1, stratify: p.task === 'classification', seed: 1 });
  const Xt = takeRows(p.Xtrain, split.train) as Dense;
  const yt = takeLabels(p.ytrain, split.train);
  const Xv = takeRows(p.Xtrain, split.test) as Dense;
  const yv = takeLabels(p.ytrain, split.test);
  const validation: { setting: string; error: number }[] = [];
  let best = 0;
  for (let k = 0; k < grid.length; k++) {
    const seen = known?.validation.find((v) => v.setting === grid[k]!.setting);
    validation.push({ setting: grid[k]!.setting, error: seen ? seen.error : errorOf(p.task, yv, fit(Xt, yt, grid[k]!.params).predict(Xv)) });
    // ties: the earlier (simpler / smaller-alpha) setting
    if (validation[k]!.error < validation[best]!.error - 1e-12) best = k;
  }
  if (known && known.chosen === grid[best]!.setting) return { ...known, validation };
  const { model, cpu, wall } = timedFit(() => fit(p.Xtrain, p.ytrain, grid[best]!.params));
  const testError = errorOf(p.task, p.ytest, model.predict(p.Xtest));
  log(`    ${grid[best]!.setting}: test ${testError.toFixed(2)}, fit ${cpu.toFixed(2)} s CPU, depth ${model.depth}, ${model.nLeaves} leaves`);
  return {
    chosen: grid[best]!.setting,
    validation,
    testError,
    fitCpuS: cpu,
    fitWallS: wall,
    depth: model.depth,
    nodes: model.nodeCount,
    leaves: model.nLeaves,
    mergedNodes: model.nMergedNodes ?? 0,
    rounds: model.history ? model.history.length : null,
  };
}

function streamModel(task: Task, alpha: number, merge: boolean) {
  return (X: Dense, y: Label[] | Float64Array) =>
    task === 'classification'
      ? new DecisionStreamClassifier({ alpha, merge }).fit(X, y as Label[])
      : new DecisionStreamRegressor({ alpha, merge }).fit(X, y as Float64Array);
}

interface CartParams {
  criterion: string;
  maxDepth: number | null;
  ccpAlpha: number;
}

function cartFit(task: Task) {
  return (X: Dense, y: Label[] | Float64Array, p: CartParams): Fitted => {
    const m =
      task === 'classification'
        ? new DecisionTreeClassifier({ criterion: p.criterion, maxDepth: p.maxDepth, ccpAlpha: p.ccpAlpha }).fit(X, y as Label[])
        : new DecisionTreeRegressor({ criterion: p.criterion, maxDepth: p.maxDepth, ccpAlpha: p.ccpAlpha }).fit(X, y as Float64Array);
    return m as unknown as Fitted;
  };
}

/**
 * The paper tuned scikit-learn's tree over criterion and pre-pruning; here: criterion × maxDepth, and
 * criterion × ccpAlpha (up to 12 alphas spread over the cost-complexity path of the full tree grown
 * on the 90% part).
 */
function cartGrid(p: Prepared): { setting: string; params: CartParams }[] {
  const criteria = p.task === 'classification' ? ['gini', 'entropy'] : ['mse', 'mae'];
  const grid: { setting: string; params: CartParams }[] = [];
  for (const criterion of criteria) {
    for (const maxDepth of DEPTHS) grid.push({ setting: `${criterion}, maxDepth=${maxDepth ?? 'none'}`, params: { criterion, maxDepth, ccpAlpha: 0 } });
    const full = cartFit(p.task)(p.Xtrain, p.ytrain, { criterion, maxDepth: null, ccpAlpha: 0 }) as unknown as DecisionTreeClassifier;
    const { alphas } = costComplexityPath(full.tree);
    const inner = Array.from(alphas).filter((a) => a > 0);
    const picks = new Set<number>();
    for (let k = 0; k < 12 && inner.length > 1; k++) picks.add(inner[Math.floor((k * (inner.length - 2)) / 11)]!);
    for (const a of picks) grid.push({ setting: `${criterion}, ccpAlpha=${a.toPrecision(3)}`, params: { criterion, maxDepth: null, ccpAlpha: a } });
  }
  return grid;
}

/**
 * dt (default), dt with compat: 'reference' and the reference code itself, each fitted on the whole
 * training part at each alpha and scored on the test part. Labels go to the reference as dt's class
 * codes (the index in dt's sorted classes), which is what dt's tests compare too.
 */
function referenceSideBySide(p: Prepared, runner: ReferenceRunner, alphas: readonly number[], log: (s: string) => void): ReferenceRow[] {
  const out: ReferenceRow[] = [];
  for (const alpha of alphas) {
    const t = timedFit(() => new DecisionStreamClassifier({ alpha, compat: 'reference' }).fit(p.Xtrain, p.ytrain as Label[]) as unknown as Fitted);
    const refMode = t.model as unknown as DecisionStreamClassifier;
    const dt = new DecisionStreamClassifier({ alpha }).fit(p.Xtrain, p.ytrain as Label[]);
    const classes = refMode.classes as Label[];
    const code = new Map<Label, number>(classes.map((c, i) => [c, i]));
    const codes = (y: Label[] | Float64Array): Float64Array => Float64Array.from(y as Label[], (v) => code.get(v) ?? -1);
    const run: ReferenceRun = runner.run({ X: p.Xtrain.data, rows: p.Xtrain.rows, cols: p.Xtrain.cols, y: codes(p.ytrain) }, { X: p.Xtest.data, rows: p.Xtest.rows, cols: p.Xtest.cols, y: codes(p.ytest) }, 'classification', alpha);
    const refPred = run.testPredictions.map((c) => classes[c]!);
    const predRefMode = refMode.predict(p.Xtest) as Label[];
    const predDt = dt.predict(p.Xtest) as Label[];
    const same = (a: Label[]): number => (100 * a.filter((v, i) => v === refPred[i]).length) / refPred.length;
    const row: ReferenceRow = {
      alpha,
      referenceError: errorOf('classification', p.ytest, refPred),
      dtError: errorOf('classification', p.ytest, predDt),
      dtReferenceModeError: errorOf('classification', p.ytest, predRefMode),
      sameAsReferenceMode: same(predRefMode),
      sameAsDefault: same(predDt),
      referenceNodes: run.nodes.length,
      dtReferenceModeNodes: refMode.nodeCount,
      dtNodes: dt.nodeCount,
      referenceWallS: run.wallS,
      dtReferenceModeCpuS: t.cpu,
    };
    log(
      `    alpha ${alpha}: reference ${f2(row.referenceError)} (${row.referenceNodes} nodes, ${row.referenceWallS.toFixed(1)} s wall), dt reference mode ${f2(row.dtReferenceModeError)} ` +
        `(${row.dtReferenceModeNodes} nodes, ${f2(row.dtReferenceModeCpuS)} s CPU; same test predictions ${row.sameAsReferenceMode.toFixed(1)}%), dt ${f2(row.dtError)} (same ${row.sameAsDefault.toFixed(1)}%)`,
    );
    out.push(row);
  }
  return out;
}

export async function runStreamBench(opts: StreamBenchOptions, log: (s: string) => void): Promise<{ rows: StreamRow[]; notes: string[] }> {
  const rows: StreamRow[] = [];
  const notes: string[] = [];
  let runner: ReferenceRunner | null = null;
  if (opts.reference) {
    const r = referenceRunner(opts.reference);
    if ('missing' in r) throw new Error(`--reference: ${r.missing}`);
    runner = r;
  }
  const whole = await measureAsync(async () => {
    for (const name of opts.datasets) {
      const p = await prepare(name, opts);
      if ('missing' in p) {
        notes.push(`${name} skipped: ${p.missing}`);
        log(`skip ${name}: ${p.missing}`);
        continue;
      }
      log(`${p.name}: ${p.Xtrain.rows} train / ${p.Xtest.rows} test rows × ${p.Xtrain.cols} features`);
      const alphaGrid = (merge: boolean, alphas: readonly number[] = ALPHAS) => alphas.map((a) => ({ setting: `alpha=${a}`, params: { a, merge } }));
      const dsFit = (X: Dense, y: Label[] | Float64Array, q: { a: number; merge: boolean }) => streamModel(p.task, q.a, q.merge)(X, y) as unknown as Fitted;
      log('  Decision Stream');
      const ds = tuneAndTest(p, alphaGrid(true), dsFit, log);
      log('  Decision Stream, alpha up to 0.5');
      const dsWide = tuneAndTest(p, alphaGrid(true, WIDE_ALPHAS), dsFit, log, ds);
      log('  Decision Stream without merging');
      const dsNoMerge = tuneAndTest(p, alphaGrid(false), dsFit, log);
      log('  CART');
      const cart = tuneAndTest(p, cartGrid(p), cartFit(p.task), log);
      let reference: ReferenceRow[] | undefined;
      if (runner !== null && p.task === 'classification' && (!opts.referenceDatasets || opts.referenceDatasets.includes(name))) {
        log('  the reference code, dt and dt compat: reference, side by side');
        reference = referenceSideBySide(p, runner!, opts.referenceAlphas ?? REFERENCE_ALPHAS, log);
      }
      rows.push({
        dataset: p.name,
        task: p.task,
        metric: p.task === 'classification' ? 'error %' : 'WAPE %',
        nTrain: p.Xtrain.rows,
        nTest: p.Xtest.rows,
        nFeatures: p.Xtrain.cols,
        note: p.note,
        ds,
        dsWide,
        dsNoMerge,
        cart,
        ...(reference ? { reference } : {}),
      });
    }
  });
  runner?.dispose();
  notes.push(`The whole run took ${(cpuSeconds(whole) / 60).toFixed(1)} CPU minutes (${(wallSeconds(whole) / 60).toFixed(1)} minutes wall).`);
  if (opts.out) {
    mkdirSync(opts.out, { recursive: true });
    const meta = currentMeta();
    writeFileSync(join(opts.out, 'stream.md'), renderStreamMarkdown(rows, notes, opts, meta));
    writeFileSync(join(opts.out, 'stream.json'), JSON.stringify({ ...meta, alphas: ALPHAS, wideAlphas: WIDE_ALPHAS, rows, notes }, null, 2) + '\n');
    log(`wrote ${join(opts.out, 'stream.md')}`);
  }
  log('\n' + renderStreamMarkdown(rows, notes, opts));
  return { rows, notes };
}

/**
 * Re-runs only the side-by-side table on the stored run in `<out>/stream.json`: each dataset that has
 * reference rows (or those named) gets new rows at `alphas`; the tuned tables stay as stored. The file
 * is rewritten after every dataset, so an interrupted refresh keeps what it finished.
 */
export async function refreshReference(opts: Pick<StreamBenchOptions, 'dataDir' | 'quick'> & { out: string; reference: string; alphas: readonly number[]; datasets: string[] | null; note: string | null }, log: (s: string) => void): Promise<void> {
  const file = join(opts.out, 'stream.json');
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { rows: StreamRow[]; notes: string[] } & RunMeta & Record<string, unknown>;
  const r = referenceRunner(opts.reference);
  if ('missing' in r) throw new Error(`--reference: ${r.missing}`);
  const names = opts.datasets ?? saved.rows.filter((row) => row.reference).map((row) => row.dataset);
  if (opts.note) saved.notes.push(opts.note);
  try {
    for (const name of names) {
      const row = saved.rows.find((x) => x.dataset === name);
      if (row === undefined || row.task !== 'classification') throw new Error(`${name}: no classification row in ${file}`);
      const p = await prepare(name, { ...opts, datasets: [name], out: null });
      if ('missing' in p) throw new Error(`${name}: ${p.missing}`);
      log(`${name}: the reference code, dt and dt compat: reference, side by side`);
      row.reference = referenceSideBySide(p, r, opts.alphas, log);
      writeFileSync(file, JSON.stringify(saved, null, 2) + '\n');
      writeFileSync(join(opts.out, 'stream.md'), renderStreamMarkdown(saved.rows, saved.notes, { quick: false }, saved));
      log(`  wrote ${file} and stream.md`);
    }
  } finally {
    r.dispose();
  }
}

const f2 = (x: number): string => x.toFixed(2);

export interface RunMeta {
  date: string;
  cpu: string;
  node: string;
}

function currentMeta(): RunMeta {
  return { date: new Date().toISOString(), cpu: `${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores)`, node: process.version };
}

export function renderStreamMarkdown(rows: StreamRow[], notes: string[], opts: Pick<StreamBenchOptions, 'quick'>, meta: RunMeta = currentMeta()): string {
  const lines = [
    '# Decision Stream vs CART (the Decision Stream paper\'s protocol)',
    '',
    `Measured ${meta.date.slice(0, 10)} by \`pnpm bench stream${opts.quick ? ' --quick' : ''}\` on ${meta.cpu}, Node ${meta.node}. ` +
      'Per dataset: a test split, then a 90/10 train/validation split of the training part to tune — alpha ∈ {' +
      ALPHAS.join(', ') +
      '} for Decision Stream (DS) and DS without merging, criterion × maxDepth and criterion × ccpAlpha for CART (@dt/core) — ' +
      'then the chosen setting refitted on the whole training part and scored on the test part. DS uses its defaults otherwise ' +
      '(Kolmogorov–Smirnov / Mann–Whitney U, ⌊√n⌋ threshold sections). Fit time is CPU seconds of that final fit (the machine was shared, so compare within a row).',
    '',
    '| dataset | train × features | test | metric | DS | DS, α ≤ 0.5 | DS no merge | CART | DS vs CART | DS alpha | DS fit s | DS depth / nodes / leaves (merged) | no-merge depth / leaves | CART setting | CART fit s | CART depth / leaves |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const rel = (100 * (r.cart.testError - r.ds.testError)) / r.cart.testError;
    lines.push(
      `| ${r.dataset} | ${r.nTrain.toLocaleString('en-US')} × ${r.nFeatures} | ${r.nTest.toLocaleString('en-US')} | ${r.metric} | **${f2(r.ds.testError)}** | ` +
        `${f2(r.dsWide.testError)} (α ${r.dsWide.chosen.replace('alpha=', '')}) | ${f2(r.dsNoMerge.testError)} | ${f2(r.cart.testError)} | ` +
        `${rel >= 0 ? '−' : '+'}${Math.abs(rel).toFixed(1)}% | ${r.ds.chosen.replace('alpha=', '')} | ${f2(r.ds.fitCpuS)} | ${r.ds.depth} / ${r.ds.nodes} / ${r.ds.leaves} (${r.ds.mergedNodes}) | ` +
        `${r.dsNoMerge.depth} / ${r.dsNoMerge.leaves} (alpha ${r.dsNoMerge.chosen.replace('alpha=', '')}) | ${r.cart.chosen} | ${f2(r.cart.fitCpuS)} | ${r.cart.depth} / ${r.cart.leaves} |`,
    );
  }
  lines.push(
    '',
    '"DS vs CART" is the relative change of the test error (or WAPE) from CART to DS (− = DS lower). "merged" counts nodes with more than one parent. ' +
      '"DS, α ≤ 0.5" is DS tuned over the same grid extended by 0.2, 0.3 and 0.5 (the paper\'s Fig. 4 varied alpha up to 0.5); "DS" keeps the grid above.',
    '',
  );
  const withRef = rows.filter((r) => r.reference && r.reference.length > 0);
  if (withRef.length > 0) {
    lines.push(
      "## Side by side with the authors' reference code",
      '',
      "`--reference DIR` runs the authors' Decision Stream (github aiff22/Decision-Stream, Clojure + Apache Commons Math 3.6.1, through apps/bench/reference/decision-stream-driver.clj) " +
        "next to dt (default statistics) and dt with `compat: 'reference'` (its conventions reproduced), all three fitted on the whole training part at each alpha and scored on the test part " +
        '(no tuning). "same" is the share of test rows on which dt predicts what the reference predicts. The CART column repeats the tuned CART of the first table.',
      '',
      '| dataset | α | reference | dt compat: reference | same | dt | same | CART | nodes: reference / dt reference mode / dt | reference s (wall) | dt reference mode s (CPU) |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const r of withRef) {
      for (const x of r.reference!) {
        lines.push(
          `| ${r.dataset} | ${x.alpha} | ${f2(x.referenceError)} | ${f2(x.dtReferenceModeError)} | ${x.sameAsReferenceMode.toFixed(1)}% | ${f2(x.dtError)} | ${x.sameAsDefault.toFixed(1)}% | ${f2(r.cart.testError)} | ` +
            `${x.referenceNodes} / ${x.dtReferenceModeNodes} / ${x.dtNodes} | ${x.referenceWallS.toFixed(1)} | ${f2(x.dtReferenceModeCpuS)} |`,
        );
      }
    }
    lines.push('');
  }
  lines.push('Validation error (%) of DS over alpha (the tuning curve on the 90/10 split of the training part; 0.2–0.5 only in the "DS, α ≤ 0.5" column):', '');
  lines.push(`| dataset | ${WIDE_ALPHAS.map((a) => `α=${a}`).join(' | ')} |`, `|---|${WIDE_ALPHAS.map(() => '---').join('|')}|`);
  for (const r of rows) lines.push(`| ${r.dataset} | ${r.dsWide.validation.map((v) => f2(v.error)).join(' | ')} |`);
  lines.push('', ...discussion(rows));
  lines.push('', 'Data notes:', '');
  for (const r of rows) lines.push(`- ${r.dataset}: ${r.note}.`);
  if (notes.length) lines.push('', ...notes.map((n) => `- ${n}`));
  return lines.join('\n') + '\n';
}

const pct = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(0)}%`;

/** "How this compares with the paper": figures computed from the rows, reasons that hold for the data. */
export function discussion(rows: StreamRow[]): string[] {
  if (rows.length === 0) return [];
  const rel = rows.map((r) => (100 * (r.ds.testError - r.cart.testError)) / r.cart.testError);
  const wins = rows.filter((r) => r.ds.testError < r.cart.testError).map((r) => r.dataset);
  const noMergeAsGood = rows.filter((r) => r.dsNoMerge.testError <= r.ds.testError).map((r) => r.dataset);
  const mergeHelps = rows.filter((r) => r.dsNoMerge.testError > r.ds.testError).map((r) => r.dataset);
  const edge = rows.filter((r) => r.ds.chosen === `alpha=${ALPHAS[ALPHAS.length - 1]}`).map((r) => r.dataset);
  const wideBetter = rows.filter((r) => r.dsWide.testError < r.ds.testError).map((r) => `${r.dataset} ${f2(r.ds.testError)} → ${f2(r.dsWide.testError)}`);
  const ratio = rows.map((r) => r.ds.fitCpuS / Math.max(r.cart.fitCpuS, 0.01));
  const names = new Set(rows.map((r) => r.dataset));
  // Rough noise level of a difference of two test error rates on the same n test rows: 2·√2·SE.
  const clear = rows
    .filter((r) => r.task === 'classification')
    .filter((r) => {
      const e = r.cart.testError / 100;
      return Math.abs(r.ds.testError - r.cart.testError) > 100 * 2 * Math.SQRT2 * Math.sqrt((e * (1 - e)) / r.nTest);
    })
    .map((r) => `${r.dataset} (${r.ds.testError < r.cart.testError ? 'DS' : 'CART'} better)`);
  const list = (xs: string[]): string => (xs.length ? xs.join(', ') : 'none');
  const out = [
    '## How this compares with the paper',
    '',
    `The paper reports single Decision Streams with 14–35% lower error than a tuned decision tree on four of its five problems (34%, 14%, 35%, 17%). ` +
      `Here DS had a lower test error than tuned CART on ${wins.length} of ${rows.length} datasets (${list(wins)}); the change of the test error from CART to DS ranged from ` +
      `${pct(Math.min(...rel))} to ${pct(Math.max(...rel))}. Differences of classification error larger than 2·√2 standard errors of the test error ` +
      `(a rough noise level for two models on the same test rows): ${list(clear)}. What does reproduce is the shape of the model: DS grows deep graphs (depth ${Math.min(...rows.map((r) => r.ds.depth))}–${Math.max(...rows.map((r) => r.ds.depth))}, ` +
      `CART ${Math.min(...rows.map((r) => r.cart.depth))}–${Math.max(...rows.map((r) => r.cart.depth))}) with few leaves and many merged nodes, and it costs more to fit ` +
      `(${Math.min(...ratio).toFixed(0)}–${Math.max(...ratio).toFixed(0)}× CART's CPU time: every round rescans each merged leaf).`,
    '',
    'Why the numbers differ:',
    '',
    "- **Different data.** The paper's sets (credit scoring, tweets, ailerons, MNIST, CIFAR-10 features) are not available here; these are the closest real ones, so no number is directly comparable.",
    "- **The baseline.** The paper's tree was scikit-learn 0.18 tuned over criterion and pre-pruning. Its credit-scoring tree erred on 9.73% of the test set, more than always predicting \"no default\" would (about 6.7% of Give Me Some Credit borrowers default), and DS's 6.36% (6.33% in the paper's \"without merging\" row) is close to that majority rate: the 34% there is measured against an overfitted tree. Our CART is tuned on the same 90/10 split over criterion × maxDepth and criterion × cost-complexity alpha, a stronger baseline.",
  ];
  if (names.has('wine-quality-white') || names.has('letter')) {
    out.push(
      '- **Duplicate rows explain wine-quality-white, not letter** (`scripts/stream-diagnosis.ts`, alpha 0.1, this split). wine-quality-white has 937 exact duplicate rows: 310 of its 980 test rows have a copy in the training part. ' +
        'On those a deep CART errs 0–4% and DS 31%; on the 670 others DS errs 51.5% and CART 57.5% — CART wins through memorised copies. ' +
        'letter has only 367 such test rows of 4,000, and on the 3,633 others DS still errs 16.4% against CART\'s 13.9%: there it is the algorithm. ' +
        'Its tests see the 26 letters as numbers 0–25, so a split is chosen for moving the distribution of codes, not for separating letters: putting the codes in three random orders moved DS\'s test error from 15.0% to 15.7–17.1% (none closes the gap); every-midpoint candidates (15.8%) and no merging (15.0%, 1,080 leaves) do not either. ' +
        'The final graph has ~32 leaves for 26 classes, against CART\'s 1,700–1,800.',
    );
  }
  out.push(
    "- **Labels as numbers.** The nonparametric tests compare class codes as numbers, as the reference code does. With many unordered classes (letter's 26) a Kolmogorov–Smirnov test on codes is an indirect, order-dependent test of \"same label distribution\"; the paper's classification sets had 2–10 classes.",
    `- **The alpha grid.** DS's tuned alpha was the largest value of the grid (${ALPHAS[ALPHAS.length - 1]}) on ${edge.length} of ${rows.length} datasets (${list(edge)}); the paper's Fig. 4 went up to 0.5. ` +
      `Tuning over 0.2–0.5 as well ("DS, α ≤ 0.5") lowered the test error on ${list(wideBetter)}.`,
    `- **Merging.** The paper reports that disabling merging oversimplifies the model on its harder problems. Here DS without merging was as good as DS or better on ${list(noMergeAsGood)}, and merging helped on ${list(mergeHelps)}.`,
  );
  const sideBySide = rows.flatMap((r) => (r.reference ?? []).map((x) => ({ r, x })));
  if (sideBySide.length > 0) {
    const exact = sideBySide.filter(({ x }) => x.sameAsReferenceMode >= 99.95).map(({ r, x }) => `${r.dataset} ${x.alpha}`);
    const apart = sideBySide.filter(({ x }) => x.sameAsReferenceMode < 99.95).map(({ r, x }) => `${r.dataset} ${x.alpha} (${x.sameAsReferenceMode.toFixed(1)}%)`);
    const dtBetter = sideBySide.filter(({ x }) => x.dtError < x.referenceError).length;
    out.push(
      `- **The authors' code.** dt with \`compat: 'reference'\` predicted exactly what the reference predicted on every test row for ${list(exact)}; not on ${list(apart)} ` +
        '(see packages/stream/README.md for what differs). dt\'s own statistics (exact small-group Mann–Whitney, P(D ≥ d), ln-p ranking, midpoints) ' +
        `had a lower test error than the reference on ${dtBetter} of ${sideBySide.length} dataset × alpha pairs. So the reference code does not explain the gap to the paper either.`,
    );
  }
  if (names.has('fashion-mnist')) {
    out.push(`- **Fashion-MNIST** is used with ${FASHION_TRAIN.toLocaleString('en-US')} training images (the paper's MNIST run used 60,000), to keep the full run near 20 minutes on two cores.`);
  }
  return out;
}

const FIXTURE_DIR = fileURLToPath(new URL('../../../../packages/stream/fixtures/reference', import.meta.url));

/**
 * The reference graphs @dt/stream's reference-compat test compares with: the 20-row example of
 * issue 17 (x = 1..20) at alpha 0.02 and 0.05, all 768 pima rows at 0.005, 0.02 and 0.05, and the
 * first 600 letter rows at 0.05 (26 classes: enough rounds that the order of the reference's leaf
 * list decides which leaves merge).
 */
function writeReferenceFixtures(dir: string, dataDir: string, log: (s: string) => void): void {
  const runner = referenceRunner(dir);
  if ('missing' in runner) throw new Error(`--reference: ${runner.missing}`);
  const twenty = { X: Float64Array.from({ length: 20 }, (_, i) => i + 1), rows: 20, cols: 1, y: Float64Array.from('00000100101101111011', Number) };
  const text = sharedCsv(dataDir, 'pima-indians-diabetes.csv');
  if (typeof text !== 'string') throw new Error(text.missing);
  type Job = [string, { X: ArrayLike<number>; rows: number; cols: number; y: ArrayLike<number> }, number];
  // class codes as dt numbers them: the index among the sorted (numeric) labels
  const coded = (ds: Dataset) => {
    const labels = (ds.y as Label[]).map(Number);
    const classes = [...new Set(labels)].sort((a, b) => a - b);
    return { X: (ds.X as Dense).data, rows: ds.X.rows, cols: ds.X.cols, y: Float64Array.from(labels, (v) => classes.indexOf(v)) };
  };
  const pima = coded(parseCsv(text, { name: 'pima' }));
  const letterText = sharedCsv(dataDir, 'letter-recognition.csv');
  if (typeof letterText !== 'string') throw new Error(letterText.missing);
  const letterAll = parseCsv(letterText, { name: 'letter' });
  const letterRows = 600;
  const letterLabels = (letterAll.y as Label[]).slice(0, letterRows).map(String);
  const letterClasses = [...new Set(letterLabels)].sort();
  const letter = {
    X: (letterAll.X as Dense).data.subarray(0, letterRows * letterAll.X.cols),
    rows: letterRows,
    cols: letterAll.X.cols,
    y: Float64Array.from(letterLabels, (v) => letterClasses.indexOf(v)),
  };
  const jobs: Job[] = [
    ['twenty-0.02', twenty, 0.02],
    ['twenty-0.05', twenty, 0.05],
    ...[0.005, 0.02, 0.05].map((a): Job => [`pima-${a}`, pima, a]),
    ['letter600-0.05', letter, 0.05],
  ];
  mkdirSync(FIXTURE_DIR, { recursive: true });
  for (const [name, d, alpha] of jobs) {
    const run = runner.run(d, d, 'classification', alpha);
    const body = [
      `{"generator":"pnpm bench stream --reference DIR --fixtures (apps/bench/reference/decision-stream-driver.clj)","alpha":${alpha},"nTrain":${run.nTrain},"nodes":[`,
      run.nodes.map((n) => JSON.stringify(n)).join(',\n'),
      `],\n"trainPredictions":${JSON.stringify(run.trainPredictions)}}`,
    ].join('\n');
    writeFileSync(join(FIXTURE_DIR, `${name}.json`), body + '\n');
    log(`wrote ${join(FIXTURE_DIR, `${name}.json`)} (${run.nodes.length} nodes)`);
  }
  runner.dispose();
}

export function streamCommand(): Command {
  return new Command('stream')
    .description("Decision Stream vs tuned CART by the Decision Stream paper's protocol (alpha tuned on a 90/10 split; error %, WAPE for boston)")
    .option('--quick', 'small subsets (runs in under a minute); does not write results', false)
    .option('--datasets <list>', `comma-separated: ${STREAM_DATASETS.join(',')}`, STREAM_DATASETS.join(','))
    .option('--data-dir <dir>', 'directory with letter-recognition.csv, adult.csv, adult-test.csv, boston-housing.csv', DEFAULT_DATA_DIR)
    .option('--out <dir>', 'write stream.md and stream.json here', RESULTS_DIR)
    .option('--from-json <file>', 'only re-render stream.md (into --out) from a stream.json of an earlier run')
    .option('--reference <dir>', `also run the authors' reference code from this checkout of github aiff22/Decision-Stream, side by side (${REFERENCE_HOWTO})`)
    .option('--reference-alphas <list>', 'alphas of the side-by-side run', REFERENCE_ALPHAS.join(','))
    .option('--reference-datasets <list>', 'datasets of the side-by-side run (default: every classification dataset of the run)')
    .option('--fixtures', "with --reference: only write the reference graphs @dt/stream's tests compare with (packages/stream/fixtures/reference)", false)
    .option('--refresh-reference', "with --reference: only re-run the side-by-side table on the run stored in --out (stream.json), at --reference-alphas, for --reference-datasets (default: those with reference rows)", false)
    .option('--note <text>', 'with --refresh-reference: a note appended to the report')
    .action(async (o: { quick: boolean; datasets: string; dataDir: string; out: string; fromJson?: string; reference?: string; referenceAlphas: string; referenceDatasets?: string; fixtures: boolean; refreshReference: boolean; note?: string }) => {
      if (o.refreshReference) {
        if (o.reference === undefined) throw new Error('--refresh-reference needs --reference DIR');
        const alphas = o.referenceAlphas.split(',').map(Number);
        for (const a of alphas) if (!(a > 0 && a < 1)) throw new Error(`--reference-alphas: ${JSON.stringify(o.referenceAlphas)} has a value outside (0, 1)`);
        await refreshReference({ dataDir: o.dataDir, quick: false, out: o.out, reference: o.reference, alphas, datasets: o.referenceDatasets?.split(',') ?? null, note: o.note ?? null }, (s) => console.log(s));
        return;
      }
      if (o.fixtures) {
        if (o.reference === undefined) throw new Error('--fixtures needs --reference DIR');
        writeReferenceFixtures(o.reference, o.dataDir, (s) => console.log(s));
        return;
      }
      if (o.fromJson !== undefined) {
        const saved = JSON.parse(readFileSync(o.fromJson, 'utf8')) as { rows: StreamRow[]; notes: string[] } & RunMeta;
        mkdirSync(o.out, { recursive: true });
        const cpu = /\(\d+ cores\)$/.test(saved.cpu) ? saved.cpu : `${saved.cpu} (${cpus().length} cores)`;
        writeFileSync(join(o.out, 'stream.md'), renderStreamMarkdown(saved.rows, saved.notes, { quick: false }, { date: saved.date, cpu, node: saved.node }));
        console.log(`wrote ${join(o.out, 'stream.md')} from ${o.fromJson}`);
        return;
      }
      const datasets = o.datasets.split(',').filter((s) => s !== '');
      for (const d of datasets) if (!STREAM_DATASETS.includes(d)) throw new Error(`unknown dataset ${JSON.stringify(d)} (${STREAM_DATASETS.join(', ')})`);
      const referenceAlphas = o.referenceAlphas.split(',').map(Number);
      for (const a of referenceAlphas) if (!(a > 0 && a < 1)) throw new Error(`--reference-alphas: ${JSON.stringify(o.referenceAlphas)} has a value outside (0, 1)`);
      await runStreamBench({ quick: o.quick, datasets, dataDir: o.dataDir, out: o.quick ? null : o.out, reference: o.reference ?? null, referenceAlphas, referenceDatasets: o.referenceDatasets?.split(',') ?? null }, (s) => console.log(s));
    });
}
