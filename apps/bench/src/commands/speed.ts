import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mergeNotes } from '../notes.js';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { makeClassification } from '@dt/datasets';
import { linePlotSpec, writePlot } from '../plots.js';
import { createProgress } from '../progress.js';
import { ResultsStore } from '../harness/results-store.js';
import { seedOf } from '../harness/seed.js';
import { coreCount, cpuModel, keptFromPrevious, today } from '../harness/provenance.js';
import { runJsonChild, withArrayFiles, type ChildResult } from '../harness/child.js';
import { callPython, pythonModule } from '../harness/python.js';
import type { WorkerResult } from '../speed-worker.js';

/** 'dt-hist': dt with splitter 'hist' (`--splitter hist` adds it). */
export type Lib = 'dt' | 'dt-hist' | 'sklearn' | 'ml-cart';
export const LIBS: readonly Lib[] = ['dt', 'dt-hist', 'sklearn', 'ml-cart'];
const LIB_LABEL: Record<Lib, string> = { dt: 'dt', 'dt-hist': 'dt hist', sklearn: 'scikit-learn', 'ml-cart': 'ml-cart' };

export interface SpeedGrid {
  /** (rows, features) cells, measured in this order. */
  cells: { n: number; d: number }[];
  testSize: number;
  classes: number;
  repeats: number;
}

const SIZES = [1000, 10000, 100000, 1000000];
const FEATURES = [10, 100, 784];

/** Default: 1k…1M rows at 10 features, 1k…100k at 100, 1k and 10k at 784 (about 20 minutes with all peers). */
export function moderateGrid(): SpeedGrid {
  const cells = [
    ...SIZES.map((n) => ({ n, d: 10 })),
    ...SIZES.slice(0, 3).map((n) => ({ n, d: 100 })),
    ...SIZES.slice(0, 2).map((n) => ({ n, d: 784 })),
  ];
  return { cells, testSize: 10000, classes: 2, repeats: 1 };
}

/** Every size × feature count up to 10^8 matrix entries (800 MB of float64): hours. */
export function fullGrid(): SpeedGrid {
  const cells = FEATURES.flatMap((d) => SIZES.filter((n) => n * d <= 1e8).map((n) => ({ n, d })));
  return { cells, testSize: 10000, classes: 2, repeats: 1 };
}

export function quickSpeedGrid(): SpeedGrid {
  return { cells: [{ n: 1000, d: 10 }, { n: 1000, d: 40 }], testSize: 1000, classes: 2, repeats: 1 };
}

export interface SpeedRecord {
  key: string;
  lib: Lib;
  n: number;
  d: number;
  nTest: number;
  status: 'ok' | 'timeout' | 'error';
  message?: string;
  /** The time budget the cell ran under (ml-cart only). */
  budgetS?: number;
  result?: WorkerResult;
  version?: string;
}

export interface SpeedOptions {
  grid: SpeedGrid;
  libs: Lib[];
  /** ml-cart: a fit over this many seconds is stopped, and larger sizes at the same feature count are skipped. */
  mlCartBudgetS: number;
  /** Threads (nJobs) for dt-hist, default 1; part of dt-hist's result key when > 1. */
  jobs?: number;
  out: string | null;
  plots: boolean;
  description: string;
  /** Only rebuild the report and plot from results.jsonl. */
  reportOnly?: boolean;
}

const WORKER = fileURLToPath(new URL('../speed-worker.ts', import.meta.url));
const BENCH_DIR = fileURLToPath(new URL('../..', import.meta.url));
const SKLEARN_SCRIPT = fileURLToPath(new URL('../../python/sklearn_speed.py', import.meta.url));

/** One measurement in a fresh process: scikit-learn through the Python bridge, dt and ml-cart in a Node worker. */
function runChild(lib: Lib, job: Record<string, unknown>, timeoutS: number | null): ChildResult<WorkerResult> {
  if (lib === 'sklearn') return callPython<WorkerResult>(SKLEARN_SCRIPT, job, { timeoutS });
  return runJsonChild<WorkerResult>(process.execPath, ['--conditions=@dt/source', '--import', 'tsx', WORKER, JSON.stringify({ ...job, lib })], { cwd: BENCH_DIR, timeoutS });
}

export interface SpeedReport {
  records: SpeedRecord[];
  notes: string[];
  markdown: string;
  cellsRun: number;
  elapsedS: number;
}

export async function runSpeed(opts: SpeedOptions, log: (s: string) => void): Promise<SpeedReport> {
  const t0 = performance.now();
  const { grid } = opts;
  const notes: string[] = [];
  const store = new ResultsStore<SpeedRecord>(opts.out ? join(opts.out, 'results.jsonl') : null);
  let libs = [...opts.libs];
  let skVersion: string | undefined;
  if (libs.includes('sklearn')) {
    const sk = pythonModule('sklearn');
    if ('missing' in sk) {
      notes.push(`scikit-learn skipped: ${sk.missing}`);
      log(`speed: ${sk.missing}`);
      libs = libs.filter((l) => l !== 'sklearn');
    } else skVersion = sk.version;
  }
  const jobs = opts.jobs ?? 1;
  const keyOf = (lib: Lib, c: { n: number; d: number }) =>
    `${lib}|n${c.n}|d${c.d}|t${grid.testSize}|C${grid.classes}|r${grid.repeats}${lib === 'dt-hist' && jobs > 1 ? `|j${jobs}` : ''}`;
  const needs = (lib: Lib, c: { n: number; d: number }) => {
    const r = store.get(keyOf(lib, c));
    if (!r) return true;
    // A timeout under a smaller budget than now is worth retrying.
    return r.status === 'timeout' && lib === 'ml-cart' && (r.budgetS ?? 0) < opts.mlCartBudgetS;
  };
  const todo = opts.reportOnly ? [] : grid.cells.map((c) => ({ c, libs: libs.filter((l) => needs(l, c)) })).filter((x) => x.libs.length);
  const total = todo.reduce((s, x) => s + x.libs.length, 0);
  log(`speed: ${grid.cells.length} cells × ${libs.length} libraries; ${total} measurements to run`);
  const progress = createProgress(log, 1);
  progress.start(total, 'speed');
  let run = 0;
  // ml-cart: a timeout at n rows skips larger n at the same feature count.
  const mlCartOverBudget = (c: { n: number; d: number }) =>
    grid.cells.some((o) => {
      const r = o.d === c.d && o.n < c.n ? store.get(keyOf('ml-cart', o)) : undefined;
      return r !== undefined && (r.status === 'timeout' || (r.status === 'ok' && r.result!.fit_wall_s > opts.mlCartBudgetS));
    });
  for (const { c, libs: ls } of todo) {
    const seed = seedOf(`speed-n${c.n}-d${c.d}-t${grid.testSize}-C${grid.classes}`);
    const data = makeClassification({ nSamples: c.n + grid.testSize, nFeatures: c.d, nInformative: Math.min(c.d, 10), nRedundant: 0, nClasses: grid.classes, seed });
    const X = data.X.data;
    const arrays = { X_train_path: X.subarray(0, c.n * c.d), y_train_path: data.y.subarray(0, c.n), X_test_path: X.subarray(c.n * c.d), y_test_path: data.y.subarray(c.n) };
    withArrayFiles(arrays, (paths) => {
      const job = { ...paths, n_features: c.d, repeats: grid.repeats };
      for (const lib of ls) {
        const key = keyOf(lib, c);
        const base = { key, lib, n: c.n, d: c.d, nTest: grid.testSize };
        if (lib === 'ml-cart' && mlCartOverBudget(c)) {
          store.add({ ...base, status: 'timeout', budgetS: opts.mlCartBudgetS, message: 'not run: a smaller size already exceeded the budget' });
        } else {
          // The kill timeout leaves room for process start-up and data loading on a busy machine.
          const r = runChild(lib, lib === 'dt-hist' ? { ...job, jobs } : job, lib === 'ml-cart' ? opts.mlCartBudgetS + 60 : null);
          if ('ok' in r) store.add({ ...base, status: 'ok', result: r.ok, ...(lib === 'sklearn' && skVersion ? { version: skVersion } : {}) });
          else if ('timeout' in r) store.add({ ...base, status: 'timeout', budgetS: opts.mlCartBudgetS, message: `stopped after ${opts.mlCartBudgetS + 60} s` });
          else {
            store.add({ ...base, status: 'error', message: r.error });
            log(`speed: ${lib} failed at n=${c.n} d=${c.d}: ${r.error}`);
          }
        }
        run++;
        const rec = store.get(key)!;
        progress.tick(`n=${c.n} d=${c.d} ${lib}: ${rec.status === 'ok' ? `${rec.result!.fit_cpu_s.toFixed(2)} s CPU` : rec.status}`);
      }
    });
  }
  progress.stop();
  const elapsedS = (performance.now() - t0) / 1000;
  const records = grid.cells.flatMap((c) => LIBS.map((l) => store.get(keyOf(l, c))).filter((r): r is SpeedRecord => r !== undefined && opts.libs.includes(r.lib)));
  if (!libs.includes('ml-cart') && opts.libs.includes('ml-cart')) notes.push('ml-cart not run');
  notes.push(`ml-cart has a ${opts.mlCartBudgetS} s budget per fit: once a fit takes longer, larger sizes with the same feature count are not run (marked > budget).`);
  const reportPath = opts.out ? join(opts.out, 'report.md') : null;
  const previous = reportPath && existsSync(reportPath) ? readFileSync(reportPath, 'utf8') : '';
  const markdown = renderSpeed(opts, grid, records, notes, elapsedS, measuredClause(previous, opts.reportOnly ?? false));
  if (opts.out) {
    mkdirSync(opts.out, { recursive: true });
    writeFileSync(reportPath!, mergeNotes(markdown, previous, 'speed'));
    if (opts.plots) {
      const rows = records.filter((r) => r.status === 'ok').map((r) => ({ n: r.n, d: `${r.d} features`, algorithm: LIB_LABEL[r.lib], seconds: Math.max(r.result!.fit_cpu_s, 1e-4) }));
      await writePlot(
        join(opts.out, 'fit-time-vs-n.svg'),
        linePlotSpec({ title: 'CART fit CPU time vs training rows (log–log)', rows, x: 'n', xTitle: 'training rows', xLog: true, y: 'seconds', yTitle: 'fit CPU time (s)', yLog: true, facet: { field: 'd', title: 'features', columns: 3 } }),
      );
    }
    log(`wrote ${opts.out}/report.md`);
  }
  return { records, notes, markdown, cellsRun: run, elapsedS };
}

const s2 = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 0.1 ? x.toFixed(2) : x.toFixed(3));
const num = (x: number) => x.toLocaleString('en-US');

/**
 * "Measured <date> on <CPU> (<n> cores), Node <version>": this machine now, or with --report-only the
 * previous report's (the records do not store where they were measured), so a re-render changes nothing.
 */
export function measuredClause(previous: string, reportOnly: boolean): string {
  const now = `Measured ${today()} on ${cpuModel()} (${coreCount()} cores), Node ${process.version}`;
  return keptFromPrevious(previous, /Measured \d{4}-\d{2}-\d{2} on .+? \(\d+ cores\), Node v\d+(?:\.\d+)*/, reportOnly, now);
}

function renderSpeed(opts: SpeedOptions, grid: SpeedGrid, records: SpeedRecord[], notes: string[], elapsedS: number, measured: string): string {
  const L: string[] = ['# CART speed: dt vs scikit-learn vs ml-cart', ''];
  const sk = records.find((r) => r.lib === 'sklearn' && r.version)?.version;
  L.push(
    `${opts.description} ${measured}${sk ? `, scikit-learn ${sk}` : ''}. ` +
      `${opts.reportOnly ? '' : `This invocation: ${(elapsedS / 60).toFixed(1)} min. `}Each process first fits a 2,000-row prefix three times (200 rows for ml-cart) and then measures, so V8's compile time (which runs on background threads and counts as CPU time) is not counted: steady-state speed, as a long-running service sees it. A one-off fit in a fresh process also pays roughly 0.1–0.2 s of JIT warm-up.`,
    '',
    `Data: \`makeClassification\` with ${grid.classes} classes, min(d, 10) informative features, the rest noise, 2 clusters per class, 1% flipped labels; ` +
      `${num(grid.testSize)} extra rows for predict. Every library fits the same rows, fully grown Gini CART (scikit-learn's defaults; ml-cart with ` +
      '`gainThreshold: 0, minNumSamples: 1`), each in its own fresh process. Fit times are CPU seconds of the fitting process' +
      `${grid.repeats > 1 ? ` (median of ${grid.repeats} fits)` : ' (one fit)'} — the machine is shared, so wall time also measures other load; ` +
      'the wall-time ratio to scikit-learn is shown too. Predict times are wall seconds for the extra rows (median of three calls). Ratios are dt / peer: below 1 means dt is faster. ' +
      '"Peak MB" is the first fit\'s peak resident memory above the resident memory right before it (after a GC), including any copy of X a library makes, ' +
      'with the kernel\'s peak counter (VmHWM) reset just before the fit through /proc/self/clear_refs (harness/memory.ts; bench_job.start_peak_measure for scikit-learn), ' +
      'so a higher peak reached while loading the data no longer hides it. (Results measured before 2026-11-26 used the growth of getrusage maxRSS, a lower bound.)',
    '',
  );
  const get = (lib: Lib, n: number, d: number) => records.find((r) => r.lib === lib && r.n === n && r.d === d);
  const t = (r: SpeedRecord | undefined, f: (w: WorkerResult) => number) => (!r ? '—' : r.status === 'ok' ? s2(f(r.result!)) : r.status === 'timeout' ? `> ${r.budgetS} s` : 'error');
  const ratio = (a: SpeedRecord | undefined, b: SpeedRecord | undefined, f: (w: WorkerResult) => number) =>
    a?.status === 'ok' && b?.status === 'ok' ? (f(a.result!) / f(b.result!)).toFixed(2) : b?.status === 'timeout' && a?.status === 'ok' ? `< ${(f(a.result!) / b.budgetS!).toFixed(3)}` : '—';
  const fit = (w: WorkerResult) => w.fit_cpu_s;
  const wall = (w: WorkerResult) => w.fit_wall_s;
  const pred = (w: WorkerResult) => w.predict_wall_s;
  const mem = (w: WorkerResult) => w.fit_peak_rss_mb;
  const acc = (r: SpeedRecord | undefined) => (r?.status === 'ok' ? r.result!.test_accuracy.toFixed(3) : '—');
  L.push(
    '| rows × features | dt fit CPU s | sklearn fit CPU s | ml-cart fit CPU s | ratio dt/sklearn | ratio dt/ml-cart | wall ratio dt/sklearn | dt predict s | sklearn predict s | ml-cart predict s | dt peak MB | sklearn peak MB | ml-cart peak MB | accuracy dt / sklearn / ml-cart | leaves dt / sklearn |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const c of grid.cells) {
    const [a, b, m] = [get('dt', c.n, c.d), get('sklearn', c.n, c.d), get('ml-cart', c.n, c.d)];
    const leaves = `${a?.result?.n_leaves ?? '—'} / ${b?.result?.n_leaves ?? '—'}`;
    L.push(
      `| ${num(c.n)} × ${c.d} | ${t(a, fit)} | ${t(b, fit)} | ${t(m, fit)} | ${ratio(a, b, fit)} | ${ratio(a, m, fit)} | ${ratio(a, b, wall)} | ${t(a, pred)} | ${t(b, pred)} | ${t(m, pred)} | ${t(a, mem)} | ${t(b, mem)} | ${t(m, mem)} | ${acc(a)} / ${acc(b)} / ${acc(m)} | ${leaves} |`,
    );
  }
  L.push('');
  if (records.some((r) => r.lib === 'dt-hist')) {
    L.push(
      `dt with \`splitter: 'hist'\` (256 bins per feature; \`--splitter hist\`${(opts.jobs ?? 1) > 1 ? `, nJobs ${opts.jobs} (\`--jobs ${opts.jobs}\`; CPU counts every thread)` : ''}) on the same rows:`,
      '',
      '| rows × features | dt hist fit CPU s | dt hist fit wall s | ratio dt hist/sklearn | ratio dt hist/dt | dt hist peak MB | accuracy dt hist / dt | leaves dt hist |',
      '|---|---|---|---|---|---|---|---|',
    );
    for (const c of grid.cells) {
      const [h, a, b] = [get('dt-hist', c.n, c.d), get('dt', c.n, c.d), get('sklearn', c.n, c.d)];
      L.push(`| ${num(c.n)} × ${c.d} | ${t(h, fit)} | ${t(h, wall)} | ${ratio(h, b, fit)} | ${ratio(h, a, fit)} | ${t(h, mem)} | ${acc(h)} / ${acc(a)} | ${h?.result?.n_leaves ?? '—'} |`);
    }
    L.push('');
  }
  const errors = records.filter((r) => r.status === 'error');
  for (const e of errors) notes.push(`${e.lib} failed at ${num(e.n)} × ${e.d}: ${e.message}`);
  if (notes.length) L.push(...notes.map((n) => `- ${n}`), '');
  return L.join('\n');
}

const RESULTS_DIR = fileURLToPath(new URL('../../results/speed', import.meta.url));

export function speedCommand(): Command {
  return new Command('speed')
    .description('Fit/predict time and peak memory of CART vs training size and features: dt, scikit-learn (python3-sklearn) and ml-cart in one run')
    .option('--quick', 'three small cells (under a minute; results not written unless --out is given)', false)
    .option('--full', 'every size 1k…1M × features 10, 100, 784 up to 10^8 values (hours)', false)
    .option('--libs <list>', 'comma-separated: dt,sklearn,ml-cart', 'dt,sklearn,ml-cart')
    .option('--no-peers', 'dt only')
    .option('--splitter <list>', "dt's split searches: best, hist or best,hist (hist adds the dt-hist library)", 'best')
    .option('--jobs <n>', 'threads (nJobs) for dt-hist', (v) => Number.parseInt(v, 10), 1)
    .option('--ml-cart-budget <s>', 'seconds an ml-cart fit may take before it is stopped', Number.parseFloat, 60)
    .option('--repeats <n>', 'fits per cell (median reported); part of each result key', (v) => Number.parseInt(v, 10), 3)
    .option('--test-size <n>', 'rows to predict', (v) => Number.parseInt(v, 10))
    .option('--no-plots', 'skip the SVG plot')
    .option('--report-only', 'run nothing: rebuild the report and plot from the results file', false)
    .option('--out <dir>', 'results directory (appends to results.jsonl there; finished cells are skipped)')
    .action(async (o: { quick: boolean; full: boolean; libs: string; splitter: string; jobs: number; peers: boolean; mlCartBudget: number; repeats: number; testSize?: number; plots: boolean; reportOnly: boolean; out?: string }) => {
      const grid = o.quick ? quickSpeedGrid() : o.full ? fullGrid() : moderateGrid();
      if (!Number.isInteger(o.repeats) || o.repeats < 1) throw new Error(`--repeats must be a positive integer, got ${o.repeats}`);
      if (!Number.isInteger(o.jobs) || o.jobs < 1) throw new Error(`--jobs must be a positive integer, got ${o.jobs}`);
      grid.repeats = o.repeats;
      if (o.testSize !== undefined) {
        if (!Number.isInteger(o.testSize) || o.testSize < 1) throw new Error(`--test-size must be a positive integer, got ${o.testSize}`);
        grid.testSize = o.testSize;
      }
      if (!(o.mlCartBudget > 0)) throw new Error(`--ml-cart-budget must be a positive number of seconds, got ${o.mlCartBudget}`);
      let libs = o.libs.split(',').map((s) => s.trim()) as Lib[];
      for (const l of libs) if (!LIBS.includes(l)) throw new Error(`--libs: unknown library ${JSON.stringify(l)} (dt, dt-hist, sklearn, ml-cart)`);
      const splitters = o.splitter.split(',').map((s) => s.trim());
      for (const sp of splitters) if (sp !== 'best' && sp !== 'hist') throw new Error(`--splitter: expected best, hist or best,hist, got ${JSON.stringify(o.splitter)}`);
      if (splitters.includes('hist') && !libs.includes('dt-hist')) libs = ['dt-hist', ...libs];
      if (!splitters.includes('best')) libs = libs.filter((l) => l !== 'dt');
      const chosen = o.peers ? libs : libs.filter((l) => l === 'dt' || l === 'dt-hist');
      const out = o.out ?? (o.quick ? null : RESULTS_DIR);
      const description = o.quick ? 'Quick mode (CI smoke grid).' : o.full ? 'Full grid (`pnpm bench speed --full`).' : 'Moderate grid (`pnpm bench speed`).';
      const r = await runSpeed({ grid, libs: chosen, mlCartBudgetS: o.quick ? Math.min(o.mlCartBudget, 5) : o.mlCartBudget, jobs: o.jobs, out, plots: o.plots, description, reportOnly: o.reportOnly }, (s) => console.error(s));
      if (!out) console.log(r.markdown);
    });
}
