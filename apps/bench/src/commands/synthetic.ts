import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { makeClassification, standardScaler } from '@dt/datasets';
import { markSignificance, meanConfidenceInterval, measure, ratioOfMeansConfidenceInterval } from '@dt/eval';
import type { AlgorithmMark } from '@dt/eval';
import { ALGORITHMS, BASELINE, defaultAlgorithmNames, labelOf, resolveAlgorithms } from '../algorithms.js';
import type { Algorithm, Dense } from '../algorithms.js';
import { differencePlotSpec, histogramSpec, linePlotSpec, writePlot } from '../plots.js';
import { createProgress } from '../progress.js';
import { ResultsStore, appendJsonLine, readJsonLines } from '../harness/results-store.js';
import { seedOf } from '../harness/seed.js';
import { cpuSeconds } from '../harness/timing.js';

/**
 * The Max-Cut paper's synthetic experiments (section 3.1): make_classification data sets with one
 * cluster per class, 1% flipped labels, no redundant or repeated features, random shift and scale,
 * standardised on the training rows; every algorithm sees the same rows. Two experiments per class
 * count: training size × informative dimensions (no noise), and informative × noise dimensions at a
 * fixed training size.
 */
export interface SyntheticGrid {
  classes: number[];
  experiments: ('size' | 'noise')[];
  /** Experiment 'size': training sizes and informative dimensions (dimensions below log2(classes) are skipped). */
  sizes: number[];
  dims: number[];
  /** Experiment 'noise': training size, informative and noise dimensions. */
  noiseTrain: number;
  noiseInformative: number[];
  noiseDims: number[];
  /** Independent data sets per setting (the paper: 30). */
  datasets: number;
  /** Test rows per data set (the paper: 100,000). */
  testSize: number;
}

/** The paper's grid. Its text gives sizes, the noise grid, 30 data sets and 100k test rows; the informative dimensions of Figures 1/5 are not listed, see DIMS. */
export const PAPER_SIZES = [100, 1000, 10000, 100000, 200000, 300000];
/**
 * 13 values: with the 110-setting noise grid this makes 6·13 + 110 = 188 binary settings = the
 * paper's 5,640 binary data sets / 30 — our reading, since the paper does not list them.
 */
export const PAPER_DIMS = [2, 3, 4, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50];
const range = (a: number, b: number, step: number) => Array.from({ length: Math.floor((b - a) / step) + 1 }, (_, i) => a + i * step);

/**
 * The grid at a scale f in (0, 1]: f = 1 is the paper's full grid. Smaller f keeps every setting
 * (classes, dimensions, noise levels) but multiplies training sizes (floor 100, duplicates dropped),
 * the noise experiment's training size and the test size by f, and uses max(5, round(30·f)) data sets
 * per setting.
 */
export function gridForScale(f: number): SyntheticGrid {
  if (!(f > 0 && f <= 1)) throw new Error(`--scale must be a number in (0, 1], got ${f}`);
  const sizes = [...new Set(PAPER_SIZES.map((n) => Math.max(100, Math.round(n * f))))];
  return {
    classes: [2, 10],
    experiments: ['size', 'noise'],
    sizes,
    dims: PAPER_DIMS,
    noiseTrain: Math.max(100, Math.round(10000 * f)),
    noiseInformative: range(5, 50, 5),
    noiseDims: range(0, 50, 5),
    datasets: Math.max(5, Math.round(30 * f)),
    testSize: Math.max(1000, Math.round(100000 * f)),
  };
}

/** A grid small enough for CI: seconds. */
export function quickGrid(): SyntheticGrid {
  return { classes: [2, 10], experiments: ['size', 'noise'], sizes: [100, 300], dims: [4, 8], noiseTrain: 200, noiseInformative: [5], noiseDims: [0, 5], datasets: 3, testSize: 500 };
}

export const DEFAULT_SCALE = 0.05;

interface Setting {
  experiment: 'size' | 'noise';
  classes: number;
  nTrain: number;
  nInformative: number;
  nNoise: number;
}

export interface CellRecord {
  key: string;
  classes: number;
  nTrain: number;
  nTest: number;
  nInformative: number;
  nNoise: number;
  rep: number;
  seed: number;
  algorithm: string;
  accuracy: number;
  fitMs: number;
  fitCpuMs: number;
  predictMs: number;
  leaves: number | null;
}

const dataKey = (s: Setting, rep: number, nTest: number) => `C${s.classes}-n${s.nTrain}-i${s.nInformative}-z${s.nNoise}-t${nTest}-r${rep}`;

export function settingsOf(grid: SyntheticGrid): Setting[] {
  const out: Setting[] = [];
  for (const classes of grid.classes) {
    const minInf = Math.ceil(Math.log2(classes));
    if (grid.experiments.includes('size')) {
      for (const nInformative of grid.dims.filter((d) => d >= minInf)) {
        for (const nTrain of grid.sizes) out.push({ experiment: 'size', classes, nTrain, nInformative, nNoise: 0 });
      }
    }
    if (grid.experiments.includes('noise')) {
      for (const nInformative of grid.noiseInformative.filter((d) => d >= minInf)) {
        for (const nNoise of grid.noiseDims) out.push({ experiment: 'noise', classes, nTrain: grid.noiseTrain, nInformative, nNoise });
      }
    }
  }
  return out;
}

function standardized(X: Dense, nTrain: number): { train: Dense; test: Dense } {
  const d = X.cols;
  const train = { data: X.data.subarray(0, nTrain * d), rows: nTrain, cols: d };
  const test = { data: X.data.subarray(nTrain * d), rows: X.rows - nTrain, cols: d };
  const scaler = standardScaler().fit(train);
  return { train: scaler.transform(train), test: scaler.transform(test) };
}

function runCell(alg: Algorithm, train: Dense, ytrain: Int32Array, test: Dense, ytest: Int32Array): Pick<CellRecord, 'accuracy' | 'fitMs' | 'fitCpuMs' | 'predictMs' | 'leaves'> {
  const est = alg.make();
  const fit = measure(() => est.fit(train, ytrain));
  const predict = measure(() => est.predict(test));
  const pred = predict.result;
  let ok = 0;
  for (let i = 0; i < ytest.length; i++) if (Number(pred[i]) === ytest[i]) ok++;
  return { accuracy: ok / ytest.length, fitMs: fit.wallMs, fitCpuMs: cpuSeconds(fit) * 1000, predictMs: predict.wallMs, leaves: typeof est.nLeaves === 'number' ? est.nLeaves : null };
}

export interface SyntheticOptions {
  grid: SyntheticGrid;
  algorithms: Algorithm[];
  /** Results directory (results.jsonl, report.md, plots); null keeps everything in memory. */
  out: string | null;
  alpha: number;
  /** Ratio histograms: [numerator, denominator] algorithm names. */
  ratioPairs?: [string, string][];
  /** Describes the run in report.md (e.g. the scale). */
  description: string;
  plots: boolean;
  /** Only summarise what results.jsonl already holds (no cells are run). */
  reportOnly?: boolean;
}

export interface SettingSummary extends Setting {
  datasets: number;
  marks: AlgorithmMark[];
  /** Per algorithm: mean fit wall and CPU time (ms), mean leaves. */
  fitMs: Record<string, number>;
  fitCpuMs: Record<string, number>;
  leaves: Record<string, number | null>;
  /** Mean fit CPU time / the baseline's (CPU, not wall: the machine is shared, see the report). */
  timeRatio: Record<string, number | null>;
  /** The same with wall-clock times, as the paper reports them. */
  wallRatio: Record<string, number | null>;
}

export interface SyntheticReport {
  settings: SettingSummary[];
  /**
   * Per class count and ratio pair: per-data-set accuracy ratios over every data set ('all'), and
   * split into the data sets without noise features ('no-noise') and with them ('noise').
   */
  ratios: { classes: number; subset: RatioSubset; numerator: string; denominator: string; values: number[]; numeratorAcc: number[]; denominatorAcc: number[] }[];
  /** Figures 3 and 7: per size-experiment setting, mean accuracy(A) − accuracy(B) with a 95% paired t interval. */
  differences: AccuracyDifference[];
  markdown: string;
  cellsRun: number;
  cellsSkipped: number;
  elapsedS: number;
}

export type RatioSubset = 'all' | 'no-noise' | 'noise';
const RATIO_SUBSETS: { subset: RatioSubset; keep: (s: Setting) => boolean; label: string }[] = [
  { subset: 'all', keep: () => true, label: 'all' },
  { subset: 'no-noise', keep: (s) => s.nNoise === 0, label: 'no noise features' },
  { subset: 'noise', keep: (s) => s.nNoise > 0, label: 'with noise features' },
];

export interface AccuracyDifference {
  classes: number;
  nTrain: number;
  dims: number;
  a: string;
  b: string;
  n: number;
  mean: number;
  lower: number;
  upper: number;
}

/** Default ratio pairs: the paper's (Figures 4 and 8) when those algorithms exist, else each one vs the baseline. */
export function defaultRatioPairs(names: string[]): [string, string][] {
  const paper: [string, string][] = [
    ['maxcut-node-means-pca', 'gini-node-features-pca'],
    ['maxcut-node-means-pca', 'gini-node-means-pca'],
  ];
  const have = paper.filter(([a, b]) => names.includes(a) && names.includes(b));
  if (have.length) return have;
  return names.filter((n) => n !== BASELINE && names.includes(BASELINE)).map((n) => [n, BASELINE] as [string, string]);
}

export async function runSynthetic(opts: SyntheticOptions, log: (s: string) => void): Promise<SyntheticReport> {
  const t0 = performance.now();
  const { grid, algorithms } = opts;
  const store = new ResultsStore<CellRecord>(opts.out ? join(opts.out, 'results.jsonl') : null);
  const settings = settingsOf(grid);
  // Rep-major order: an interrupted run has every setting at a few data sets, not some at all.
  const tasks: { s: Setting; rep: number; missing: Algorithm[] }[] = [];
  const seenData = new Set<string>();
  let skipped = 0;
  for (let rep = 0; rep < grid.datasets; rep++) {
    for (const s of settings) {
      const dk = dataKey(s, rep, grid.testSize);
      if (seenData.has(dk)) continue; // the same data set in both experiments (noise 0)
      seenData.add(dk);
      const missing = algorithms.filter((a) => !store.has(`${dk}|${a.name}`));
      skipped += algorithms.length - missing.length;
      if (missing.length && !opts.reportOnly) tasks.push({ s, rep, missing });
    }
  }
  const total = tasks.reduce((t, x) => t + x.missing.length, 0);
  log(`synthetic: ${settings.length} settings × ${grid.datasets} data sets × ${algorithms.length} algorithms; ${total} cells to run, ${skipped} already done`);
  const progress = createProgress(log);
  progress.start(total, 'synthetic');
  let run = 0;
  for (const { s, rep, missing } of tasks) {
    const dk = dataKey(s, rep, grid.testSize);
    const seed = seedOf(dk);
    const data = makeClassification({
      nSamples: s.nTrain + grid.testSize,
      nFeatures: s.nInformative + s.nNoise,
      nInformative: s.nInformative,
      nRedundant: 0,
      nRepeated: 0,
      nClasses: s.classes,
      nClustersPerClass: 1,
      flipY: 0.01,
      classSep: 1,
      shift: null,
      scale: null,
      seed,
    });
    const { train, test } = standardized(data.X, s.nTrain);
    const ytrain = data.y.subarray(0, s.nTrain);
    const ytest = data.y.subarray(s.nTrain);
    for (const alg of missing) {
      const r = runCell(alg, train, ytrain, test, ytest);
      store.add({ key: `${dk}|${alg.name}`, classes: s.classes, nTrain: s.nTrain, nTest: grid.testSize, nInformative: s.nInformative, nNoise: s.nNoise, rep, seed, algorithm: alg.name, ...r });
      run++;
      progress.tick(`C=${s.classes} n=${s.nTrain} inf=${s.nInformative} noise=${s.nNoise} ${alg.name}`);
    }
  }
  progress.stop();
  const elapsedS = (performance.now() - t0) / 1000;
  const history = opts.out ? readJsonLines<{ elapsedS?: number }>(join(opts.out, 'runs.jsonl')) : [];
  const pastS = history.reduce((t, r) => t + (r.elapsedS ?? 0), 0);
  const report = summarize(opts, store, settings, opts.reportOnly ? pastS : pastS + elapsedS);
  if (opts.out) {
    mkdirSync(opts.out, { recursive: true });
    if (!opts.reportOnly) appendJsonLine(
      join(opts.out, 'runs.jsonl'),
      { date: new Date().toISOString(), description: opts.description, grid, algorithms: algorithms.map((a) => a.name), cellsRun: run, cellsSkipped: skipped, elapsedS: Math.round(elapsedS), node: process.version, cpu: cpus()[0]?.model ?? null },
    );
    writeFileSync(join(opts.out, 'report.md'), report.markdown);
    writeFileSync(join(opts.out, 'summary.json'), JSON.stringify({ description: opts.description, grid, algorithms: algorithms.map((a) => a.name), settings: report.settings }, null, 1) + '\n');
    if (opts.plots) await writePlots(opts.out, report, algorithms, grid);
    log(`wrote ${opts.out}/report.md`);
  }
  return { ...report, cellsRun: run, cellsSkipped: skipped, elapsedS };
}

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;

function summarize(opts: SyntheticOptions, store: ResultsStore<CellRecord>, settings: Setting[], elapsedS: number): Omit<SyntheticReport, 'cellsRun' | 'cellsSkipped' | 'elapsedS'> {
  const names = opts.algorithms.map((a) => a.name);
  const g = opts.grid;
  const summaries: SettingSummary[] = [];
  for (const s of settings) {
    // Paired: only data sets on which every algorithm has a result.
    const cells: Record<string, CellRecord[]> = Object.fromEntries(names.map((n) => [n, []]));
    for (let rep = 0; rep < g.datasets; rep++) {
      const dk = dataKey(s, rep, g.testSize);
      const rs = names.map((n) => store.get(`${dk}|${n}`));
      if (rs.every((r) => r !== undefined)) rs.forEach((r, i) => cells[names[i]!]!.push(r!));
    }
    const n = cells[names[0]!]!.length;
    if (n === 0) continue;
    const acc = Object.fromEntries(names.map((a) => [a, cells[a]!.map((c) => c.accuracy)]));
    const marks: AlgorithmMark[] =
      names.length >= 2 && n >= 2
        ? markSignificance(acc, { alpha: opts.alpha })
        : names.map((a) => ({ name: a, mean: mean(acc[a]!), n, top: false, mark: '', pValues: {}, rejected: {} }));
    const fitMs = Object.fromEntries(names.map((a) => [a, mean(cells[a]!.map((c) => c.fitMs))]));
    const fitCpuMs = Object.fromEntries(names.map((a) => [a, mean(cells[a]!.map((c) => c.fitCpuMs))]));
    const leaves = Object.fromEntries(names.map((a) => [a, cells[a]!.every((c) => c.leaves !== null) ? mean(cells[a]!.map((c) => c.leaves!)) : null]));
    const ratioTo = (t: Record<string, number>) => Object.fromEntries(names.map((a) => [a, t[BASELINE] ? t[a]! / t[BASELINE] : null]));
    summaries.push({ ...s, datasets: n, marks, fitMs, fitCpuMs, leaves, timeRatio: ratioTo(fitCpuMs), wallRatio: ratioTo(fitMs) });
  }
  const ratios: SyntheticReport['ratios'] = [];
  for (const [num, den] of opts.ratioPairs ?? defaultRatioPairs(names)) {
    for (const classes of g.classes) {
      for (const { subset, keep } of RATIO_SUBSETS) {
        const a: number[] = [];
        const b: number[] = [];
        const seen = new Set<string>();
        for (const s of settings.filter((x) => x.classes === classes && keep(x))) {
          for (let rep = 0; rep < g.datasets; rep++) {
            const dk = dataKey(s, rep, g.testSize);
            if (seen.has(dk)) continue;
            seen.add(dk);
            const x = store.get(`${dk}|${num}`);
            const y = store.get(`${dk}|${den}`);
            if (x && y && y.accuracy > 0) {
              a.push(x.accuracy);
              b.push(y.accuracy);
            }
          }
        }
        if (a.length) ratios.push({ classes, subset, numerator: num, denominator: den, values: a.map((v, i) => v / b[i]!), numeratorAcc: a, denominatorAcc: b });
      }
    }
  }
  const differences: AccuracyDifference[] = [];
  const pair = (opts.ratioPairs ?? defaultRatioPairs(names))[0];
  if (pair) {
    const [a, b] = pair;
    for (const s of settings.filter((x) => x.experiment === 'size')) {
      const d: number[] = [];
      for (let rep = 0; rep < g.datasets; rep++) {
        const dk = dataKey(s, rep, g.testSize);
        const x = store.get(`${dk}|${a}`);
        const y = store.get(`${dk}|${b}`);
        if (x && y) d.push(x.accuracy - y.accuracy);
      }
      if (d.length < 2) continue;
      const ci = meanConfidenceInterval(d);
      differences.push({ classes: s.classes, nTrain: s.nTrain, dims: s.nInformative, a, b, n: d.length, mean: ci.estimate, lower: ci.lower, upper: ci.upper });
    }
  }
  return { settings: summaries, ratios, differences, markdown: renderReport(opts, summaries, ratios, differences, store, elapsedS) };
}

const f4 = (x: number) => x.toFixed(4);
const f3 = (x: number) => x.toFixed(3);
const f2 = (x: number) => x.toFixed(2);
const num = (x: number) => x.toLocaleString('en-US');

function renderReport(
  opts: SyntheticOptions,
  settings: SettingSummary[],
  ratios: SyntheticReport['ratios'],
  differences: AccuracyDifference[],
  store: ResultsStore<CellRecord>,
  elapsedS: number,
): string {
  const names = opts.algorithms.map((a) => a.name);
  const g = opts.grid;
  let cpuS = 0;
  for (const s of settings) for (const m of s.marks) cpuS += (s.fitCpuMs[m.name]! * s.datasets) / 1000;
  const L: string[] = [];
  L.push('# Synthetic sweeps (Max-Cut paper, section 3.1)', '');
  L.push(opts.description, '');
  L.push(
    `Grid: classes ${g.classes.join(', ')}; experiment "size": training sizes ${g.sizes.map(num).join(', ')} × informative dimensions ${g.dims.join(', ')} (no noise); ` +
      `experiment "noise": ${num(g.noiseTrain)} training rows, informative ${g.noiseInformative.join(', ')} × noise ${g.noiseDims.join(', ')}. ` +
      `${g.datasets} independent data sets per setting, ${num(g.testSize)} test rows each. Algorithms: ${names.map((n) => `\`${n}\``).join(', ')}. ` +
      `Results file: ${store.size.toLocaleString('en-US')} cells; fit CPU time summed over the cells of this grid: ${f2(cpuS / 60)} min; ` +
      `wall time of the runs that produced them (runs.jsonl; concurrent runs add up): ${f2(elapsedS / 60)} min.`,
    '',
  );
  L.push(
    'Cells show mean test accuracy over the data sets; `//` = significantly best, `\\\\` = significantly worse than at least one other ' +
      `(one-tailed paired t-tests, Holm–Bonferroni, α = ${opts.alpha}, as in the paper). Time ratio = mean fit CPU time / mean fit CPU time of \`${BASELINE}\` ` +
      '(the paper uses wall-clock time on dedicated cores; on this shared 2-core machine wall time mostly measures the other load, so CPU time is reported; wall-time ratios are in summary.json).',
    '',
  );
  const cell = (m: AlgorithmMark) => `${f4(m.mean)}${m.mark ? ` \`${m.mark}\`` : ''}`;
  for (const classes of g.classes) {
    for (const exp of g.experiments) {
      const rows = settings.filter((s) => s.classes === classes && s.experiment === exp);
      if (!rows.length) continue;
      L.push(`## ${classes} classes — ${exp === 'size' ? 'training size × informative dimensions' : `informative × noise dimensions (${num(g.noiseTrain)} training rows)`}`, '');
      const head = exp === 'size' ? ['train', 'dims'] : ['dims', 'noise'];
      const withRatio = names.length > 1 && names.includes(BASELINE);
      const ratioNames = names.filter((n) => n !== BASELINE);
      L.push(`| ${head.join(' | ')} | n | ${names.map(labelOf).join(' | ')}${withRatio ? ' | ' + ratioNames.map((n) => `time ratio ${labelOf(n)}`).join(' | ') : ''} |`);
      L.push(`|${'---|'.repeat(head.length + 1 + names.length + (withRatio ? ratioNames.length : 0))}`);
      for (const s of rows) {
        const k = exp === 'size' ? [num(s.nTrain), String(s.nInformative)] : [String(s.nInformative), String(s.nNoise)];
        const ratioCells = withRatio ? ' | ' + ratioNames.map((n) => (s.timeRatio[n] === null ? '—' : f2(s.timeRatio[n]!))).join(' | ') : '';
        L.push(`| ${k.join(' | ')} | ${s.datasets} | ${s.marks.map(cell).join(' | ')}${ratioCells} |`);
      }
      L.push('');
    }
  }
  // Table 3 analogue: mean leaves over all data sets, per class count.
  L.push('## Mean number of leaves (cf. Table 3)', '');
  L.push(`| classes | ${names.map(labelOf).join(' | ')} |`, `|---|${'---|'.repeat(names.length)}`);
  for (const classes of g.classes) {
    const rows = settings.filter((s) => s.classes === classes);
    const cellsOf = (n: string) => {
      let sum = 0;
      let cnt = 0;
      for (const s of rows) {
        const l = s.leaves[n];
        if (l !== null && l !== undefined) {
          sum += l * s.datasets;
          cnt += s.datasets;
        }
      }
      return cnt ? num(Math.round(sum / cnt)) : '—';
    };
    L.push(`| ${classes} | ${names.map(cellsOf).join(' | ')} |`);
  }
  L.push('');
  // Marks tally, as the paper's discussion counts them.
  L.push('## How often each algorithm is marked', '');
  L.push('| classes | algorithm | settings | `//` | `\\\\` |', '|---|---|---|---|---|');
  for (const classes of g.classes) {
    const rows = settings.filter((s) => s.classes === classes);
    for (const n of names) {
      const ms = rows.map((s) => s.marks.find((m) => m.name === n)!);
      L.push(`| ${classes} | ${labelOf(n)} | ${ms.length} | ${ms.filter((m) => m.mark === '//').length} | ${ms.filter((m) => m.mark === '\\\\').length} |`);
    }
  }
  L.push('');
  if (ratios.length) {
    L.push('## Accuracy ratios (cf. Figures 4 and 8)', '');
    L.push(
      'Per data set, accuracy(A) / accuracy(B) over every data set of the class count (both experiments), then split into the data sets without ' +
        'noise features (the size experiment and noise 0) and those with them. "Mean-ratio CI" is the paper\'s ' +
        'interval: a Student-t interval of the mean of the per-data-set ratios. "Ratio-of-means CI" is Fieller\'s interval for mean(A)/mean(B) on the paired accuracies. ' +
        'Histograms are drawn for "all".',
      '',
    );
    L.push('| classes | A / B | data sets from | data sets | mean ratio | sd | 95% mean-ratio CI | 95% ratio-of-means CI (Fieller) | share > 1 | mean when > 1 | mean when < 1 | min | max |');
    L.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of ratios) {
      const v = r.values;
      const m = mean(v);
      const sd = v.length > 1 ? Math.sqrt(v.reduce((s, x) => s + (x - m) ** 2, 0) / (v.length - 1)) : 0;
      const ci = v.length > 1 ? meanConfidenceInterval(v) : null;
      const fi = v.length > 1 ? ratioOfMeansConfidenceInterval(r.numeratorAcc, r.denominatorAcc) : null;
      const up = v.filter((x) => x > 1);
      const down = v.filter((x) => x < 1);
      L.push(
        `| ${r.classes} | ${labelOf(r.numerator)} / ${labelOf(r.denominator)} | ${RATIO_SUBSETS.find((x) => x.subset === r.subset)!.label} | ${v.length} | ${f4(m)} | ${f4(sd)} | ${ci ? `(${f4(ci.lower)}, ${f4(ci.upper)})` : '—'} | ${fi ? (fi.bounded ? `(${f4(fi.lower)}, ${f4(fi.upper)})` : 'unbounded') : '—'} | ${f3(up.length / v.length)} | ${up.length ? f4(mean(up)) : '—'} | ${down.length ? f4(mean(down)) : '—'} | ${f4(Math.min(...v))} | ${f4(Math.max(...v))} |`,
      );
    }
    L.push('');
  }
  if (differences.length) {
    const first = differences[0]!;
    L.push(`## ${labelOf(first.a)} minus ${labelOf(first.b)} (cf. Figures 3 and 7)`, '');
    L.push(
      `Mean over the data sets of accuracy(${labelOf(first.a)}) − accuracy(${labelOf(first.b)}) per training size and informative dimensions ` +
        '(size experiment), with a 95% Student-t interval of the paired differences. The paper shows one training size per class count ' +
        '(1,000 rows for 2 classes, 300,000 for 10); here every size of the grid.',
      '',
    );
    for (const classes of opts.grid.classes) {
      const rows = differences.filter((x) => x.classes === classes);
      if (!rows.length) continue;
      const sizes = [...new Set(rows.map((x) => x.nTrain))].sort((x, y) => x - y);
      const dims = [...new Set(rows.map((x) => x.dims))].sort((x, y) => x - y);
      const sign = (x: number) => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(3);
      L.push(`${classes} classes:`, '');
      L.push(`| dims | ${sizes.map((n) => `${num(n)} rows`).join(' | ')} |`);
      L.push(`|---|${sizes.map(() => '---').join('|')}|`);
      for (const dm of dims) {
        const cells = sizes.map((n) => {
          const r = rows.find((x) => x.nTrain === n && x.dims === dm);
          return r ? `${sign(r.mean)} (${sign(r.lower)}, ${sign(r.upper)})` : '—';
        });
        L.push(`| ${dm} | ${cells.join(' | ')} |`);
      }
      L.push('');
    }
  }
  return L.join('\n') + '\n';
}

async function writePlots(out: string, report: Omit<SyntheticReport, 'cellsRun' | 'cellsSkipped' | 'elapsedS'>, algorithms: Algorithm[], grid: SyntheticGrid): Promise<void> {
  const names = algorithms.map((a) => a.name);
  for (const classes of grid.classes) {
    const size = report.settings.filter((s) => s.classes === classes && s.experiment === 'size');
    if (size.length) {
      const rows = size.flatMap((s) => s.marks.map((m) => ({ nTrain: s.nTrain, dims: s.nInformative, algorithm: labelOf(m.name), accuracy: m.mean, mark: m.mark })));
      await writePlot(
        join(out, `accuracy-vs-size-${classes}-classes.svg`),
        linePlotSpec({ title: `Mean test accuracy, ${classes} classes (// best, \\\\ worse: Holm-corrected paired t-tests)`, rows, x: 'nTrain', xTitle: 'training rows', xLog: true, y: 'accuracy', yTitle: 'mean accuracy', facet: { field: 'dims', title: 'informative dimensions' }, markField: 'mark' }),
      );
      if (names.includes(BASELINE) && names.length > 1) {
        const tr = size.flatMap((s) => names.filter((n) => n !== BASELINE).map((n) => ({ nTrain: s.nTrain, dims: s.nInformative, algorithm: labelOf(n), ratio: s.timeRatio[n] ?? null })));
        await writePlot(
          join(out, `time-ratio-${classes}-classes.svg`),
          linePlotSpec({ title: `Mean fit CPU time / ${BASELINE}, ${classes} classes`, rows: tr, x: 'nTrain', xTitle: 'training rows', xLog: true, y: 'ratio', yTitle: `time ratio to ${BASELINE}`, yLog: true, facet: { field: 'dims', title: 'informative dimensions' } }),
        );
      }
    }
    const noise = report.settings.filter((s) => s.classes === classes && s.experiment === 'noise');
    if (noise.length) {
      const rows = noise.flatMap((s) => s.marks.map((m) => ({ noise: s.nNoise, dims: s.nInformative, algorithm: labelOf(m.name), accuracy: m.mean, mark: m.mark })));
      await writePlot(
        join(out, `accuracy-vs-noise-${classes}-classes.svg`),
        linePlotSpec({ title: `Mean test accuracy vs noise dimensions, ${classes} classes, ${grid.noiseTrain} training rows`, rows, x: 'noise', xTitle: 'noise dimensions', y: 'accuracy', yTitle: 'mean accuracy', facet: { field: 'dims', title: 'informative dimensions', columns: 5 }, markField: 'mark' }),
      );
    }
  }
  for (const classes of grid.classes) {
    const rows = report.differences.filter((x) => x.classes === classes);
    if (!rows.length) continue;
    const { a, b } = rows[0]!;
    await writePlot(
      join(out, `difference-${a}-minus-${b}-${classes}-classes.svg`),
      differencePlotSpec({
        title: `${labelOf(a)} − ${labelOf(b)} accuracy, ${classes} classes (mean, 95% CI)`,
        rows: rows.map((x) => ({ dims: x.dims, nTrain: x.nTrain, mean: x.mean, lower: x.lower, upper: x.upper })),
        x: 'dims',
        xTitle: 'informative dimensions',
        series: 'nTrain',
        seriesTitle: 'training rows',
      }),
    );
  }
  for (const r of report.ratios.filter((x) => x.subset === 'all')) {
    await writePlot(
      join(out, `ratio-histogram-${r.numerator}-over-${r.denominator}-${r.classes}-classes.svg`),
      histogramSpec({ title: `${labelOf(r.numerator)} / ${labelOf(r.denominator)} accuracy, ${r.classes} classes (${r.values.length} data sets)`, values: r.values, xTitle: 'accuracy ratio' }),
    );
  }
}

const RESULTS_DIR = fileURLToPath(new URL('../../results/synthetic', import.meta.url));
const list = (v: string) => v.split(',').map((x) => x.trim()).filter(Boolean);
const ints = (name: string) => (v: string) =>
  list(v).map((x) => {
    const n = Number(x);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a comma-separated list of non-negative integers, got ${JSON.stringify(v)}`);
    return n;
  });

export function syntheticCommand(): Command {
  return new Command('synthetic')
    .description("The Max-Cut paper's synthetic sweeps (binary and 10-class; training size × informative dims, informative × noise dims) with significance marks, tables and plots")
    .option('--scale <f>', `shrink the paper's grid: sizes, test rows and data sets per setting × f (default ${DEFAULT_SCALE}; 1 = the full grid)`, Number.parseFloat)
    .option('--full', "the paper's full grid (same as --scale 1): days of CPU time")
    .option('--quick', 'a tiny grid that finishes in seconds (results are not written unless --out is given)', false)
    .option('--algorithms <list>', `comma-separated names (default: ${defaultAlgorithmNames().join(',')}; known: ${ALGORITHMS.map((a) => a.name).join(', ')})`)
    .option('--classes <list>', 'class counts (default 2,10)', ints('--classes'))
    .option('--experiments <list>', 'size,noise (default both)', list)
    .option('--sizes <list>', 'training sizes of the size experiment', ints('--sizes'))
    .option('--dims <list>', 'informative dimensions of the size experiment', ints('--dims'))
    .option('--datasets <n>', 'independent data sets per setting', (v) => Number.parseInt(v, 10))
    .option('--test-size <n>', 'test rows per data set', (v) => Number.parseInt(v, 10))
    .option('--alpha <a>', 'family-wise significance level of the marks', Number.parseFloat, 0.05)
    .option('--no-plots', 'skip the SVG plots')
    .option('--report-only', 'run nothing: rebuild the report and plots from the results file', false)
    .option('--out <dir>', 'results directory (appends to results.jsonl there; finished cells are skipped)')
    .action(async (o: { scale?: number; full?: boolean; quick: boolean; algorithms?: string; classes?: number[]; experiments?: string[]; sizes?: number[]; dims?: number[]; datasets?: number; testSize?: number; alpha: number; plots: boolean; reportOnly: boolean; out?: string }) => {
      const scale = o.full ? 1 : (o.scale ?? DEFAULT_SCALE);
      const grid = o.quick ? quickGrid() : gridForScale(scale);
      if (o.classes) grid.classes = o.classes;
      if (o.experiments) {
        for (const e of o.experiments) if (e !== 'size' && e !== 'noise') throw new Error(`--experiments must list size and/or noise, got ${JSON.stringify(e)}`);
        grid.experiments = o.experiments as SyntheticGrid['experiments'];
      }
      if (o.sizes) grid.sizes = o.sizes;
      if (o.dims) grid.dims = o.dims;
      if (o.datasets !== undefined) {
        if (!Number.isInteger(o.datasets) || o.datasets < 1) throw new Error(`--datasets must be a positive integer, got ${o.datasets}`);
        grid.datasets = o.datasets;
      }
      if (o.testSize !== undefined) {
        if (!Number.isInteger(o.testSize) || o.testSize < 1) throw new Error(`--test-size must be a positive integer, got ${o.testSize}`);
        grid.testSize = o.testSize;
      }
      if (!(o.alpha > 0 && o.alpha < 1)) throw new Error(`--alpha must be in (0, 1), got ${o.alpha}`);
      const algorithms = resolveAlgorithms(o.algorithms ? list(o.algorithms) : defaultAlgorithmNames());
      const out = o.out ?? (o.quick ? null : RESULTS_DIR);
      const description = o.quick ? 'Quick mode (CI smoke grid).' : scale === 1 ? "The paper's full grid (--full)." : `Scale ${scale} of the paper's grid (\`pnpm bench synthetic --scale ${scale}\`).`;
      const r = await runSynthetic({ grid, algorithms, out, alpha: o.alpha, description, plots: o.plots, reportOnly: o.reportOnly }, (s) => console.error(s));
      if (!out) console.log(r.markdown);
      console.error(`synthetic: ${r.cellsRun} cells run, ${r.cellsSkipped} skipped, ${f2(r.elapsedS)} s`);
    });
}
