import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  createClassifier,
  DecisionTreeClassifier,
  DecisionTreeRegressor,
  exportDot,
  exportText,
  listAlgorithms,
  loadAnyModel,
  serializeModel,
} from '@dt/core';
import { idxToDataset, parseCsv, parseIdx, type Dataset } from '@dt/datasets';
import { renderSvg } from '@dt/plot';
import { DecisionStreamClassifier, DecisionStreamRegressor, exportStreamDot, serializeStreamModel } from '@dt/stream';
import { HistGradientBoostingClassifier, HistGradientBoostingRegressor } from '@dt/boost';
import { AlgorithmForestClassifier, algorithmForest, BaggingClassifier, Ensemble, EnsembleClassifier, expandForestJson, ExtraTreesClassifier, ExtraTreesRegressor, RandomForestClassifier, RandomForestRegressor, serializeForest, type ForestModel } from '@dt/ensemble';
import { fitForest } from '@dt/ensemble/node';
import { createHistogramWorkers, type WorkerFault } from '@dt/core/node';
import { isClassifier, isStream, MODEL_FORMATS, type AnyModel } from '../any-model.js';
import { run } from '../run.js';
import type { OutputStream } from '../io.js';
import { CliRefusal, type FuzzTarget } from './harness.js';
import { exchangeTargets } from './exchange-targets.js';
import { mutateModel, mutation, type Mutation } from './mutate-model.js';
import { explainTarget } from './explain-target.js';
import { boostTargets } from './boost-targets.js';
import { checkClassifierOutputs } from './check-classifier.js';

/** Checks a loaded forest's outputs like checkModel's (predictions, probabilities, importances, re-load). */
function checkForest(model: ForestModel, X: number[][]): string | null {
  if (model instanceof EnsembleClassifier) {
    const bad = checkClassifierOutputs(model.classes, model.predict(X), model.predictProbaFlat(X), X.length);
    if (bad !== null) return bad;
  } else {
    for (const p of model.predict(X)) if (!Number.isFinite(p)) return `predict returned ${p}`;
  }
  // Decision Stream members have no impurity importances (the forest refuses them with a typed error).
  const streams = 'algorithm' in model && model.algorithm === 'decision-stream';
  if (!streams) for (const v of model.featureImportances) if (!(v >= 0 && v <= 1)) return `featureImportances has ${v}`;
  // A Bagging forest of custom members has no file format (serializeForest refuses it).
  if (!(model instanceof BaggingClassifier) || model instanceof AlgorithmForestClassifier) loadAnyModel(serializeForest(model), MODEL_FORMATS);
  return null;
}

/** Checks every output of an accepted model on `rows`; null when all are finite and in range. */
export function checkModel(model: AnyModel | ForestModel, rows: readonly number[]): string | null {
  const d = model.nFeatures;
  // Wide (mutated) models get one row; values cycle through the generated ones.
  const n = d > 10_000 ? 1 : 6;
  const X: number[][] = [];
  for (let r = 0; r < n; r++) X.push(Array.from({ length: d }, (_, j) => rows[(r * 7 + j) % rows.length]!));
  if (model instanceof Ensemble) return checkForest(model as ForestModel, X);
  if (isClassifier(model)) {
    const bad = checkClassifierOutputs(model.classes, model.predict(X), model.predictProbaFlat(X), n);
    if (bad !== null) return bad;
  } else {
    for (const p of model.predict(X)) if (!Number.isFinite(p)) return `predict returned ${p}`;
  }
  if (!isStream(model)) {
    for (const v of model.featureImportances) if (!(v >= 0 && v <= 1)) return `featureImportances has ${v}`;
    if (d <= 100_000) {
      exportText(model, { maxDepth: 4 });
      exportDot(model, { maxDepth: 4 });
    }
    loadAnyModel(serializeModel(model), MODEL_FORMATS);
  } else {
    exportStreamDot(model);
    loadAnyModel(serializeStreamModel(model), MODEL_FORMATS);
  }
  if (d <= 100_000) renderSvg(model, { maxDepth: 3 });
  return null;
}

function baseModels(): { name: string; text: string }[] {
  const rows = 60;
  const X: number[][] = [];
  const y: string[] = [];
  const t: number[] = [];
  for (let i = 0; i < rows; i++) {
    const a = (i * 7) % 11;
    const b = (i * 13) % 17;
    const c = i % 3;
    X.push([a, b / 4, c]);
    y.push(a + c > 6 ? 'yes' : b > 8 ? 'maybe' : 'no');
    t.push(a * 0.5 + b - c);
  }
  const streamC = new DecisionStreamClassifier().fit(X, y);
  const forest = serializeForest(new RandomForestClassifier({ nEstimators: 3, maxDepth: 3, seed: 1 }).fit(X, y));
  const streamR = new DecisionStreamRegressor().fit(X, t);
  return [
    { name: 'tree', text: serializeModel(new DecisionTreeClassifier({ maxDepth: 4 }).fit(X, y)) },
    { name: 'regression', text: serializeModel(new DecisionTreeRegressor({ maxDepth: 4 }).fit(X, t)) },
    { name: 'oblique', text: serializeModel(createClassifier('hhcart-a', { maxDepth: 4 }).fit(X, y)) },
    { name: 'crimcoord', text: serializeModel(new DecisionTreeClassifier({ categoricalFeatures: [2], projection: 'node-means-pca', maxDepth: 4 }).fit(X, y)) },
    { name: 'stream', text: serializeStreamModel(streamC) },
    { name: 'stream-regression', text: serializeStreamModel(streamR) },
    { name: 'forest', text: forest },
    // Version 3 (member trees as number arrays): older files keep loading, field by field under the tree rules.
    { name: 'forest-v3', text: JSON.stringify(expandForestJson(forest)) },
    { name: 'forest-oblique-v3', text: JSON.stringify(expandForestJson(serializeForest(algorithmForest('hhcart-d', { nEstimators: 2, maxFeatures: 2, seed: 1, tree: { maxDepth: 3 } }).fit(X, y)))) },
    { name: 'forest-regression', text: serializeForest(new RandomForestRegressor({ nEstimators: 3, maxDepth: 3, seed: 1 }).fit(X, t)) },
    { name: 'forest-oblique', text: serializeForest(algorithmForest('hhcart-d', { nEstimators: 2, maxFeatures: 2, seed: 1, tree: { maxDepth: 3 } }).fit(X, y)) },
    { name: 'forest-stream', text: serializeForest(algorithmForest('decision-stream', { nEstimators: 2, maxFeatures: 'sqrt', seed: 1 }).fit(X, y)) },
    { name: 'forest-extra-trees', text: serializeForest(new ExtraTreesClassifier({ nEstimators: 2, maxDepth: 3, seed: 1 }).fit(X, y)) },
    { name: 'forest-extra-trees-regression', text: serializeForest(new ExtraTreesRegressor({ nEstimators: 2, maxDepth: 3, seed: 1, oobScore: false }).fit(X, t)) },
    { name: 'forest-max-cut', text: serializeForest(algorithmForest('maxcut-node-means-pca', { nEstimators: 2, seed: 1, tree: { maxDepth: 3 } }).fit(X, y)) },
  ];
}

/** A loaded boosting model's outputs: classes, probabilities in [0, 1] summing to 1, finite values and importances. */
export function checkBoost(model: HistGradientBoostingClassifier | HistGradientBoostingRegressor, rows: readonly number[]): string | null {
  const d = model.nFeatures;
  const n = d > 10_000 ? 1 : 6;
  const X = Array.from({ length: n }, (_, r) => Array.from({ length: d }, (_, j) => (j % 5 === 4 ? Number.NaN : rows[(r * 7 + j) % rows.length]!)));
  if (model instanceof HistGradientBoostingClassifier) {
    const classes = new Set<unknown>(model.classes);
    for (const p of model.predict(X)) if (!classes.has(p)) return `predict returned ${String(p)}, not a class`;
    for (const row of model.predictProba(X)) {
      let sum = 0;
      for (const p of row) {
        if (!(p >= 0 && p <= 1)) return `predictProba returned ${p}`;
        sum += p;
      }
      if (Math.abs(sum - 1) > 1e-9) return `predictProba row sums to ${sum}`;
    }
  } else for (const p of model.predict(X)) if (!Number.isFinite(p)) return `predict returned ${p}`;
  for (const v of model.featureImportances) if (!(v >= 0 && v <= 1)) return `featureImportances has ${v}`;
  return null;
}

const rowValues = fc.array(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), { minLength: 8, maxLength: 8 });

/** Byte edits inside a version 4 forest file's typed columns (what JSON mutations cannot reach), and dtype swaps. */
function forestColumnsTarget(name: string, text: string): FuzzTarget<{ edits: { column: number; at: number; byte: number; dtype: number }[]; rows: number[] }> {
  const dtypes = ['u8', 'i8', 'u16', 'i16', 'i32', 'u32', 'f32', 'f64', 'x'];
  return {
    name: `model file columns: ${name}`,
    input: fc.record({
      edits: fc.array(fc.record({ column: fc.nat(), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }), dtype: fc.integer({ min: -20, max: dtypes.length - 1 }) }), { minLength: 1, maxLength: 4 }),
      rows: rowValues,
    }),
    run({ edits, rows }) {
      const doc = JSON.parse(text) as { nodes: Record<string, { dtype: string; data: string }> };
      const keys = Object.keys(doc.nodes);
      for (const e of edits) {
        const col = doc.nodes[keys[e.column % keys.length]!]!;
        const bytes = Uint8Array.from(atob(col.data), (c) => c.charCodeAt(0));
        if (bytes.length > 0) bytes[e.at % bytes.length] = e.byte;
        col.data = btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
        // Mostly byte edits; sometimes the same bytes read as another dtype.
        if (e.dtype >= 0) col.dtype = dtypes[e.dtype]!;
      }
      return checkModel(loadAnyModel(JSON.stringify(doc), MODEL_FORMATS) as AnyModel | ForestModel, rows);
    },
  };
}

function modelTarget(name: string, text: string): FuzzTarget<{ muts: Mutation[]; rows: number[] }> {
  return {
    name: `model file: ${name}`,
    input: fc.record({ muts: fc.array(mutation, { minLength: 1, maxLength: 3 }), rows: rowValues }),
    run({ muts, rows }) {
      const model = loadAnyModel(mutateModel(text, muts), MODEL_FORMATS) as AnyModel | ForestModel;
      return checkModel(model, rows);
    },
  };
}

const CELLS = ['1', '2.5', '-3', '0', '7', 'abc', 'red', 'blue', '?', 'NA', '', '1e309', '0x10', '"q,uoted"', ' 4 ', 'Infinity', '1e-300', '-0'];

const csvInput = fc.record({
  header: fc.boolean(),
  cols: fc.integer({ min: 1, max: 5 }),
  // Magnitudes up to 1e308 (targets beyond ±1e100 are refused with a typed error; sums of squares
  // must never turn into NaN importances).
  cells: fc.array(fc.oneof(fc.constantFrom(...CELLS), fc.double({ noNaN: true, min: -1e9, max: 1e9 }).map(String), fc.double({ noNaN: true, noDefaultInfinity: true }).map(String), fc.integer({ min: -20, max: 20 }).map(String)), {
    minLength: 0,
    maxLength: 60,
  }),
  ragged: fc.nat({ max: 20 }),
  task: fc.constantFrom(undefined, 'classification', 'regression'),
});

function csvText(c: { header: boolean; cols: number; cells: string[]; ragged: number }): string {
  const lines: string[] = [];
  if (c.header) lines.push(Array.from({ length: c.cols }, (_, j) => `c${j}`).join(','));
  for (let r = 0; r * c.cols < c.cells.length; r++) {
    const row = c.cells.slice(r * c.cols, (r + 1) * c.cols);
    if (c.ragged === r) row.pop();
    lines.push(row.join(','));
  }
  return lines.join('\n');
}

/** A parsed dataset's numbers must be finite, codes in range, and a tree fitted on it sound. */
function checkDataset(ds: Dataset): string | null {
  const { X } = ds;
  if (X.data.length !== X.rows * X.cols) return `X has ${X.data.length} values for ${X.rows}×${X.cols}`;
  for (const v of X.data) if (!Number.isFinite(v)) return `X holds ${v}`;
  for (let j = 0; j < X.cols; j++) {
    const levels = ds.categories[j];
    if (levels === null || levels === undefined) continue;
    for (let r = 0; r < X.rows; r++) {
      const v = X.data[r * X.cols + j]!;
      if (!(Number.isInteger(v) && v >= 0 && v < levels.length)) return `categorical code ${v} of ${levels.length} levels`;
    }
  }
  if (ds.y.length !== X.rows) return `y has ${ds.y.length} values for ${X.rows} rows`;
  if (X.rows === 0) return null;
  const rows = Array.from({ length: X.rows }, (_, r) => Array.from(X.data.subarray(r * X.cols, (r + 1) * X.cols)));
  const categoricalFeatures = ds.featureTypes.flatMap((t, j) => (t === 'categorical' ? [j] : []));
  if (ds.task === 'classification') {
    const m = new DecisionTreeClassifier({ maxDepth: 5, categoricalFeatures }).fit(rows, ds.y as (string | number)[]);
    return checkModel(m, Array.from(X.data.subarray(0, 8)).concat([0, 1, 2, 3, 4, 5, 6, 7]));
  }
  for (const v of ds.y) if (typeof v !== 'number' || !Number.isFinite(v)) return `regression target ${String(v)}`;
  const m = new DecisionTreeRegressor({ maxDepth: 5, categoricalFeatures }).fit(rows, ds.y as number[]);
  return checkModel(m, Array.from(X.data.subarray(0, 8)).concat([0, 1, 2, 3, 4, 5, 6, 7]));
}

const csvTarget: FuzzTarget<typeof csvInput extends fc.Arbitrary<infer T> ? T : never> = {
  name: 'CSV input (parseCsv + fit)',
  input: csvInput,
  run(c) {
    const ds = parseCsv(csvText(c), c.task === undefined ? {} : { task: c.task });
    return checkDataset(ds);
  },
};

const idxInput = fc.oneof(
  fc.uint8Array({ maxLength: 64 }),
  fc
    .record({ dims: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 3 }), extra: fc.integer({ min: -3, max: 3 }), type: fc.constantFrom(8, 8, 8, 9, 0x0d), seed: fc.nat(255) })
    .map(({ dims, extra, type, seed }) => {
      const size = dims.reduce((a, b) => a * b, 1);
      const body = Math.max(0, size + extra);
      const bytes = new Uint8Array(4 + 4 * dims.length + body);
      bytes[2] = type;
      bytes[3] = dims.length;
      const view = new DataView(bytes.buffer);
      dims.forEach((d, i) => view.setUint32(4 + 4 * i, d));
      for (let i = 0; i < body; i++) bytes[4 + 4 * dims.length + i] = (seed + i * 31) & 255;
      return bytes;
    }),
);

const idxTarget: FuzzTarget<Uint8Array> = {
  name: 'IDX input (parseIdx + idxToDataset)',
  input: idxInput,
  run(bytes) {
    const a = parseIdx(bytes);
    const size = a.dims.reduce((x, y) => x * y, 1);
    if (a.data.length !== size) return `data has ${a.data.length} bytes for dims ${a.dims.join('x')}`;
    if (a.dims.length < 2) return null;
    const labels = parseIdx(Uint8Array.from([0, 0, 8, 1, 0, 0, 0, a.dims[0]!, ...Array.from({ length: a.dims[0]! }, (_, i) => i % 3)]));
    return checkDataset(idxToDataset(a, labels));
  },
};

const OPTION_VALUES: Record<string, unknown[]> = {
  maxDepth: [undefined, null, 0, 1, 3, -1, 1.5, 'x', 1e9],
  minSamplesSplit: [undefined, 2, 1, 0, 0.5, 1.5, 100],
  minSamplesLeaf: [undefined, 1, 0, 0.1, 3, 0.7],
  maxFeatures: [undefined, null, 'sqrt', 'log2', 1, 0, 0.5, 99],
  ccpAlpha: [undefined, 0, 0.01, -1, Number.NaN],
  criterion: [undefined, 'gini', 'entropy', 'foo', 'squared_error'],
  seed: [undefined, 0, 1, -1, 2 ** 40],
  monotonicCst: [undefined, null, [1], [1, -1], [1, 0, -1, 0], [2], [1, 0.5], { a: 1 }, 'up', [-1, -1, -1, -1]],
};

const apiInput = fc.record({
  rows: fc.integer({ min: 0, max: 25 }),
  cols: fc.integer({ min: 1, max: 4 }),
  values: fc.array(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ noNaN: true, min: -1e6, max: 1e6 })), { minLength: 100, maxLength: 100 }),
  labels: fc.array(fc.constantFrom('a', 'b', 'c', 1, 2), { minLength: 25, maxLength: 25 }),
  task: fc.constantFrom('classification', 'regression', 'stream-c', 'stream-r', 'algorithm'),
  algorithm: fc.constantFrom(...listAlgorithms()),
  options: fc.record(Object.fromEntries(Object.entries(OPTION_VALUES).map(([k, vs]) => [k, fc.constantFrom(...vs)]))),
});

const apiTarget: FuzzTarget<typeof apiInput extends fc.Arbitrary<infer T> ? T : never> = {
  name: 'estimators (fit/predict options and data)',
  input: apiInput,
  run(c) {
    const X = Array.from({ length: c.rows }, (_, r) => Array.from({ length: c.cols }, (_, j) => c.values[(r * c.cols + j) % c.values.length]!));
    const labels = c.labels.slice(0, c.rows);
    const targets = X.map((row) => row.reduce((a, b) => a + b, 0));
    const options = Object.fromEntries(Object.entries(c.options).filter(([, v]) => v !== undefined));
    const { ccpAlpha, maxDepth, seed } = options as Record<string, unknown>;
    let model: AnyModel;
    if (c.task === 'classification') model = new DecisionTreeClassifier(options as never).fit(X, labels);
    else if (c.task === 'regression') model = new DecisionTreeRegressor({ ...options, criterion: undefined } as never).fit(X, targets);
    else if (c.task === 'algorithm') model = createClassifier(c.algorithm, { maxDepth, seed, ccpAlpha } as never).fit(X, labels);
    else if (c.task === 'stream-c') model = new DecisionStreamClassifier({ seed } as never).fit(X, labels);
    else model = new DecisionStreamRegressor({ seed } as never).fit(X, targets);
    return checkModel(model, c.values.slice(0, 8));
  },
};

const cliDir = mkdtempSync(join(tmpdir(), 'dt-fuzz-cli-'));

const cliInput = fc.record({
  csv: csvInput,
  command: fc.constantFrom('train', 'train', 'predict', 'show'),
  algorithm: fc.constantFrom('cart', 'stream', 'gini-node-means-pca', 'hist-gradient-boosting', 'bogus'),
  flags: fc.array(fc.constantFrom(['--max-depth', '2'], ['--max-depth', '-1'], ['--max-depth', 'x'], ['--task', 'regression'], ['--format', 'dot'], ['--format', 'svg'], ['--proba'], ['--max-depth', '0'], ['--label', 'c0'], ['--label', 'zz'], ['--decimals', '1000'], ['--decimals', '3']), { maxLength: 3 }),
  out: fc.constantFrom('m.json', 'd.csv', 'p.csv'),
});

/** Runs `dt` in-process; an "internal error" line or an unexpected exit code is a bug. */
async function dt(argv: string[]): Promise<{ code: number; stderr: string }> {
  let err = '';
  const stdout: OutputStream = { isTTY: false, columns: 100, write: () => true };
  const stderr: OutputStream = { isTTY: false, columns: 100, write: (s: string) => ((err += s), true) };
  const code = await run(argv, { stdout, stderr, cwd: cliDir, env: {} });
  return { code, stderr: err };
}

const cliTarget: FuzzTarget<typeof cliInput extends fc.Arbitrary<infer T> ? T : never> = {
  name: 'CLI (train/predict/show in-process)',
  input: cliInput,
  async run(c) {
    const data = csvText(c.csv);
    writeFileSync(join(cliDir, 'd.csv'), data);
    const flags = c.flags.flat();
    let r: { code: number; stderr: string };
    if (c.command === 'train') r = await dt(['train', '--data', 'd.csv', '--algorithm', c.algorithm, ...flags.filter((f) => f !== '--proba'), '--out', c.out]);
    else {
      // predict and show read a tree file, or a boosting file when the case drew boosting.
      const t = await dt(['train', '--data', 'd.csv', ...(c.algorithm === 'hist-gradient-boosting' ? ['--algorithm', c.algorithm] : []), '--out', 'm.json']);
      if (t.code !== 0) r = t;
      else if (c.command === 'predict') r = await dt(['predict', '--model', 'm.json', '--data', 'd.csv', ...flags.filter((f) => f === '--proba'), '--out', c.out]);
      else r = await dt(['show', '--model', 'm.json', ...flags.filter((f) => ['--format', 'dot', 'svg', '--max-depth', '2', '-1', 'x', '0', '--decimals', '1000', '3'].includes(f)), '--out', c.out === 'm.json' ? 'show.out' : c.out]);
    }
    if (r.stderr.includes('internal error')) throw new Error(r.stderr.trim());
    if (r.code !== 0 && !/^dt: /.test(r.stderr)) return `exit ${r.code} without a dt: message`;
    // dt predict reads the model and the data; dt train the data (dt show reads only the model, and
    // its --out is never m.json here).
    if (r.code === 0 && c.command === 'predict' && (c.out === 'd.csv' || c.out === 'm.json')) return `overwrote an input (${c.out})`;
    if (r.code === 0 && c.command === 'train' && c.out === 'd.csv') return 'overwrote its data (d.csv)';
    if (r.code !== 0) throw new CliRefusal(r.stderr.trim());
    return null;
  },
};

const ARRAY_KINDS = ['rows', 'float64', 'float32', 'uint8', 'matrix'] as const;

const nanInput = fc.record({
  rows: fc.integer({ min: 0, max: 30 }),
  cols: fc.integer({ min: 1, max: 4 }),
  values: fc.array(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constant(Number.NaN), fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(Number.POSITIVE_INFINITY, -0)), { minLength: 120, maxLength: 120 }),
  labels: fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 30, maxLength: 30 }),
  kind: fc.constantFrom(...ARRAY_KINDS),
  model: fc.constantFrom('tree', 'tree-hist', 'regressor', 'random-forest', 'extra-trees', 'forest-regression', 'stream', 'oblique-forest', 'bagging', 'crimcoord', 'boost', 'boost-regression'),
  options: fc.record({ maxSamples: fc.constantFrom(undefined, 0.5, 3, 1000, { fraction: 1 }), bootstrap: fc.constantFrom(undefined, true, false), typo: fc.boolean() }),
});

/** The rows as the kind of input a user passes: arrays of rows, a flat typed matrix, a DataView row. */
function asInput(kind: (typeof ARRAY_KINDS)[number], values: number[], rows: number, cols: number): unknown {
  const flat = values.slice(0, rows * cols);
  if (kind === 'rows') return Array.from({ length: rows }, (_, r) => flat.slice(r * cols, r * cols + cols));
  if (kind === 'matrix') return { data: Float64Array.from(flat), rows, cols };
  if (kind === 'float32') return { data: Float32Array.from(flat), rows, cols };
  if (kind === 'uint8') return { data: Uint8Array.from(flat, (v) => (Number.isFinite(v) ? Math.abs(v) % 256 : 0)), rows, cols };
  return { data: Float64Array.from(flat), rows, cols };
}

/** Estimators and forests on NaN cells and typed-array inputs, with forest options that need bootstrap, and fit-option typos. */
const nanTarget: FuzzTarget<typeof nanInput extends fc.Arbitrary<infer T> ? T : never> = {
  name: 'estimators and forests: NaN, typed arrays, forest options',
  input: nanInput,
  run(c) {
    const X = asInput(c.kind, c.values, c.rows, c.cols) as never;
    const y = c.labels.slice(0, c.rows);
    const t = y.map((l, i) => (l === 'a' ? i : -i));
    const fitOptions = (c.options.typo ? { sampleWeights: null } : {}) as never;
    const forest = { nEstimators: 2, seed: 1, maxDepth: 4, ...(c.options.maxSamples === undefined ? {} : { maxSamples: c.options.maxSamples }), ...(c.options.bootstrap === undefined ? {} : { bootstrap: c.options.bootstrap }) };
    if (c.model === 'boost' || c.model === 'boost-regression') {
      const boost = { maxIter: 2, maxLeafNodes: 4, ...(c.options.maxSamples === undefined ? {} : { maxBins: c.options.maxSamples }) } as never;
      const b = c.model === 'boost' ? new HistGradientBoostingClassifier(boost).fit(X, y, fitOptions) : new HistGradientBoostingRegressor(boost).fit(X, t, fitOptions);
      if (c.options.typo) return 'accepted a fit option typo (sampleWeights)';
      return checkBoost(b, c.values.filter((v) => Number.isFinite(v)).concat([0, 1, 2, 3, 4, 5, 6, 7]).slice(0, 8));
    }
    let model: AnyModel | ForestModel;
    if (c.model === 'tree') model = new DecisionTreeClassifier({ maxDepth: 4 }).fit(X, y, fitOptions);
    else if (c.model === 'tree-hist') model = new DecisionTreeClassifier({ maxDepth: 4, splitter: 'hist' }).fit(X, y, fitOptions);
    else if (c.model === 'regressor') model = new DecisionTreeRegressor({ maxDepth: 4 }).fit(X, t, fitOptions);
    else if (c.model === 'random-forest') model = new RandomForestClassifier(forest).fit(X, y, fitOptions);
    else if (c.model === 'extra-trees') model = new ExtraTreesClassifier(forest).fit(X, y, fitOptions);
    else if (c.model === 'forest-regression') model = new RandomForestRegressor(forest).fit(X, t, fitOptions);
    else if (c.model === 'bagging') model = new BaggingClassifier({ ...forest, maxDepth: undefined, base: (seed: number) => new DecisionTreeClassifier({ seed, maxDepth: 3 }) } as never).fit(X, y, fitOptions) as unknown as ForestModel;
    else if (c.model === 'crimcoord') model = new DecisionTreeClassifier({ maxDepth: 4, projection: 'node-means-pca', categoricalFeatures: [0] }).fit(X, y, fitOptions);
    else if (c.model === 'oblique-forest') model = algorithmForest('hhcart-d', { ...forest, maxDepth: undefined, tree: { maxDepth: 3 } } as never).fit(X, y, fitOptions);
    else model = new DecisionStreamClassifier().fit(X, y, fitOptions);
    if (c.options.typo) return 'accepted a fit option typo (sampleWeights)';
    return checkModel(model, c.values.filter((v) => Number.isFinite(v)).concat([0, 1, 2, 3, 4, 5, 6, 7]).slice(0, 8));
  },
};

const faultInput = fc.record({
  kind: fc.constantFrom<WorkerFault['kind']>('exit', 'throw', 'stall'),
  at: fc.integer({ min: 1, max: 40 }),
  forest: fc.boolean(),
});

/** Threads with injected worker faults: the fit ends in a WorkerFailedError (typed) or, when the fault comes after the fit, a sound model. */
const faultTarget: FuzzTarget<typeof faultInput extends fc.Arbitrary<infer T> ? T : never> = {
  name: 'threads with injected worker faults',
  // Every case starts worker threads (from sources each compiles the workspace through tsx: up to
  // half a minute on a loaded machine); a fault fails the fit within seconds of firing.
  maxCases: 12,
  hangMs: 120_000,
  input: faultInput,
  async run(c) {
    const X = Array.from({ length: 300 }, (_, i) => [(i * 7) % 13, (i * 11) % 17, i % 5]);
    const y = X.map((x) => (x[0]! + x[1]! > 14 ? 'p' : 'q'));
    const fault = { kind: c.kind, at: c.at };
    if (c.forest) {
      const f = await fitForest(new RandomForestClassifier({ nEstimators: 6, seed: 1, nJobs: 2 }), X, y, {}, { faults: [fault, fault], stallMs: 1000 });
      return checkModel(f, [1, 2, 3, 4, 5, 6, 7, 8]);
    }
    const pool = await createHistogramWorkers(1, { faults: [fault], stallMs: 1000 });
    try {
      const workers = { threads: 1, post: pool.post, receive: pool.receive!, minParallelCells: 0, failure: pool.failure, stall: pool.stall!, stallMs: 1000 };
      return checkModel(new DecisionTreeClassifier({ splitter: 'hist' }).fit(X, y, { workers }), [1, 2, 3, 4, 5, 6, 7, 8]);
    } finally {
      await pool.close();
    }
  },
};

/** A target that allocates without bound (DT_FUZZ_SELFTEST=1 only): the campaign's child runner must count it as a crash. */
const runawayTarget: FuzzTarget<number> = {
  name: 'selftest: unbounded allocation',
  maxCases: 2,
  input: fc.nat(),
  run() {
    const hold: Float64Array[] = [];
    for (;;) hold.push(new Float64Array(1 << 20).fill(1));
  },
};

/**
 * Every target, as lists concatenated: model files, data files, estimators, the CLI, threads. A new
 * format's targets are one more list here (e.g. `...exchangeTargets()` from exchange-targets.ts).
 */
export function fuzzTargets(): FuzzTarget<never>[] {
  return [
    ...baseModels().map((b) => modelTarget(b.name, b.text)),
    ...boostTargets(),
    ...baseModels()
      .filter((b) => b.name.startsWith('forest') && !b.name.endsWith('-v3') && b.name !== 'forest-stream')
      .map((b) => forestColumnsTarget(b.name, b.text)),
    ...[csvTarget, idxTarget],
    ...[apiTarget, nanTarget],
    ...[cliTarget],
    ...[faultTarget],
    ...exchangeTargets(),
    explainTarget,
    ...(process.env.DT_FUZZ_SELFTEST === '1' ? [runawayTarget] : []),
  ] as FuzzTarget<never>[];
}
