/**
 * `bench boost`: dt's HistGradientBoostingClassifier against LightGBM 4.7 (num_threads 1) and
 * scikit-learn 1.9.1's HistGradientBoostingClassifier (OMP_NUM_THREADS 1), on the same data, side by
 * side in one run, each fit in its own fresh process: 100 iterations, 31 leaves, learning rate 0.1,
 * 255 bins, early stopping off, binary makeClassification. Writes results/boost.md: fit CPU, ratios,
 * test log-loss, and the time split by phase, with the load average before and after.
 * The peers run in the Python virtualenv that holds them (`--python`, default harness/python.ts's pipPython()).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { makeClassification } from '@dt/datasets';
import { pipPython } from '../harness/python.js';

const BENCH_DIR = fileURLToPath(new URL('../..', import.meta.url));
const WORKER = fileURLToPath(new URL('../boost-worker.ts', import.meta.url));
const PEERS = fileURLToPath(new URL('../../python/boost_peers.py', import.meta.url));

type Lib = 'dt' | 'lightgbm' | 'sklearn';
interface Result {
  fit_cpu_s: number;
  fit_wall_s: number;
  test_log_loss: number;
  test_accuracy: number;
  version?: string;
  predict_rows_per_s?: number;
  split?: Record<string, number> | null;
}

function run(lib: Lib, job: Record<string, unknown>, python: string): Result | { error: string } {
  const opts = { encoding: 'utf8' as const, maxBuffer: 1 << 24 };
  const r =
    lib === 'dt'
      ? spawnSync(process.execPath, ['--conditions=@dt/source', '--import', 'tsx', WORKER, JSON.stringify(job)], { ...opts, cwd: BENCH_DIR })
      : spawnSync(python, [PEERS], { ...opts, input: JSON.stringify({ ...job, lib }), env: { ...process.env, OMP_NUM_THREADS: '1' } });
  if (r.status !== 0) return { error: (r.stderr || String(r.error)).trim().split('\n').slice(-3).join(' ') };
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Result;
}

const fmt = (v: number, digits = 2): string => v.toFixed(digits);

export function boostCommand(): Command {
  return new Command('boost')
    .description('histogram gradient boosting vs LightGBM and scikit-learn HGBT (1 thread)')
    .option('--rows <n>', 'training rows', '100000')
    .option('--features <d>', 'features', '28')
    .option('--python <path>', 'Python with lightgbm and scikit-learn (default: $DT_PYTHON, else the repository .venv, else python3)', pipPython())
    .option('--out <file>', 'markdown results', join(BENCH_DIR, 'results', 'boost.md'))
    .action((o: { rows: string; features: string; python: string; out: string }) => {
      const n = Number(o.rows);
      const d = Number(o.features);
      const nTest = 20_000;
      const data = makeClassification({ nSamples: n + nTest, nFeatures: d, nInformative: Math.min(d, 20), nRedundant: Math.min(4, d - Math.min(d, 20)), nClasses: 2, seed: 7 });
      const dir = mkdtempSync(join(tmpdir(), 'bench-boost-'));
      const X = data.X.data as Float64Array;
      const w = (name: string, a: Float64Array | Int32Array): string => {
        const p = join(dir, name);
        writeFileSync(p, new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
        return p;
      };
      const job = {
        X_train_path: w('Xtr', X.subarray(0, n * d)),
        y_train_path: w('ytr', data.y.subarray(0, n)),
        X_test_path: w('Xte', X.subarray(n * d)),
        y_test_path: w('yte', data.y.subarray(n)),
        n_features: d,
        iterations: 100,
        leaves: 31,
        learning_rate: 0.1,
        bins: 255,
      };
      const loadBefore = loadavg();
      const results = {} as Record<Lib, Result | { error: string }>;
      for (const lib of ['dt', 'lightgbm', 'sklearn'] as Lib[]) {
        console.error(`bench boost: ${lib} ...`);
        results[lib] = run(lib, job, o.python);
        console.error(JSON.stringify(results[lib]));
      }
      const loadAfter = loadavg();
      rmSync(dir, { recursive: true, force: true });
      const ok = (r: Result | { error: string }): r is Result => !('error' in r);
      const dt = results.dt;
      const lines: string[] = [];
      lines.push('# bench boost: histogram gradient boosting, 1 thread');
      lines.push('');
      lines.push(`Run ${new Date().toISOString()} on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores, shared), Node ${process.version}.`);
      lines.push(`Load average (1/5/15 min) before: ${loadBefore.map((v) => v.toFixed(2)).join(' / ')}; after: ${loadAfter.map((v) => v.toFixed(2)).join(' / ')}.`);
      lines.push('');
      lines.push(`Data: makeClassification ${n.toLocaleString('en')} × ${d} binary (seed 7), test ${nTest.toLocaleString('en')} rows. 100 iterations, 31 leaves, learning rate 0.1, 255 bins, min 20 samples per leaf, early stopping off; each fit in a fresh process; fit times include binning.`);
      lines.push('');
      lines.push('| library | fit CPU s | fit wall s | dt CPU ÷ this | test log-loss | test accuracy | predict rows / CPU s |');
      lines.push('|---|---|---|---|---|---|---|');
      for (const lib of ['dt', 'lightgbm', 'sklearn'] as Lib[]) {
        const r = results[lib];
        const name = lib === 'dt' ? 'dt @dt/boost' : lib === 'lightgbm' ? `LightGBM ${ok(r) ? r.version : ''}` : `scikit-learn HGBT ${ok(r) ? r.version : ''}`;
        if (!ok(r)) {
          lines.push(`| ${name} | failed: ${r.error} | | | | | |`);
          continue;
        }
        const ratio = ok(dt) ? fmt(dt.fit_cpu_s / r.fit_cpu_s) : '–';
        const rate = r.predict_rows_per_s === undefined ? '–' : Math.round(r.predict_rows_per_s).toLocaleString('en');
        lines.push(`| ${name} | ${fmt(r.fit_cpu_s)} | ${fmt(r.fit_wall_s)} | ${ratio}× | ${r.test_log_loss.toFixed(5)} | ${r.test_accuracy.toFixed(4)} | ${rate} |`);
      }
      const lg = results.lightgbm;
      const skl = results.sklearn;
      if (ok(dt) && ok(lg) && ok(skl)) {
        const verdict = (met: boolean): string => (met ? 'met' : 'missed');
        const rLg = dt.fit_cpu_s / lg.fit_cpu_s;
        const rSk = dt.fit_cpu_s / skl.fit_cpu_s;
        const dLoss = (dt.test_log_loss - lg.test_log_loss) / lg.test_log_loss;
        lines.push('');
        lines.push('## Goals (issue 27, measured here on 100k rows rather than 1M)');
        lines.push('');
        lines.push('| goal | measured | |');
        lines.push('|---|---|---|');
        lines.push(`| fit CPU ≤ 1.0× LightGBM's | ${fmt(rLg)}× | ${verdict(rLg <= 1)}${rLg > 1 ? ` by ${fmt(rLg)}×` : ''} |`);
        lines.push(`| fit CPU ≤ 0.5× scikit-learn HGBT's | ${fmt(rSk)}× | ${verdict(rSk <= 0.5)}${rSk > 0.5 ? ` by ${fmt(rSk / 0.5)}×` : ''} |`);
        lines.push(`| test log-loss within 0.5 % of LightGBM's | ${(100 * dLoss).toFixed(2)} % | ${verdict(dLoss <= 0.005)} |`);
        if (dt.predict_rows_per_s !== undefined && lg.predict_rows_per_s !== undefined) {
          const rp = dt.predict_rows_per_s / lg.predict_rows_per_s;
          lines.push(`| predict rows/s ≥ LightGBM's (1 thread) | ${fmt(rp)}× | ${verdict(rp >= 1)} |`);
        }
      }
      lines.push('');
      lines.push('## Time split of the fit (CPU seconds)');
      lines.push('');
      lines.push('| phase | dt | scikit-learn | dt ÷ scikit-learn |');
      lines.push('|---|---|---|---|');
      const sk = results.sklearn;
      // Phases are clocked in wall time; on a shared machine a process waits for a core evenly across
      // its phases, so each is scaled by the fit's CPU / wall.
      const cpuOf = (r: Result | { error: string }, ph: string): number | undefined =>
        ok(r) && r.split && r.split[ph] !== undefined ? (r.split[ph]! * r.fit_cpu_s) / r.fit_wall_s : undefined;
      for (const ph of ['binning', 'gradients', 'histograms', 'split finding', 'partition', 'prediction update', 'other']) {
        const a = cpuOf(dt, ph);
        const b = cpuOf(sk, ph);
        lines.push(`| ${ph} | ${a === undefined ? '–' : fmt(a, 3)} | ${b === undefined ? '–' : fmt(b, 3)} | ${a !== undefined && b !== undefined && b > 0 ? `${fmt(a / b)}×` : '–'} |`);
      }
      lines.push('');
      lines.push("Each phase is its wall time (dt: the estimator's own clock; scikit-learn: its verbose report, summed over trees; 'prediction update' is its 'predicting', the update of the training predictions) times the fit's CPU / wall. scikit-learn's gradients and bookkeeping are not reported separately.");
      lines.push('Predict: probabilities of the 20,000 test rows, 1 thread, CPU time after a warm-up call.');
      writeFileSync(o.out, lines.join('\n') + '\n');
      console.log(lines.join('\n'));
    });
}
