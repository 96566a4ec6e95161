import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { ALGORITHMS, createClassifier, listAlgorithms } from '@dt/core';
import { loadDataset, type Dataset } from '@dt/datasets';
import { loadFashionMnist } from '@dt/datasets/node';
import { mean, measure, repeatedStratifiedKFold, std, takeLabels, takeRows } from '@dt/eval';
import { PAPER_ALGORITHMS } from '../algorithms.js';
import { mergeNotes as mergeReportNotes, notesMarker } from '../notes.js';
import { appendJsonLine, readJsonLines } from '../harness/results-store.js';
import { cpuSeconds, wallSeconds } from '../harness/timing.js';
import { coreCount, cpuModel, keptFromPrevious } from '../harness/provenance.js';
import { pythonModule } from '../harness/python.js';
import { runSklearn } from './cart.js';

/**
 * `bench maxcut`: the Max-Cut paper's Table 5 (Bodine & Hochbaum), our eight algorithms against its
 * numbers. Every fit is one JSON line under the results directory, so an interrupted run resumes
 * where it stopped and the markdown is always rendered from everything recorded so far.
 */

export const CV_DATASETS = ['iris', 'wine-quality-red', 'wine-quality-white', 'wine-quality-both'] as const;
export const FASHION = 'fashion-mnist';
/** The peer fitted beside the Fashion-MNIST cells: scikit-learn's DecisionTreeClassifier(criterion='gini'). */
export const SKLEARN_GINI = 'sklearn-gini';

/** One fit: a CV fold or the fixed Fashion-MNIST split. */
export interface FitRecord {
  v: 1;
  /** e.g. 'cv-10x10-seed0' or 'holdout'. */
  protocol: string;
  dataset: string;
  algorithm: string;
  scaled: boolean;
  /** Fold index (repeat·k + fold) in CV; 0 for the hold-out split. */
  fold: number;
  /** Hash of the CV folds (all algorithms must see the same folds); '' for the hold-out split. */
  folds: string;
  nTrain: number;
  nTest: number;
  accuracy: number;
  fitCpuS: number;
  fitWallS: number;
  leaves: number;
  depth: number;
  date: string;
  /** Commit of the algorithm packages at the run ('+dirty': uncommitted edits in them); absent in early records. */
  code?: string;
  /** Start time of the `bench maxcut` invocation that made the fit (fits of one run share it); absent in early records. */
  run?: string;
}

// ---- the paper's Table 5 (times in CPU seconds; "Scaled" = which variant it reported) ----

export interface PaperCell {
  accuracy: number;
  timeS: number;
  scaled: boolean;
}

const row = (accuracy: number, timeS: number, scaled: boolean): PaperCell => ({ accuracy, timeS, scaled });
const hms = (h: number, m: number, s: number): number => h * 3600 + m * 60 + s;

/** Algorithms in Table 2 / Table 5 order. */
export const ORDER: readonly string[] = PAPER_ALGORITHMS.map((a) => a.name);

/** Table 5 of the paper, transcribed row by row in ORDER (MNIST stands against our Fashion-MNIST). */
export const PAPER_TABLE5: Readonly<Record<string, readonly PaperCell[]>> = {
  iris: [
    row(0.945, 0.009, false),
    row(0.941, 0.009, true),
    row(0.944, 0.012, true),
    row(0.95, 0.008, false),
    row(0.947, 0.01, true),
    row(0.95, 0.009, false),
    row(0.941, 0.011, false),
    row(0.96, 0.007, false),
  ],
  'wine-quality-red': [
    row(0.626, 1.5, false),
    row(0.636, 4.8, true),
    row(0.619, 17.5, true),
    row(0.638, 10.1, true),
    row(0.629, 1.2, true),
    row(0.632, 5.0, true),
    row(0.636, 18.7, true),
    row(0.631, 8.3, true),
  ],
  'wine-quality-white': [
    row(0.623, 6.7, false),
    row(0.615, 8.2, true),
    row(0.615, 55.6, true),
    row(0.635, 25.4, true),
    row(0.627, 3.7, true),
    row(0.628, 7.2, true),
    row(0.634, 58.6, true),
    row(0.635, 29.8, true),
  ],
  'wine-quality-both': [
    row(0.624, 8.5, false),
    row(0.617, 10.4, false),
    row(0.608, 77.9, true),
    row(0.633, 36.1, true),
    row(0.623, 5.5, true),
    row(0.626, 8.9, true),
    row(0.633, 83.3, true),
    row(0.636, 36.3, true),
  ],
  mnist: [
    row(0.869, hms(0, 53, 46), false),
    row(0.823, hms(1, 23, 46), true),
    row(0.863, hms(2, 20, 26), false),
    row(0.922, hms(0, 10, 1), false),
    row(0.847, hms(0, 40, 1), false),
    row(0.866, hms(0, 57, 24), false),
    row(0.897, hms(1, 23, 28), false),
    row(0.924, hms(0, 5, 3), false),
  ],
};

function paperCell(dataset: string, algorithm: string): PaperCell | undefined {
  const i = ORDER.indexOf(algorithm);
  return PAPER_TABLE5[dataset === FASHION ? 'mnist' : dataset]?.[i];
}

// ---- data ----

interface Prepared {
  X: Float64Array;
  y: Int32Array;
  rows: number;
  cols: number;
  nClasses: number;
}

function encode(ds: Dataset): Prepared {
  const classes = ds.classes!;
  const map = new Map<string | number, number>(classes.map((c, i) => [c, i]));
  const labels = ds.y as readonly (string | number)[];
  const y = new Int32Array(labels.length);
  for (let i = 0; i < y.length; i++) y[i] = map.get(labels[i]!)!;
  return { X: Float64Array.from(ds.X.data), y, rows: ds.X.rows, cols: ds.X.cols, nClasses: classes.length };
}

/** The rows `idx` of a prepared set (features and class codes). */
function subset(p: Prepared, idx: Int32Array): { X: { data: Float64Array; rows: number; cols: number }; y: Int32Array } {
  return { X: takeRows({ data: p.X, rows: p.rows, cols: p.cols }, idx), y: takeLabels(p.y, idx) };
}

/** FNV-1a over the test indices of every fold: equal hashes = identical folds. */
function hashFolds(splits: readonly { test: Int32Array }[]): string {
  let h = 0x811c9dc5;
  for (const s of splits) {
    for (let i = 0; i < s.test.length; i++) h = Math.imul(h ^ s.test[i]!, 0x01000193) >>> 0;
    h = Math.imul(h ^ 0xffff, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

// ---- one fit ----

interface FitResult {
  accuracy: number;
  fitCpuS: number;
  fitWallS: number;
  leaves: number;
  depth: number;
}

function fitOnce(
  algorithm: string,
  scaled: boolean,
  seed: number,
  train: { X: { data: Float64Array; rows: number; cols: number }; y: Int32Array },
  test: { X: { data: Float64Array; rows: number; cols: number }; y: Int32Array },
): FitResult {
  const fit = measure(() => createClassifier(algorithm, { scale: scaled, seed }).fit(train.X, train.y));
  const model = fit.result;
  const pred = model.predictCodes(test.X);
  const classes = model.classes;
  let ok = 0;
  for (let i = 0; i < pred.length; i++) if (classes[pred[i]!] === test.y[i]) ok++;
  return { accuracy: ok / pred.length, fitCpuS: cpuSeconds(fit), fitWallS: wallSeconds(fit), leaves: model.nLeaves, depth: model.depth };
}

/** HEAD, plus '+dirty' when the packages the fits run through have uncommitted edits. */
function codeVersion(): string {
  try {
    const git = (...args: string[]): string => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], cwd: fileURLToPath(new URL('.', import.meta.url)) }).trim();
    const root = git('rev-parse', '--show-toplevel');
    const head = git('rev-parse', '--short', 'HEAD');
    const dirty = git('-C', root, 'status', '--porcelain', '--', 'packages/core', 'packages/projections', 'packages/criteria', 'packages/errors') !== '';
    return dirty ? `${head}+dirty` : head;
  } catch {
    return 'unknown';
  }
}

// ---- results store (JSON lines, one file per dataset) ----

const keyOf = (r: Pick<FitRecord, 'protocol' | 'dataset' | 'algorithm' | 'scaled' | 'fold' | 'nTrain' | 'nTest'>): string =>
  `${r.protocol}|${r.dataset}|${r.algorithm}|${r.scaled ? 1 : 0}|${r.fold}|${r.nTrain}|${r.nTest}`;

export function readRecords(dir: string): FitRecord[] {
  if (!existsSync(dir)) return [];
  const isV1 = (r: unknown): r is FitRecord => (r as { v?: unknown }).v === 1;
  return readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .sort()
    .flatMap((f) => readJsonLines(join(dir, f), { accept: isV1 }));
}

function appendRecord(dir: string, r: FitRecord): void {
  appendJsonLine(join(dir, `${r.dataset}.jsonl`), r);
}

// ---- the run ----

export interface MaxcutOptions {
  datasets: string[];
  algorithms: string[];
  /** Which variants to fit: [false, true] = unscaled and scaled. */
  scales: boolean[];
  folds: number;
  repeats: number;
  seed: number;
  /** Fashion-MNIST training rows (first N of the 60k); null = all. */
  fashionTrain: number | null;
  /** Fashion-MNIST test rows (first N of the 10k); null = all. */
  fashionTest: number | null;
  /** Directory of the JSON-lines records. */
  resultsDir: string;
  /** Markdown output path, or null. */
  out: string | null;
  quick: boolean;
  /** Fit the Fashion-MNIST cells again even when recorded (the newest record of a cell is the one shown). */
  refit?: boolean;
  /** Also fit scikit-learn's Gini tree on the Fashion-MNIST split in this run (when scikit-learn is installed). */
  sklearn?: boolean;
}

export interface MaxcutRun {
  records: FitRecord[];
  /** Fits run now (the rest were already recorded). */
  ran: number;
  skipped: number;
  notes: string[];
  markdown: string;
}

export async function runMaxcut(o: MaxcutOptions, log: (s: string) => void): Promise<MaxcutRun> {
  for (const a of o.algorithms) {
    if (!listAlgorithms().includes(a as never)) throw new Error(`unknown algorithm ${JSON.stringify(a)}; known: ${listAlgorithms().join(', ')}`);
  }
  for (const d of o.datasets) {
    if (![...CV_DATASETS, FASHION].includes(d as never)) throw new Error(`unknown dataset ${JSON.stringify(d)}; known: ${[...CV_DATASETS, FASHION].join(', ')}`);
  }
  const done = new Set(readRecords(o.resultsDir).map(keyOf));
  const code = codeVersion();
  const run = new Date().toISOString();
  const notes: string[] = [];
  let ran = 0;
  let skipped = 0;
  const t0 = performance.now();
  const elapsed = (): string => `${((performance.now() - t0) / 1000).toFixed(0)}s`;

  for (const dataset of o.datasets) {
    if (dataset === FASHION) {
      let train: Dataset;
      let test: Dataset;
      try {
        train = loadFashionMnist({ split: 'train', ...(o.fashionTrain ? { limit: o.fashionTrain } : {}) });
        test = loadFashionMnist({ split: 'test', ...(o.fashionTest ? { limit: o.fashionTest } : {}) });
      } catch (e) {
        const msg = `Fashion-MNIST skipped: ${(e as Error).message} (install the Debian package dataset-fashion-mnist: apt-get install dataset-fashion-mnist)`;
        notes.push(msg);
        log(msg);
        continue;
      }
      const tr = encode(train);
      const te = encode(test);
      const trainSet = { X: { data: tr.X, rows: tr.rows, cols: tr.cols }, y: tr.y };
      const testSet = { X: { data: te.X, rows: te.rows, cols: te.cols }, y: te.y };
      if (o.sklearn) {
        const sk = pythonModule('sklearn');
        const base = { protocol: 'holdout', dataset, algorithm: SKLEARN_GINI, scaled: false, fold: 0, nTrain: tr.rows, nTest: te.rows };
        if ('missing' in sk) {
          notes.push(`scikit-learn peer skipped: ${sk.missing}`);
          log(`scikit-learn peer skipped: ${sk.missing}`);
        } else if (o.refit || !done.has(keyOf(base))) {
          log(`[maxcut ${elapsed()}] ${dataset} ${tr.rows}/${te.rows} scikit-learn ${sk.version} gini: fitting ...`);
          const r = runSklearn({ Xtrain: tr.X, ytrain: tr.y, Xtest: te.X, ytest: te.y, nFeatures: tr.cols }, { criterion: 'gini', repeats: 1 });
          const fit = { accuracy: r.test_accuracy, fitCpuS: r.fit_cpu_s, fitWallS: r.fit_wall_s, leaves: r.n_leaves, depth: r.depth };
          appendRecord(o.resultsDir, { v: 1, ...base, folds: '', ...fit, date: new Date().toISOString(), code: `sklearn ${sk.version}`, run });
          done.add(keyOf(base));
          ran++;
          log(`[maxcut ${elapsed()}]   accuracy ${fit.accuracy.toFixed(4)}, fit ${fit.fitCpuS.toFixed(1)} s CPU, ${fit.leaves} leaves`);
        }
      }
      for (const algorithm of o.algorithms) {
        for (const scaled of o.scales) {
          const base = { protocol: 'holdout', dataset, algorithm, scaled, fold: 0, nTrain: tr.rows, nTest: te.rows };
          if (!o.refit && done.has(keyOf(base))) {
            skipped++;
            continue;
          }
          log(`[maxcut ${elapsed()}] ${dataset} ${tr.rows}/${te.rows} ${algorithm} ${scaled ? 'scaled' : 'unscaled'}: fitting ...`);
          const r = fitOnce(algorithm, scaled, o.seed, trainSet, testSet);
          appendRecord(o.resultsDir, { v: 1, ...base, folds: '', ...r, date: new Date().toISOString(), code, run });
          done.add(keyOf(base));
          ran++;
          log(`[maxcut ${elapsed()}]   accuracy ${r.accuracy.toFixed(4)}, fit ${r.fitCpuS.toFixed(1)} s CPU (${r.fitWallS.toFixed(1)} s wall), ${r.leaves} leaves`);
        }
      }
      continue;
    }
    const p = encode(await loadDataset(dataset));
    const splits = repeatedStratifiedKFold(p.y, o.folds, o.repeats, { seed: o.seed });
    const folds = hashFolds(splits);
    const protocol = `cv-${o.repeats}x${o.folds}-seed${o.seed}`;
    const sets = splits.map((s) => ({ train: subset(p, s.train), test: subset(p, s.test) }));
    for (const algorithm of o.algorithms) {
      for (const scaled of o.scales) {
        let cellRan = 0;
        let cpu = 0;
        let acc = 0;
        for (let f = 0; f < sets.length; f++) {
          const base = { protocol, dataset, algorithm, scaled, fold: f, nTrain: splits[f]!.train.length, nTest: splits[f]!.test.length };
          if (done.has(keyOf(base))) {
            skipped++;
            continue;
          }
          const r = fitOnce(algorithm, scaled, o.seed, sets[f]!.train, sets[f]!.test);
          appendRecord(o.resultsDir, { v: 1, ...base, folds, ...r, date: new Date().toISOString(), code });
          done.add(keyOf(base));
          ran++;
          cellRan++;
          cpu += r.fitCpuS;
          acc += r.accuracy;
        }
        if (cellRan > 0) {
          log(
            `[maxcut ${elapsed()}] ${dataset} ${algorithm} ${scaled ? 'scaled' : 'unscaled'}: ${cellRan} fits, ` +
              `mean accuracy ${(acc / cellRan).toFixed(3)}, ${(cpu / cellRan).toFixed(3)} s CPU/fit`,
          );
        }
      }
    }
  }
  const records = readRecords(o.resultsDir);
  const previous = o.out && existsSync(o.out) ? readFileSync(o.out, 'utf8') : '';
  const markdown = renderMarkdown(aggregate(records, o), o, notes, machineOf(previous, ran));
  if (o.out) {
    mkdirSync(dirname(o.out), { recursive: true });
    writeFileSync(o.out, mergeNotes(markdown, previous));
    log(`[maxcut ${elapsed()}] wrote ${o.out} (${ran} fits run, ${skipped} already recorded)`);
  }
  return { records, ran, skipped, notes, markdown };
}

// ---- aggregation ----

export interface Cell {
  dataset: string;
  algorithm: string;
  scaled: boolean;
  n: number;
  nTrain: number;
  nTest: number;
  accuracy: number;
  sd: number | null;
  fitCpuS: number;
  leaves: number;
  depth: number;
  /** For hold-out cells: the training set was a subsample of the 60k. */
  subsample: boolean;
  /** For hold-out cells: the run that made the fit (see FitRecord.run). */
  run?: string;
  /** For hold-out cells: scikit-learn's Gini fit of that same run (same split), when there was one. */
  sameRunSklearn?: { fitCpuS: number; run: string };
}

/** Cells of the current protocol: CV cells complete (all folds, same folds hash), hold-out cells with the most training rows. */
export function aggregate(records: readonly FitRecord[], o: Pick<MaxcutOptions, 'folds' | 'repeats' | 'seed'>): Cell[] {
  const protocol = `cv-${o.repeats}x${o.folds}-seed${o.seed}`;
  const want = o.folds * o.repeats;
  const groups = new Map<string, FitRecord[]>();
  for (const r of records) {
    if (r.protocol !== protocol && r.protocol !== 'holdout') continue;
    const k = `${r.dataset}|${r.algorithm}|${r.scaled}|${r.protocol === 'holdout' ? `${r.nTrain}|${r.nTest}` : ''}`;
    const g = groups.get(k);
    if (g) g.push(r);
    else groups.set(k, [r]);
  }
  const cells: Cell[] = [];
  const best = new Map<string, Cell>();
  // scikit-learn's fit of each run, so every hold-out cell is compared with the one fitted beside it.
  const sklearnOfRun = new Map<string, FitRecord>();
  for (const r of records) {
    if (r.protocol === 'holdout' && r.algorithm === SKLEARN_GINI && r.run) sklearnOfRun.set(`${r.dataset}|${r.nTrain}|${r.nTest}|${r.run}`, r);
  }
  for (const rs of groups.values()) {
    const r0 = rs[0]!;
    if (r0.protocol !== 'holdout') {
      const byFold = new Map(rs.map((r) => [r.fold, r]));
      if (byFold.size < want) continue; // incomplete: shown once finished
      const hashes = new Set(rs.map((r) => r.folds));
      if (hashes.size !== 1) throw new Error(`${r0.dataset} ${r0.algorithm}: records from different folds (${[...hashes].join(', ')})`);
      const fs = [...byFold.values()];
      cells.push({
        dataset: r0.dataset,
        algorithm: r0.algorithm,
        scaled: r0.scaled,
        n: fs.length,
        nTrain: mean(fs.map((r) => r.nTrain)),
        nTest: mean(fs.map((r) => r.nTest)),
        accuracy: mean(fs.map((r) => r.accuracy)),
        sd: fs.length > 1 ? std(fs.map((r) => r.accuracy)) : null,
        fitCpuS: mean(fs.map((r) => r.fitCpuS)),
        leaves: mean(fs.map((r) => r.leaves)),
        depth: mean(fs.map((r) => r.depth)),
        subsample: false,
      });
    } else {
      // One fit per (split size); the latest record wins if a fit was repeated.
      const r = rs[rs.length - 1]!;
      const c: Cell = {
        dataset: r.dataset,
        algorithm: r.algorithm,
        scaled: r.scaled,
        n: 1,
        nTrain: r.nTrain,
        nTest: r.nTest,
        accuracy: r.accuracy,
        sd: null,
        fitCpuS: r.fitCpuS,
        leaves: r.leaves,
        depth: r.depth,
        subsample: r.nTrain < 60000,
        ...(r.run ? { run: r.run } : {}),
      };
      const sk = r.run ? sklearnOfRun.get(`${r.dataset}|${r.nTrain}|${r.nTest}|${r.run}`) : undefined;
      if (sk) c.sameRunSklearn = { fitCpuS: sk.fitCpuS, run: sk.run! };
      const k = `${r.dataset}|${r.algorithm}|${r.scaled}`;
      const prev = best.get(k);
      if (!prev || c.nTrain > prev.nTrain || (c.nTrain === prev.nTrain && c.nTest > prev.nTest)) best.set(k, c);
    }
  }
  return [...cells, ...best.values()];
}

// ---- markdown ----

const f3 = (x: number): string => x.toFixed(3);
const signed = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(3)}`;

function seconds(s: number): string {
  if (s < 0.1) return s.toFixed(4);
  if (s < 10) return s.toFixed(3);
  if (s < 100) return s.toFixed(1);
  if (s < 600) return s.toFixed(0);
  const m = Math.floor(s / 60);
  return `${s.toFixed(0)} (${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${String(Math.round(s % 60)).padStart(2, '0')})`;
}

/** The better variant: higher mean accuracy; a tie goes to unscaled (as the paper reports Gini Features). */
function better(u: Cell | undefined, s: Cell | undefined): Cell | undefined {
  if (!u) return s;
  if (!s) return u;
  return s.accuracy > u.accuracy ? s : u;
}

const DATASET_TITLES: Record<string, string> = {
  iris: 'Iris',
  'wine-quality-red': 'Wine-Red',
  'wine-quality-white': 'Wine-White',
  'wine-quality-both': 'Wine-Both',
  [FASHION]: 'Fashion-MNIST (paper: MNIST)',
};

const label = (a: string): string => ALGORITHMS[a as keyof typeof ALGORITHMS]?.paperName ?? a;

/** Everything after this line in maxcut.md is hand-written and kept when the table is re-rendered. */
export const NOTES_MARKER = notesMarker('maxcut');

export function mergeNotes(generated: string, previous: string): string {
  return mergeReportNotes(generated, previous, 'maxcut');
}

/** "<CPU> (<n> cores" of this machine. */
const thisMachine = (): string => `${cpuModel()} (${coreCount()} cores`;

/** The machine a previous report names when a run fits nothing (the records do not store it), else this one. */
export function machineOf(previous: string, ran: number): string {
  return keptFromPrevious(previous, /^Generated by .*? on (.+? \(\d+ cores), shared with other jobs\)/m, ran === 0, thisMachine());
}

export function renderMarkdown(
  cells: readonly Cell[],
  o: Pick<MaxcutOptions, 'folds' | 'repeats' | 'seed'>,
  notes: readonly string[],
  machine: string = thisMachine(),
): string {
  const get = (d: string, a: string, s: boolean): Cell | undefined => cells.find((c) => c.dataset === d && c.algorithm === a && c.scaled === s);
  const datasets = [...CV_DATASETS, FASHION].filter((d) => cells.some((c) => c.dataset === d));
  const out: string[] = [
    '# Max-Cut decision trees: the paper\'s Table 5, replicated',
    '',
    `Generated by \`pnpm bench maxcut\` (apps/bench/src/commands/maxcut.ts) on ${machine}, shared with other jobs), Node ${process.version}. Paper: Bodine & Hochbaum, "The Max-Cut Decision Tree" (Table 5).`,
    '',
    `Protocol: iris and the wine-quality sets by ${o.repeats}×${o.folds} repeated stratified CV (seed ${o.seed}; the same folds for every ` +
      'algorithm and both variants); Fashion-MNIST on its fixed 60,000/10,000 train/test split, standing in for the paper\'s MNIST ' +
      '(80/20 split of 70,000). Every algorithm is fitted unscaled and scaled (standardised features); the paper reports the better ' +
      'of the two, so do we (**bold**), and the other one is shown too. Accuracy = mean test accuracy; sd = standard deviation over ' +
      'the CV folds; CPU = mean CPU seconds of one fit (process CPU time, single-threaded JavaScript); leaves = mean leaf count. ' +
      'Paper times are the CPU times of its Python/NumPy implementation on a 20-core Xeon node, so only ratios compare.',
    '',
    '## Summary: best-of-two accuracy, ours vs the paper',
    '',
    `| algorithm | ${datasets.map((d) => DATASET_TITLES[d]).join(' | ')} |`,
    `|---|${datasets.map(() => '---').join('|')}|`,
  ];
  for (const a of ORDER) {
    const cols = datasets.map((d) => {
      const b = better(get(d, a, false), get(d, a, true));
      const p = paperCell(d, a);
      if (!b) return p ? `— (${f3(p.accuracy)})` : '—';
      const flag = p && d !== FASHION && Math.abs(b.accuracy - p.accuracy) > 0.02 ? ' ⚠' : '';
      return `${f3(b.accuracy)}${b.scaled ? 's' : ''}${b.subsample ? '†' : ''} (${p ? f3(p.accuracy) + (p.scaled ? 's' : '') : '—'})${flag}`;
    });
    out.push(`| ${label(a)} | ${cols.join(' | ')} |`);
  }
  out.push(
    '',
    'ours (paper); s = the scaled variant was the better one; ⚠ = differs from the paper by more than 0.02; † = trained on a subsample ' +
      '(see the Fashion-MNIST table). The Fashion-MNIST column compares against the paper\'s MNIST, a different (easier) dataset: ' +
      'only the ordering and the ratios are comparable there.',
  );

  for (const d of datasets) {
    const any = cells.find((c) => c.dataset === d)!;
    const isCv = d !== FASHION;
    out.push('', `## ${DATASET_TITLES[d]}`, '');
    if (isCv) {
      out.push(
        `${o.repeats}×${o.folds} CV, ${Math.round(any.nTrain)} training / ${Math.round(any.nTest)} test rows per fold.`,
        '',
        '| algorithm | paper accuracy | paper time s | paper scaled | ours unscaled: accuracy ± sd | CPU s | leaves | ours scaled: accuracy ± sd | CPU s | leaves | ours best − paper |',
        '|---|---|---|---|---|---|---|---|---|---|---|',
      );
    } else {
      out.push(
        'Fixed split, one fit per cell. Paper columns are its MNIST row.',
        '',
        '| algorithm | paper MNIST accuracy | paper MNIST time s | paper scaled | ours unscaled: accuracy | CPU s | leaves | ours scaled: accuracy | CPU s | leaves | CPU time / Gini Features (same variant) | CPU time / scikit-learn Gini (same run) |',
        '|---|---|---|---|---|---|---|---|---|---|---|---|',
      );
    }
    const sk = isCv ? undefined : get(d, SKLEARN_GINI, false);
    for (const a of ORDER) {
      const u = get(d, a, false);
      const s = get(d, a, true);
      const b = better(u, s);
      const p = paperCell(d, a);
      const acc = (c: Cell | undefined): string => {
        if (!c) return '—';
        const text = `${f3(c.accuracy)}${c.sd !== null ? ` ± ${f3(c.sd)}` : ''}${c.subsample ? ` (${c.nTrain.toLocaleString('en-US')} train)†` : ''}`;
        return c === b && u && s ? `**${text}**` : text;
      };
      const cpu = (c: Cell | undefined): string => (c ? seconds(c.fitCpuS) : '—');
      const leaves = (c: Cell | undefined): string => (c ? (isCv ? c.leaves.toFixed(1) : String(c.leaves)) : '—');
      const paperCols = p ? [f3(p.accuracy), seconds(p.timeS), p.scaled ? 'True' : 'False'] : ['—', '—', '—'];
      let last: string;
      if (isCv) {
        last = b && p ? signed(b.accuracy - p.accuracy) + (Math.abs(b.accuracy - p.accuracy) > 0.02 ? ' ⚠' : '') : '—';
      } else {
        const ratio = (c: Cell | undefined, base: Cell | undefined): string =>
          c && base && !c.subsample && !base.subsample ? `${(c.fitCpuS / base.fitCpuS).toFixed(2)}` : '—';
        last = `${ratio(u, get(d, 'gini-features', false))} / ${ratio(s, get(d, 'gini-features', true))}`;
        const sameRun = (c: Cell | undefined): string =>
          c?.sameRunSklearn && !c.subsample ? `${(c.fitCpuS / c.sameRunSklearn.fitCpuS).toFixed(2)}` : '—';
        last += ` | ${sameRun(u)} / ${sameRun(s)}`;
      }
      out.push(`| ${label(a)} | ${paperCols.join(' | ')} | ${acc(u)} | ${cpu(u)} | ${leaves(u)} | ${acc(s)} | ${cpu(s)} | ${leaves(s)} | ${last} |`);
    }
    out.push('', '**bold** = the better of our two variants (ties go to unscaled); — = not run.');
    if (!isCv) {
      out.push(
        '',
        'Last two columns: unscaled / scaled. Paper, MNIST: Max Cut Node Means PCA took 303 s vs 3,226 s for Gini Features (0.09×).',
      );
      if (sk) {
        // Every run whose scikit-learn fit a shown cell is divided by.
        const runs = new Map<string, number>();
        for (const c of cells) if (c.dataset === d && c.sameRunSklearn && c.algorithm !== SKLEARN_GINI) runs.set(c.sameRunSklearn.run, c.sameRunSklearn.fitCpuS);
        const list = [...runs].sort((a, b) => a[0].localeCompare(b[0])).map(([run, cpu]) => `${seconds(cpu)} s CPU in the run of ${run.slice(0, 16).replace('T', ' ')} UTC`);
        out.push(
          '',
          `scikit-learn's DecisionTreeClassifier(criterion='gini') on the same split (newest ${sk.run ? `run of ${sk.run.slice(0, 16).replace('T', ' ')} UTC` : 'no run recorded'}): ` +
            `accuracy ${f3(sk.accuracy)}, ${seconds(sk.fitCpuS)} s CPU, ${sk.leaves} leaves. The last column divides each fit by scikit-learn's fit of the same run` +
            (list.length > 0 ? ` (${list.join('; ')}).` : '.'),
        );
      }
    }
  }
  if (notes.length) out.push('', ...notes.map((n) => `- ${n}`));
  return out.join('\n') + '\n';
}

// ---- command ----

const RESULTS = fileURLToPath(new URL('../../results', import.meta.url));

const positive = (flag: string) => (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a positive integer, got ${v}`);
  return n;
};

export function maxcutCommand(): Command {
  return new Command('maxcut')
    .description(
      "The Max-Cut paper's Table 5: its eight algorithms, scaled and unscaled, by 10×10 CV on iris and wine-quality red/white/both " +
        'and on Fashion-MNIST 60k/10k; resumable (JSON lines under results/maxcut/), markdown in results/maxcut.md',
    )
    .option('--quick', 'iris only, 2×5 CV, in seconds (--datasets iris,fashion-mnist adds a 1,000/500 Fashion-MNIST subsample: about 1.5 CPU minutes); writes to a temporary directory and prints the table', false)
    .option('--datasets <list>', `comma-separated: ${[...CV_DATASETS, FASHION].join(',')}`)
    .option('--algorithms <list>', `comma-separated, default all eight: ${ORDER.join(',')}`)
    .option('--scale <which>', 'both | on | off', 'both')
    .option('--folds <k>', 'CV folds', positive('--folds'), 10)
    .option('--repeats <n>', 'CV repeats', positive('--repeats'), 10)
    .option('--seed <n>', 'seed of the folds and of the estimators', (v) => Number.parseInt(v, 10), 0)
    .option('--fashion-train <n>', 'use the first N Fashion-MNIST training rows (a subsample, reported as such)', positive('--fashion-train'))
    .option('--fashion-test <n>', 'use the first N Fashion-MNIST test rows', positive('--fashion-test'))
    .option('--refit', 'fit the selected Fashion-MNIST cells again even when recorded (the newest record is shown)', false)
    .option('--no-sklearn', "do not fit scikit-learn's Gini tree beside the Fashion-MNIST cells")
    .option('--results <dir>', 'JSON-lines directory (resumes from it)')
    .option('--out <file>', 'markdown output', join(RESULTS, 'maxcut.md'))
    .action(
      async (o: {
        quick: boolean;
        datasets?: string;
        algorithms?: string;
        scale: string;
        folds: number;
        repeats: number;
        seed: number;
        fashionTrain?: number;
        fashionTest?: number;
        results?: string;
        out: string;
        refit: boolean;
        sklearn: boolean;
      }) => {
        if (!['both', 'on', 'off'].includes(o.scale)) throw new Error(`--scale must be both, on or off, got ${o.scale}`);
        if (!Number.isInteger(o.seed) || o.seed < 0) throw new Error(`--seed must be a non-negative integer, got ${o.seed}`);
        const quick = o.quick;
        const opts: MaxcutOptions = {
          quick,
          datasets: o.datasets ? o.datasets.split(',') : quick ? ['iris'] : [...CV_DATASETS, FASHION],
          algorithms: o.algorithms ? o.algorithms.split(',') : [...ORDER],
          scales: o.scale === 'both' ? [false, true] : [o.scale === 'on'],
          folds: quick ? 5 : o.folds,
          repeats: quick ? 2 : o.repeats,
          seed: o.seed,
          fashionTrain: o.fashionTrain ?? (quick ? 1000 : null),
          fashionTest: o.fashionTest ?? (quick ? 500 : null),
          resultsDir: o.results ?? (quick ? mkdtempSync(join(tmpdir(), 'dt-maxcut-quick-')) : join(RESULTS, 'maxcut')),
          out: quick ? null : o.out,
          refit: o.refit,
          sklearn: o.sklearn && !quick,
        };
        const run = await runMaxcut(opts, (s) => process.stderr.write(s + '\n'));
        if (quick) process.stdout.write(run.markdown);
      },
    );
}
