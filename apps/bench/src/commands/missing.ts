/**
 * `bench missing`: what to do with missing values — learn where they go (native NaN, scikit-learn ≥
 * 1.3's rule), drop their rows, or impute them (mean / median / most frequent, fitted on the training
 * rows only) — measured as test accuracy and fit CPU time of a fully grown Gini CART tree.
 */
import { cpus } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { DecisionTreeClassifier } from '@dt/core';
import { RandomForestClassifier } from '@dt/ensemble';
import { fitDatasetImputer, parseCsv, type Dataset, type FeatureType, type ImputeStrategy } from '@dt/datasets';
import { accuracy, measure, takeLabels, takeRows, trainTestSplit } from '@dt/eval';
import { mergeNotes } from '../notes.js';

type Label = string | number;
type Dense = { data: Float64Array; rows: number; cols: number };

/** The learners compared: fully grown Gini CART, and a random forest of them (sqrt features, bootstrap). */
export type ModelKind = 'CART gini' | 'random forest';
export const MODELS: readonly ModelKind[] = ['CART gini', 'random forest'];
export const FOREST_TREES = 100;

interface Fitted {
  predict(X: Dense): Label[];
  /** Leaves of the tree, or mean leaves per tree of the forest. */
  leaves: number;
}

function fitModel(kind: ModelKind, X: Dense, y: Label[], trees: number): Fitted {
  if (kind === 'CART gini') {
    const m = new DecisionTreeClassifier({ criterion: 'gini' }).fit(X, y);
    return { predict: (Z) => m.predict(Z), leaves: m.nLeaves };
  }
  const f = new RandomForestClassifier({ nEstimators: trees, seed: 0 }).fit(X, y);
  return { predict: (Z) => f.predict(Z), leaves: f.estimators.reduce((a, t) => a + t.nLeaves, 0) / f.estimators.length };
}

export type Method = 'native' | 'drop' | 'impute mean' | 'impute median' | 'impute most_frequent';
export const METHODS: readonly Method[] = ['native', 'drop', 'impute mean', 'impute median', 'impute most_frequent'];

/** One train/test split of a dataset, with NaN for missing cells. */
interface Split {
  Xtrain: Dense;
  ytrain: Label[];
  Xtest: Dense;
  ytest: Label[];
}

interface Prepared {
  name: string;
  note: string;
  featureTypes: FeatureType[];
  splits: Split[];
  /** Missing cells / rows with one, over the whole dataset as used. */
  cells: number;
  rows: number;
  total: number;
}

export interface MethodResult {
  model: ModelKind;
  method: Method;
  /** Per split: training rows used, accuracy on every test row (null for drop) and on complete test rows. */
  trainRows: number[];
  accAll: (number | null)[];
  accComplete: number[];
  leaves: number[];
  /** Per split: fit CPU ms (imputer fit and transform included for impute; median of the repeats). */
  fitCpuMs: number[];
  error?: string;
}

export interface DatasetResult {
  name: string;
  note: string;
  cells: number;
  rows: number;
  total: number;
  splits: number;
  testRows: number;
  completeTestRows: number;
  methods: MethodResult[];
}

export interface MissingBenchOptions {
  quick: boolean;
  /** Directory of the CSVs (default: packages/datasets/data). */
  dataDir: string;
}

export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../../packages/datasets/data', import.meta.url));
const RESULTS = fileURLToPath(new URL('../../results', import.meta.url));

const rowHasNaN = (X: Dense, i: number): boolean => {
  for (let j = 0; j < X.cols; j++) if (Number.isNaN(X.data[i * X.cols + j]!)) return true;
  return false;
};
const completeRows = (X: Dense): Int32Array => Int32Array.from({ length: X.rows }, (_, i) => i).filter((i) => !rowHasNaN(X, i));

function countMissing(X: Dense): { cells: number; rows: number } {
  let cells = 0;
  let rows = 0;
  for (let i = 0; i < X.rows; i++) {
    let k = 0;
    for (let j = 0; j < X.cols; j++) if (Number.isNaN(X.data[i * X.cols + j]!)) k++;
    cells += k;
    if (k > 0) rows++;
  }
  return { cells, rows };
}

function read(dir: string, file: string): string {
  const path = join(dir, file);
  if (!existsSync(path)) throw new Error(`${path} not found (pass --data-dir: a directory with the dt CSVs, e.g. ../shared/datasets)`);
  return readFileSync(path, 'utf8');
}

function subsample(X: Dense, y: Label[], n: number, seed: number): { X: Dense; y: Label[] } {
  if (n >= X.rows) return { X, y };
  const idx = trainTestSplit(y, { testSize: n, stratify: true, seed }).test;
  return { X: takeRows(X, idx), y: takeLabels(y, idx) };
}

/** adult: the official adult.data / adult.test split, "?" (empty fields) kept as NaN. */
function adult(o: MissingBenchOptions): Prepared {
  const train = read(o.dataDir, 'adult.csv');
  const test = read(o.dataDir, 'adult-test.csv');
  // One parse of both files, so categorical levels get the same codes in train and test.
  const all = parseCsv(train.trimEnd() + '\n' + test.trimEnd().split('\n').slice(1).join('\n') + '\n', { name: 'adult', missing: 'native' });
  const nTr = train.trimEnd().split('\n').length - 1;
  const idxTr = Int32Array.from({ length: nTr }, (_, i) => i);
  const idxTe = Int32Array.from({ length: all.X.rows - nTr }, (_, i) => nTr + i);
  const y = all.y as Label[];
  let s: Split = { Xtrain: takeRows(all.X, idxTr), ytrain: takeLabels(y, idxTr), Xtest: takeRows(all.X, idxTe), ytest: takeLabels(y, idxTe) };
  let note = `official adult.data (${nTr.toLocaleString('en-US')} rows) / adult.test (${(all.X.rows - nTr).toLocaleString('en-US')} rows) split; "?" kept as missing; the 8 categorical columns as level codes (a missing level is NaN)`;
  if (o.quick) {
    const a = subsample(s.Xtrain, s.ytrain, 2000, 1);
    const b = subsample(s.Xtest, s.ytest, 1000, 2);
    s = { Xtrain: a.X, ytrain: a.y, Xtest: b.X, ytest: b.y };
    note = `quick: 2,000 train / 1,000 test rows of the ${note}`;
  }
  const m = countMissing({ data: Float64Array.from([...s.Xtrain.data, ...s.Xtest.data]), rows: s.Xtrain.rows + s.Xtest.rows, cols: s.Xtrain.cols });
  return { name: 'adult', note, featureTypes: all.featureTypes, splits: [s], ...m, total: s.Xtrain.rows + s.Xtest.rows };
}

/** Stratified 70/30 splits (seeds 0..k-1) of a small dataset. */
function randomSplits(ds: Dataset, k: number): Split[] {
  const y = ds.y as Label[];
  return Array.from({ length: k }, (_, seed) => {
    const { train, test } = trainTestSplit(y, { testSize: 0.3, stratify: true, seed });
    return { Xtrain: takeRows(ds.X, train), ytrain: takeLabels(y, train), Xtest: takeRows(ds.X, test), ytest: takeLabels(y, test) };
  });
}

/**
 * heart-disease (the Kaggle 1,025-row file): no empty field, but `ca` = 4 and `thal` = 0 are out of the
 * UCI ranges (ca 0..3, thal 3/6/7 coded 1..3): they are Cleveland's "?" cells coded as numbers in the
 * Kaggle upload, and are read as missing here. Duplicate rows are removed first (302 unique rows),
 * so a split does not leak test rows into training.
 */
function heart(o: MissingBenchOptions, k: number): Prepared {
  const ds = parseCsv(read(o.dataDir, 'heart-disease.csv'), { name: 'heart-disease' });
  const ca = ds.featureNames.indexOf('ca');
  const thal = ds.featureNames.indexOf('thal');
  const d = ds.X.cols;
  const seen = new Set<string>();
  const keep: number[] = [];
  for (let i = 0; i < ds.X.rows; i++) {
    const key = `${Array.from(ds.X.data.subarray(i * d, (i + 1) * d)).join(',')},${String((ds.y as Label[])[i])}`;
    if (seen.has(key)) continue;
    seen.add(key);
    keep.push(i);
  }
  const X = takeRows(ds.X, keep);
  for (let i = 0; i < X.rows; i++) {
    if (X.data[i * d + ca] === 4) X.data[i * d + ca] = Number.NaN;
    if (X.data[i * d + thal] === 0) X.data[i * d + thal] = Number.NaN;
  }
  const unique: Dataset = { ...ds, X, y: takeLabels(ds.y as Label[], keep) };
  const note = `the Kaggle 1,025-row file reduced to its ${X.rows} unique rows; \`ca\` = 4 and \`thal\` = 0 (Cleveland's "?" cells, coded out of range in that upload) read as missing; ${k} stratified 70/30 splits (seeds 0..${k - 1})`;
  return { name: 'heart-disease', note, featureTypes: ds.featureTypes, splits: randomSplits(unique, k), ...countMissing(X), total: X.rows };
}

/** breast-cancer-wisconsin: 16 empty `bare_nuclei` fields ("?" in the UCI file). */
function breast(o: MissingBenchOptions, k: number): Prepared {
  const ds = parseCsv(read(o.dataDir, 'breast-cancer-wisconsin.csv'), { name: 'breast-cancer-wisconsin', missing: 'native' });
  const note = `UCI file (699 rows, 16 missing \`bare_nuclei\`); ${k} stratified 70/30 splits (seeds 0..${k - 1})`;
  return { name: 'breast-cancer-wisconsin', note, featureTypes: ds.featureTypes, splits: randomSplits(ds, k), ...countMissing(ds.X), total: ds.X.rows };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Fits and scores one method on one split; fit CPU is the median of `repeats` fits. */
function runMethod(kind: ModelKind, method: Method, s: Split, types: FeatureType[], repeats: number, trees: number): { trainRows: number; accAll: number | null; accComplete: number; leaves: number; cpuMs: number } {
  const complete = completeRows(s.Xtest);
  const XtestComplete = takeRows(s.Xtest, complete);
  const ytestComplete = takeLabels(s.ytest, complete);
  // What the model predicts from raw test rows: native as they are, impute through the imputer; drop cannot.
  const fit = (): { model: Fitted; predictRaw: ((X: Dense) => Label[]) | null } => {
    if (method === 'native') {
      const model = fitModel(kind, s.Xtrain, s.ytrain, trees);
      return { model, predictRaw: (X) => model.predict(X) };
    }
    if (method === 'drop') {
      const keep = completeRows(s.Xtrain);
      return { model: fitModel(kind, takeRows(s.Xtrain, keep), takeLabels(s.ytrain, keep), trees), predictRaw: null };
    }
    const strategy = method.slice('impute '.length) as Exclude<ImputeStrategy, 'constant'>;
    const imputer = fitDatasetImputer(s.Xtrain, types, strategy);
    const model = fitModel(kind, imputer.transform(s.Xtrain), s.ytrain, trees);
    return { model, predictRaw: (X) => model.predict(imputer.transform(X)) };
  };
  const times: number[] = [];
  let last: ReturnType<typeof fit> | null = null;
  for (let r = 0; r < repeats; r++) {
    const t = measure(fit);
    last = t.result;
    times.push(t.cpuMs ?? Number.NaN);
  }
  const { model, predictRaw } = last!;
  return {
    trainRows: method === 'drop' ? completeRows(s.Xtrain).length : s.Xtrain.rows,
    accAll: predictRaw === null ? null : accuracy(s.ytest, predictRaw(s.Xtest)),
    accComplete: accuracy(ytestComplete, (predictRaw ?? model.predict)(XtestComplete)),
    leaves: model.leaves,
    cpuMs: median(times),
  };
}

export async function runMissingBench(o: MissingBenchOptions, log: (s: string) => void = () => {}): Promise<DatasetResult[]> {
  const k = o.quick ? 3 : 20;
  const trees = o.quick ? 10 : FOREST_TREES;
  const sets = [adult(o), heart(o, k), breast(o, k)];
  const out: DatasetResult[] = [];
  for (const p of sets) {
    const methods: MethodResult[] = [];
    for (const [kind, method] of MODELS.flatMap((k) => METHODS.map((m) => [k, m] as const))) {
      const r: MethodResult = { model: kind, method, trainRows: [], accAll: [], accComplete: [], leaves: [], fitCpuMs: [] };
      // A forest's fit is 100 trees: one fit per split, its own warm-up.
      const single = kind === 'CART gini';
      try {
        // Warm-up fits (JIT) on split 0, so the first method timed is not the one that pays for compiling.
        if (!o.quick && single) for (let w = 0; w < 3; w++) runMethod(kind, method, p.splits[0]!, p.featureTypes, 1, trees);
        for (const s of p.splits) {
          const x = runMethod(kind, method, s, p.featureTypes, o.quick || !single ? 1 : 5, trees);
          r.trainRows.push(x.trainRows);
          r.accAll.push(x.accAll);
          r.accComplete.push(x.accComplete);
          r.leaves.push(x.leaves);
          r.fitCpuMs.push(x.cpuMs);
        }
      } catch (e) {
        r.error = e instanceof Error ? e.message : String(e);
      }
      log(`bench missing: ${p.name} / ${kind} / ${method}: ${r.error ?? `accuracy ${mean(r.accComplete).toFixed(4)} on complete test rows`}`);
      methods.push(r);
    }
    const s0 = p.splits[0]!;
    out.push({
      name: p.name,
      note: p.note,
      cells: p.cells,
      rows: p.rows,
      total: p.total,
      splits: p.splits.length,
      testRows: s0.Xtest.rows,
      completeTestRows: completeRows(s0.Xtest).length,
      methods,
    });
  }
  return out;
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
function sd(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
}
const acc = (xs: readonly number[]): string => (xs.length > 1 ? `${mean(xs).toFixed(4)} ± ${sd(xs).toFixed(4)}` : mean(xs).toFixed(4));

export function renderMissingMarkdown(results: DatasetResult[], meta: string): string {
  const lines = [
    '# Missing values: native NaN vs dropping rows vs imputing',
    '',
    '`npx -y pnpm@10 bench missing` (`--quick` for a smoke run that writes nothing). A fully grown Gini CART tree (`DecisionTreeClassifier`, default options) per method:',
    '',
    "- **native**: NaN kept; at every split the tree learns which side missing values go to (scikit-learn ≥ 1.3's rule), and predicts test rows with NaN the same way.",
    '- **drop**: training rows with a missing value dropped; such a model cannot predict a test row with one, so it is scored on the complete test rows only.',
    '- **impute S**: `fitDatasetImputer` (`@dt/datasets`) fitted on the training rows only — numeric columns by S, categorical level codes by their most frequent level — then applied to training and test rows.',
    '',
    `The random forest: \`RandomForestClassifier\` (\`@dt/ensemble\`), ${FOREST_TREES} fully grown Gini trees on bootstrap draws, \`maxFeatures: 'sqrt'\`, seed 0, one thread; its members learn the NaN side like the single tree.`,
    '',
    'Accuracy on **all** test rows, and on the **complete** test rows (no missing value; the only rows `drop` can score), mean ± sd over the splits. Fit CPU: the whole fit (imputer fit and transform included) in ms, mean over splits of — CART: the median of 5 fits after 3 warm-up fits of the method; forest: one fit. The ratio is to the same model\'s native fit.',
    '',
    meta,
    '',
  ];
  for (const r of results) {
    lines.push(
      `## ${r.name}`,
      '',
      `${r.note}. Missing: ${r.cells.toLocaleString('en-US')} cells in ${r.rows.toLocaleString('en-US')} of ${r.total.toLocaleString('en-US')} rows. Test rows per split: ${r.testRows.toLocaleString('en-US')}, of which ${r.completeTestRows.toLocaleString('en-US')} complete (split 0).`,
      '',
      '| model | method | training rows | accuracy, all test rows | accuracy, complete test rows | leaves (per tree) | fit CPU ms | fit CPU vs native |',
      '|---|---|---|---|---|---|---|---|',
    );
    for (const m of r.methods) {
      const native = r.methods.find((x) => x.model === m.model && x.method === 'native');
      const nativeCpu = native && native.error === undefined ? mean(native.fitCpuMs) : null;
      if (m.error !== undefined) {
        lines.push(`| ${m.model} | ${m.method} | – | – | – | – | – | not run: ${m.error.replace(/\|/g, '\\|')} |`);
        continue;
      }
      const all = m.accAll.every((a) => a !== null) ? acc(m.accAll as number[]) : 'n/a (cannot predict rows with NaN)';
      const cpu = mean(m.fitCpuMs);
      lines.push(
        `| ${m.model} | ${m.method} | ${Math.round(mean(m.trainRows)).toLocaleString('en-US')} | ${all} | ${acc(m.accComplete)} | ${mean(m.leaves).toFixed(1)} | ${cpu.toFixed(1)} | ${nativeCpu === null ? '–' : `${(cpu / nativeCpu).toFixed(2)}×`} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

export function missingCommand(): Command {
  return new Command('missing')
    .description('missing values: native NaN vs dropping rows vs imputing (adult, heart-disease, breast-cancer-wisconsin); writes results/missing.md')
    .option('--quick', 'small samples and 3 splits (a smoke test; prints, does not write results/missing.md)')
    .option('--data-dir <dir>', 'directory of the dt CSVs', DEFAULT_DATA_DIR)
    .action(async (opts: { quick?: boolean; dataDir: string }) => {
      const t0 = Date.now();
      const results = await runMissingBench({ quick: opts.quick === true, dataDir: opts.dataDir }, (s) => console.error(s));
      const cpu = cpus()[0]?.model ?? 'unknown CPU';
      const meta = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu} (${cpus().length} cores, shared with other jobs: compare CPU times within a table), Node ${process.version}, ${((Date.now() - t0) / 1000).toFixed(0)} s in all.`;
      const md = renderMissingMarkdown(results, meta);
      if (opts.quick) {
        process.stdout.write(md);
        return;
      }
      if (!existsSync(RESULTS)) mkdirSync(RESULTS, { recursive: true });
      const path = join(RESULTS, 'missing.md');
      const previous = existsSync(path) ? readFileSync(path, 'utf8') : '';
      writeFileSync(path, mergeNotes(md, previous, 'missing'));
      console.error(`bench missing: wrote ${path}`);
    });
}
