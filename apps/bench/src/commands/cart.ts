import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { createHistogramWorkers, type HistogramWorkers } from '@dt/core/node';
import { DecisionTreeClassifier } from '@dt/core';
import { loadDataset, type Dataset } from '@dt/datasets';
import { loadFashionMnist } from '@dt/datasets/node';
import { measure, takeLabels, takeRows, trainTestSplit } from '@dt/eval';
import { pythonModule, runPython } from '../harness/python.js';
import { cpuSeconds, wallSeconds } from '../harness/timing.js';

/** What python/sklearn_cart.py reports. */
export interface SklearnResult {
  fit_cpu_s: number;
  fit_wall_s: number;
  predict_wall_s: number;
  predict_rows_per_s: number;
  test_accuracy: number;
  n_leaves: number;
  depth: number;
  node_count: number;
  sklearn_version: string;
}

export interface Split {
  Xtrain: Float64Array;
  ytrain: Int32Array;
  Xtest: Float64Array;
  ytest: Int32Array;
  nFeatures: number;
}

const SKLEARN_SCRIPT = fileURLToPath(new URL('../../python/sklearn_cart.py', import.meta.url));

/** Runs python/sklearn_cart.py on exactly the arrays our side uses. */
export function runSklearn(split: Split, opts: { criterion: string; repeats: number }): SklearnResult {
  return runPython<SklearnResult>(
    SKLEARN_SCRIPT,
    { n_features: split.nFeatures, criterion: opts.criterion, max_depth: null, repeats: opts.repeats },
    { X_train_path: split.Xtrain, y_train_path: split.ytrain, X_test_path: split.Xtest, y_test_path: split.ytest },
  );
}

interface Row {
  dataset: string;
  nTrain: number;
  nTest: number;
  nFeatures: number;
  ours: { fitCpuS: number; fitWallS: number; testAccuracy: number; leaves: number; depth: number; predictRowsPerS: number };
  sklearn: SklearnResult | null;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function codes(y: Dataset['y'], classes: (string | number)[], idx?: Int32Array): Int32Array {
  const map = new Map(classes.map((c, i) => [c, i]));
  const n = idx ? idx.length : y.length;
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = map.get((y as (string | number)[])[idx ? idx[i]! : i]!)!;
  return out;
}

async function magicSplit(quick: boolean): Promise<{ name: string; split: Split }> {
  const ds = await loadDataset('magic-gamma');
  const d = ds.X.cols;
  let y = codes(ds.y, ds.classes!);
  let X = ds.X.data;
  if (quick) {
    // The file is sorted by class: take a stratified 3,000-row sample, not the first rows.
    const sample = trainTestSplit(Array.from(y), { testSize: 3000, stratify: true, seed: 1 }).test;
    X = takeRows({ data: X, rows: y.length, cols: d }, sample).data;
    y = takeLabels(y, sample);
  }
  const { train, test } = trainTestSplit(Array.from(y), { testSize: 0.25, stratify: true, seed: 0 });
  return {
    name: quick ? 'magic-gamma (quick: 3,000 rows)' : 'magic-gamma',
    split: {
      Xtrain: takeRows({ data: X, rows: y.length, cols: d }, train).data,
      ytrain: takeLabels(y, train),
      Xtest: takeRows({ data: X, rows: y.length, cols: d }, test).data,
      ytest: takeLabels(y, test),
      nFeatures: d,
    },
  };
}

function fashionSplit(quick: boolean): { name: string; split: Split } | { missing: string } {
  try {
    const limitTrain = quick ? 2000 : undefined;
    const limitTest = quick ? 500 : undefined;
    const tr = loadFashionMnist({ split: 'train', ...(limitTrain ? { limit: limitTrain } : {}) });
    const te = loadFashionMnist({ split: 'test', ...(limitTest ? { limit: limitTest } : {}) });
    const classes = tr.classes!;
    return {
      name: quick ? 'Fashion-MNIST (quick: 2,000/500)' : 'Fashion-MNIST',
      split: { Xtrain: tr.X.data, ytrain: codes(tr.y, classes), Xtest: te.X.data, ytest: codes(te.y, classes), nFeatures: tr.X.cols },
    };
  } catch (e) {
    return { missing: (e as Error).message };
  }
}

function runOurs(split: Split, repeats: number, splitter: 'best' | 'hist', workers: HistogramWorkers | null): Row['ours'] {
  const d = split.nFeatures;
  const Xtr = { data: split.Xtrain, rows: split.ytrain.length, cols: d };
  const Xte = { data: split.Xtest, rows: split.ytest.length, cols: d };
  const cpu: number[] = [];
  const wall: number[] = [];
  let model: DecisionTreeClassifier | null = null;
  for (let r = 0; r < repeats; r++) {
    const fit = measure(() => new DecisionTreeClassifier({ criterion: 'gini', splitter }).fit(Xtr, split.ytrain, { workers }));
    model = fit.result;
    wall.push(wallSeconds(fit));
    cpu.push(cpuSeconds(fit));
  }
  const m = model!;
  const pred = m.predictCodes(Xte);
  let ok = 0;
  for (let i = 0; i < pred.length; i++) if (m.classes[pred[i]!] === split.ytest[i]) ok++;
  // Predict throughput: repeat until at least 0.3 s has passed.
  const predict = measure(() => {
    let rows = 0;
    const end = performance.now() + 300;
    do {
      m.predictCodes(Xte);
      rows += Xte.rows;
    } while (performance.now() < end);
    return rows;
  });
  return {
    fitCpuS: median(cpu),
    fitWallS: median(wall),
    testAccuracy: ok / pred.length,
    leaves: m.nLeaves,
    depth: m.depth,
    predictRowsPerS: predict.result / wallSeconds(predict),
  };
}

const f2 = (x: number) => x.toFixed(2);
const f3 = (x: number) => x.toFixed(3);
const kilo = (x: number) => `${(x / 1000).toFixed(0)}k`;

export function renderMarkdown(rows: Row[], notes: string[]): string {
  const lines = [
    '# CART (Gini, fully grown) — dt vs scikit-learn',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`pnpm bench cart\` on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}. ` +
      'Both libraries fit the same training rows in the same run; times are CPU seconds of the fit (median over repeats), ' +
      'ratio = dt / scikit-learn (below 1 means dt is faster).',
    '',
    '| dataset | train × features | dt fit CPU s | sklearn fit CPU s | CPU ratio | wall ratio | dt test acc | sklearn test acc | dt leaves | sklearn leaves | dt predict rows/s | sklearn predict rows/s |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const s = r.sklearn;
    lines.push(
      `| ${r.dataset} | ${r.nTrain.toLocaleString('en-US')} × ${r.nFeatures} | ${f2(r.ours.fitCpuS)} | ${s ? f2(s.fit_cpu_s) : '—'} | ${s ? f2(r.ours.fitCpuS / s.fit_cpu_s) : '—'} | ${s ? f2(r.ours.fitWallS / s.fit_wall_s) : '—'} | ${f3(r.ours.testAccuracy)} | ${s ? f3(s.test_accuracy) : '—'} | ${r.ours.leaves} | ${s ? s.n_leaves : '—'} | ${kilo(r.ours.predictRowsPerS)} | ${s ? kilo(s.predict_rows_per_s) : '—'} |`,
    );
  }
  if (notes.length) lines.push('', ...notes.map((n) => `- ${n}`));
  return lines.join('\n') + '\n';
}

export interface CartOptions {
  quick: boolean;
  repeats: number;
  /** Repeats for fits larger than 5M cells (Fashion-MNIST). */
  largeRepeats: number;
  datasets: string[];
  peers: boolean;
  out: string | null;
  /** dt's split search (default 'best'); 'hist' writes cart-hist-vs-sklearn.* instead. */
  splitter?: 'best' | 'hist';
  /** Threads for dt hist (nJobs; the worker threads start before the timed fits); default 1. */
  jobs?: number;
}

export async function runCart(opts: CartOptions, log: (s: string) => void): Promise<Row[]> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const sk = opts.peers ? pythonModule('sklearn') : { missing: 'peers disabled (--no-peers)' };
  if ('missing' in sk) notes.push(sk.missing);
  const jobs = opts.jobs ?? 1;
  const workers = jobs > 1 && opts.splitter === 'hist' ? await createHistogramWorkers(jobs - 1) : null;
  if (workers) notes.push(`dt hist with nJobs ${jobs}: CPU counts every thread of the process`);
  try {
  for (const name of opts.datasets) {
    let data: { name: string; split: Split } | { missing: string };
    if (name === 'magic-gamma') data = await magicSplit(opts.quick);
    else if (name === 'fashion-mnist') data = fashionSplit(opts.quick);
    else throw new Error(`unknown benchmark dataset ${JSON.stringify(name)} (magic-gamma, fashion-mnist)`);
    if ('missing' in data) {
      notes.push(`${name} skipped: ${data.missing}`);
      log(`skip ${name}: ${data.missing}`);
      continue;
    }
    const { split } = data;
    // Big fits are long enough that JIT warm-up is noise; one repeat each keeps the run short.
    const repeats = split.ytrain.length * split.nFeatures > 5e6 ? Math.min(opts.repeats, opts.largeRepeats) : opts.repeats;
    log(`${data.name}: dt fitting ${split.ytrain.length} x ${split.nFeatures} (${repeats} repeat(s)) ...`);
    const ours = runOurs(split, repeats, opts.splitter ?? 'best', workers);
    log(`  dt: fit ${f2(ours.fitCpuS)} s CPU, test accuracy ${f3(ours.testAccuracy)}, ${ours.leaves} leaves`);
    let skr: SklearnResult | null = null;
    if ('version' in sk) {
      log(`  scikit-learn ${sk.version} fitting ...`);
      skr = runSklearn(split, { criterion: 'gini', repeats });
      log(`  sklearn: fit ${f2(skr.fit_cpu_s)} s CPU, test accuracy ${f3(skr.test_accuracy)}, ${skr.n_leaves} leaves`);
    }
    rows.push({ dataset: data.name, nTrain: split.ytrain.length, nTest: split.ytest.length, nFeatures: split.nFeatures, ours, sklearn: skr });
  }
  } finally {
    await workers?.close();
  }
  const md = renderMarkdown(rows, notes);
  if (opts.out) {
    mkdirSync(opts.out, { recursive: true });
    const base = (opts.splitter === 'hist' ? 'cart-hist-vs-sklearn' : 'cart-vs-sklearn') + (workers ? `-jobs${jobs}` : '');
    const title = opts.splitter === 'hist' ? `# $1 (dt with splitter: 'hist'${workers ? `, nJobs ${jobs}` : ''})` : '# $1';
    writeFileSync(`${opts.out}/${base}.md`, md.replace(/^# (.*)/, title));
    writeFileSync(`${opts.out}/${base}.json`, JSON.stringify({ date: new Date().toISOString(), node: process.version, splitter: opts.splitter ?? 'best', jobs, rows, notes }, null, 2) + '\n');
    log(`wrote ${opts.out}/${base}.md`);
  }
  log('\n' + md);
  return rows;
}

const RESULTS_DIR = fileURLToPath(new URL('../../results', import.meta.url));

export function cartCommand(): Command {
  return new Command('cart')
    .description('Fit time, accuracy and predict throughput of fully grown Gini CART vs scikit-learn (magic-gamma, Fashion-MNIST)')
    .option('--quick', 'small subsets (runs in well under a minute)', false)
    .option('--repeats <n>', 'fits per library; the median time is reported (the first fit includes JIT warm-up)', (v) => Number.parseInt(v, 10), 5)
    .option('--large-repeats <n>', 'repeats for fits over 5M cells, e.g. Fashion-MNIST', (v) => Number.parseInt(v, 10), 1)
    .option('--datasets <list>', 'comma-separated: magic-gamma,fashion-mnist', 'magic-gamma,fashion-mnist')
    .option('--no-peers', 'do not run scikit-learn')
    .option('--out <dir>', 'write markdown and JSON results here', RESULTS_DIR)
    .option('--splitter <best|hist>', "dt's split search; hist writes cart-hist-vs-sklearn.md", 'best')
    .option('--jobs <n>', 'threads for dt with --splitter hist (nJobs); > 1 writes cart-hist-vs-sklearn-jobsN.md', (v) => Number.parseInt(v, 10), 1)
    .action(async (o: { quick: boolean; repeats: number; largeRepeats: number; datasets: string; peers: boolean; out: string; splitter: string; jobs: number }) => {
      if (o.splitter !== 'best' && o.splitter !== 'hist') throw new Error(`--splitter must be best or hist, got ${JSON.stringify(o.splitter)}`);
      for (const [flag, v] of [['--repeats', o.repeats], ['--large-repeats', o.largeRepeats], ['--jobs', o.jobs]] as const) {
        if (!Number.isInteger(v) || v < 1) throw new Error(`${flag} must be a positive integer, got ${v}`);
      }
      await runCart(
        { quick: o.quick, repeats: o.repeats, largeRepeats: o.largeRepeats, datasets: o.datasets.split(','), peers: o.peers, out: o.quick ? null : o.out, splitter: o.splitter, jobs: o.jobs },
        (s) => console.log(s),
      );
    });
}
