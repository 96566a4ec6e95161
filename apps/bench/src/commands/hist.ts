/**
 * `bench hist`: dt's histogram splitter against dt's exact one, scikit-learn's exact CART and
 * XGBoost's `hist` tree (one round, fully grown; binary sets only), side by side in one run, each
 * measurement in its own fresh process. Writes results/hist.md (tables + the fit's time split by phase).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { loadDataset, makeClassification } from '@dt/datasets';
import { loadFashionMnist } from '@dt/datasets/node';
import { trainTestSplit } from '@dt/eval';
import { mergeNotes } from '../notes.js';
import type { Phase } from '../hist-worker.js';

const BENCH_DIR = fileURLToPath(new URL('../..', import.meta.url));
const WORKER = fileURLToPath(new URL('../hist-worker.ts', import.meta.url));
const PEERS = fileURLToPath(new URL('../../python/hist_peers.py', import.meta.url));
const RESULTS = join(BENCH_DIR, 'results');

type Lib = 'dt best' | 'dt hist' | 'dt hist nJobs 2' | 'sklearn' | 'xgboost hist';

interface Workload {
  name: string;
  /** Row-major training/test features (bytes for pixels), int32 labels. */
  Xtrain: Float64Array | Uint8Array;
  ytrain: Int32Array;
  Xtest: Float64Array | Uint8Array;
  ytest: Int32Array;
  d: number;
  libs: Lib[];
  repeats: number;
  /** Fits per measurement for a hot loop (small data), else 0. */
  hot: number;
}

interface PeerResult {
  fit_cpu_s: number;
  fit_wall_s: number;
  test_accuracy: number;
  n_leaves: number;
  fit_peak_rss_mb: number;
  fit_rss_growth_mb?: number;
  version?: string;
  fingerprint?: string;
  split?: Record<Phase, number> | null;
}

function rowsOf(X: Float64Array, d: number, idx: ArrayLike<number>): Float64Array {
  const out = new Float64Array(idx.length * d);
  for (let k = 0; k < idx.length; k++) out.set(X.subarray(idx[k]! * d, idx[k]! * d + d), k * d);
  return out;
}

function labelCodes(y: readonly (string | number)[] | Float64Array, classes: readonly (string | number)[]): Int32Array {
  const map = new Map(classes.map((c, i) => [c, i]));
  return Int32Array.from(y as ArrayLike<string | number>, (v) => map.get(v)!);
}

async function workloads(quick: boolean): Promise<Workload[]> {
  const out: Workload[] = [];
  try {
    const tr = loadFashionMnist({ split: 'train', ...(quick ? { limit: 3000 } : {}) });
    const te = loadFashionMnist({ split: 'test', ...(quick ? { limit: 1000 } : {}) });
    // Pixels as bytes: dt fits them without a float64 copy; scikit-learn converts to float32.
    out.push({
      name: `Fashion-MNIST ${tr.X.rows.toLocaleString('en')} × 784 (10 classes)`,
      Xtrain: Uint8Array.from(tr.X.data),
      ytrain: labelCodes(tr.y, tr.classes!),
      Xtest: Uint8Array.from(te.X.data),
      ytest: labelCodes(te.y, tr.classes!),
      d: 784,
      libs: ['dt best', 'dt hist', 'dt hist nJobs 2', 'sklearn'],
      repeats: 1,
      hot: 0,
    });
  } catch (e) {
    console.error(`bench hist: Fashion-MNIST skipped (${(e as Error).message.split('\n')[0]})`);
  }
  const magic = await loadDataset('magic-gamma');
  const y = labelCodes(magic.y, magic.classes!);
  const { train, test } = trainTestSplit(Array.from(y), { testSize: 0.25, stratify: true, seed: 0 });
  out.push({
    name: 'MAGIC gamma 14,265 × 10 (continuous, binary)',
    Xtrain: rowsOf(magic.X.data, magic.X.cols, train),
    ytrain: Int32Array.from(train, (i) => y[i]!),
    Xtest: rowsOf(magic.X.data, magic.X.cols, test),
    ytest: Int32Array.from(test, (i) => y[i]!),
    d: magic.X.cols,
    libs: ['dt best', 'dt hist', 'dt hist nJobs 2', 'sklearn', 'xgboost hist'],
    repeats: 3,
    hot: 0,
  });
  const big = quick ? 20_000 : 1_000_000;
  for (const [n, d, hot] of [
    [big, 10, 0],
    [1_800, 64, quick ? 10 : 100],
  ] as const) {
    const data = makeClassification({ nSamples: n + 10_000, nFeatures: d, nInformative: Math.min(d, 10), nRedundant: 0, nClasses: 2, seed: n + d });
    const X = data.X.data;
    out.push({
      libs: ['dt best', 'dt hist', 'dt hist nJobs 2', 'sklearn', 'xgboost hist'],
      name: `makeClassification ${n.toLocaleString('en')} × ${d}${hot ? ` (hot loop, ${hot} fits)` : ''}`,
      // Hot loop: small nodes stay on one thread, and XGBoost's ~1 s per fit (9.5× scikit-learn in the
      // 2026-11-24 run) would take most of the run's time for no new information.
      ...(hot ? { libs: ['dt best', 'dt hist', 'sklearn'] as Lib[] } : {}),
      Xtrain: X.subarray(0, n * d),
      ytrain: data.y.subarray(0, n),
      Xtest: X.subarray(n * d),
      ytest: data.y.subarray(n),
      d,
      repeats: hot ? 1 : n >= 1_000_000 ? 1 : 3,
      hot,
    });
  }
  return out;
}

function writeBin(dir: string, name: string, a: Float64Array | Uint8Array | Int32Array): string {
  const p = join(dir, name);
  writeFileSync(p, new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  return p;
}

function run(lib: Lib, job: Record<string, unknown>, nodeFlags: string[] = []): PeerResult | { error: string } {
  const opts = { encoding: 'utf8' as const, maxBuffer: 1 << 24 };
  const r = lib.startsWith('dt')
    ? spawnSync(process.execPath, [...nodeFlags, '--expose-gc', '--conditions=@dt/source', '--import', 'tsx', WORKER, JSON.stringify({ ...job, splitter: lib.startsWith('dt hist') ? 'hist' : 'best', jobs: lib === 'dt hist nJobs 2' ? 2 : 1 })], { ...opts, cwd: BENCH_DIR })
    : spawnSync('python3', [PEERS], { ...opts, input: JSON.stringify({ ...job, lib: lib === 'sklearn' ? 'sklearn' : 'xgboost' }), env: { ...process.env, PYENV_VERSION: 'system' } });
  if (r.status !== 0) return { error: (r.stderr || String(r.error)).trim().split('\n').slice(-2).join(' ') };
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as PeerResult;
}

/**
 * The timed hist fit's CPU split by phase: shares from a CPU profile of one fit in a separate process
 * with inlining off (so every function keeps its own samples), applied to the timed fit's CPU.
 */
function timeSplit(job: Record<string, unknown>, timedCpu: number): Record<Phase, number> | null {
  const r = run('dt hist', { ...job, repeats: 1, hot_loop: 0, profile: true }, ['--no-turbo-inlining']);
  if ('error' in r || !r.split) return null;
  const total = Object.values(r.split).reduce((a, b) => a + b, 0);
  const out = { ...r.split };
  for (const k of Object.keys(out) as Phase[]) out[k] = total > 0 ? (r.split[k] / total) * timedCpu : 0;
  return out;
}

const fmt = (x: number, digits = 3) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toPrecision(digits));

function render(rows: { w: Workload; results: Map<Lib, PeerResult | { error: string }> }[], meta: string): string {
  const lines = [
    '# Histogram splitter: dt hist vs dt exact vs scikit-learn vs XGBoost hist',
    '',
    meta,
    '',
    '| data | library | fit CPU s | ratio to sklearn | fit wall s | wall vs dt hist | fit peak MB | test accuracy | leaves | same tree |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  const splits: string[] = [];
  for (const { w, results } of rows) {
    const sk = results.get('sklearn');
    const skCpu = sk && 'fit_cpu_s' in sk ? sk.fit_cpu_s : null;
    const best = results.get('dt best');
    const bestFp = best && 'fingerprint' in best ? best.fingerprint : undefined;
    const hist = results.get('dt hist');
    const histFp = hist && 'fingerprint' in hist ? hist.fingerprint : undefined;
    const histWall = hist && 'fit_wall_s' in hist ? hist.fit_wall_s : null;
    for (const lib of w.libs) {
      const r = results.get(lib)!;
      if ('error' in r) {
        lines.push(`| ${w.name} | ${lib} | error: ${r.error.replace(/\|/g, '/')} | | | | | | | |`);
        continue;
      }
      const unit = w.hot ? ' per fit' : '';
      const sameAs = (name: string, fp: string | undefined) => (fp ? `as ${name}: ${r.fingerprint === fp ? 'yes' : 'no'}` : '');
      const same = lib === 'dt hist' ? sameAs('dt best', bestFp) : lib === 'dt hist nJobs 2' ? sameAs('dt hist', histFp) : '';
      const wallRatio = lib.startsWith('dt hist') && histWall ? (r.fit_wall_s / histWall).toFixed(2) : '';
      lines.push(
        `| ${w.name} | ${lib}${r.version ? ` ${r.version}` : ''} | ${w.hot ? (r.fit_cpu_s * 1000).toFixed(1) + ' ms' : fmt(r.fit_cpu_s)}${unit} | ${skCpu ? (r.fit_cpu_s / skCpu).toFixed(2) : ''} | ${fmt(r.fit_wall_s)} | ${wallRatio} | ${w.hot ? '' : fmt(r.fit_peak_rss_mb)} | ${r.test_accuracy.toFixed(4)} | ${r.n_leaves} | ${same} |`,
      );
      if (r.split) {
        const total = Object.values(r.split).reduce((a, b) => a + b, 0);
        const pct = (p: Phase) => `${fmt(r.split![p])} s (${((100 * r.split![p]) / total).toFixed(0)} %)`;
        splits.push(`| ${w.name} | ${pct('binning')} | ${pct('histograms')} | ${pct('scans')} | ${pct('partition')} | ${pct('other')} |`);
      }
    }
  }
  lines.push(
    '',
    '## Where dt hist spends its fit',
    '',
    'The timed fit CPU (per fit for the hot loop) split by the shares of a V8 CPU profile of one fit in a separate process with inlining off, so that every function keeps its own samples (sampling every 0.2 ms). Binning: bin edges and codes. Histograms: one pass per node and feature over its bin codes into class weights and counts (Σw, Σw·y for regression), and the subtraction parent − smaller child of large nodes. Scans: reading the non-empty cells back as grouped entries and the criterion\'s scan. Partition: the stable moves of the node-ordered codes, labels and weights. Other: the builder (node totals, impurity, tree arrays), validation and GC.',
    '',
    '| data | binning | histograms | scans | partition | other |',
    '|---|---|---|---|---|---|',
    ...splits,
  );
  return lines.join('\n') + '\n';
}

export function histCommand(): Command {
  return new Command('hist')
    .description("splitter 'hist' vs dt exact, scikit-learn and XGBoost hist (fit CPU, memory, accuracy, same tree); writes results/hist.md")
    .option('--quick', 'small sizes (a smoke test; does not overwrite results/hist.md)')
    .option('--only <text>', 'only the workloads whose name contains this text; prints, does not write results/hist.md')
    .option('--libs <list>', "only these: 'dt best','dt hist','dt hist nJobs 2',sklearn,'xgboost hist' (comma-separated); prints, does not write")
    .option('--out <file>', 'also write the tables of this (possibly partial) run to this file')
    .action(async (o: { quick?: boolean; only?: string; libs?: string; out?: string }) => {
      const quick = o.quick === true || o.only !== undefined || o.libs !== undefined;
      const libs = o.libs?.split(',').map((x) => x.trim());
      const ws = (await workloads(o.quick === true))
        .filter((w) => o.only === undefined || w.name.includes(o.only))
        .map((w) => (libs ? { ...w, libs: w.libs.filter((l) => libs.includes(l)) } : w));
      const rows: { w: Workload; results: Map<Lib, PeerResult | { error: string }> }[] = [];
      const t0 = Date.now();
      const write = (rows: { w: Workload; results: Map<Lib, PeerResult | { error: string }> }[], partial: string): void => {
        const cpu = cpus()[0]?.model ?? 'unknown CPU';
        const meta = `${partial}Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu} (${cpus().length} cores, shared), Node ${process.version}, one thread everywhere except 'dt hist nJobs 2' (its worker thread started before the timed fits; CPU counts every thread of the process), uptime load average ${loadavg().map((x) => x.toFixed(1)).join(' / ')} at the end, ${((Date.now() - t0) / 1000).toFixed(0)} s in all. Every fit runs in a fresh process after three warm-up fits on a 2,000-row prefix (dt); fit CPU is the median of the repeats (3 for MAGIC and the 10k-row sets, 1 for the large ones) or, for the hot loop, the mean over 100 fits after 100 warm-up fits. With several repeats, dt's memory is measured in one more, untimed fit before the timed ones, because V8's forced GC (before a memory measurement) discards compiled code and the next fit compiles again. Fit peak MB: the first (or that) fit's peak resident memory above the resident memory right before it (after a GC), with the kernel's peak counter (VmHWM) reset just before the fit through /proc/self/clear_refs, in dt and in the Python peers alike. Fully grown Gini trees; XGBoost: one boosting round, \`tree_method: 'hist'\` (256 bins), lossguide without depth or leaf limit, learning rate 1, lambda 0, min_child_weight 0, its DMatrix built inside the timed fit.`;
        const md = render(rows, meta);
        if (o.out !== undefined) writeFileSync(o.out, md);
        if (quick) {
          if (partial === '') process.stdout.write(md);
          return;
        }
        if (!existsSync(RESULTS)) mkdirSync(RESULTS, { recursive: true });
        const path = join(RESULTS, 'hist.md');
        const previous = existsSync(path) ? readFileSync(path, 'utf8') : '';
        writeFileSync(path, mergeNotes(md, previous, 'hist'));
        console.error(`bench hist: wrote ${path}`);
      };
      for (const w of ws) {
        const dir = mkdtempSync(join(tmpdir(), 'dt-hist-'));
        try {
          const job = {
            X_train_path: writeBin(dir, 'Xtr.bin', w.Xtrain),
            y_train_path: writeBin(dir, 'ytr.bin', w.ytrain),
            X_test_path: writeBin(dir, 'Xte.bin', w.Xtest),
            y_test_path: writeBin(dir, 'yte.bin', w.ytest),
            n_features: w.d,
            x_dtype: w.Xtrain instanceof Uint8Array ? 'u1' : 'f8',
            repeats: w.repeats,
            hot_loop: w.hot,
          };
          const results = new Map<Lib, PeerResult | { error: string }>();
          for (const lib of w.libs) {
            const r = run(lib, job);
            if (lib === 'dt hist' && !('error' in r)) r.split = timeSplit(job, r.fit_cpu_s);
            results.set(lib, r);
            console.error(`bench hist: ${w.name} / ${lib}: ${'error' in r ? r.error : `${fmt(r.fit_cpu_s)} s CPU`}`);
          }
          rows.push({ w, results });
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
        // After every workload, so that a run stopped early still leaves what it measured.
        if (!quick && rows.length < ws.length) write(rows, `Partial run: ${rows.length} of ${ws.length} workloads so far. `);
      }
      write(rows, '');
    });
}

