/**
 * `bench exchange`: models trained in Python, run in JavaScript. Load time and single-thread predict
 * throughput of @dt/exchange against the origin library's own predict (LightGBM, XGBoost) and
 * onnxruntime-node, on one generated data set (rows × 28, made at bench time by
 * python/exchange_models.py and never committed): a 500-tree LightGBM binary model, a 500-tree XGBoost
 * binary:logistic model and a scikit-learn random forest exported to ONNX. Every timing is CPU and wall
 * with the load average beside it; dt's predict is split into the tree walk (raw scores) and the link.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { readModelFile } from '@dt/exchange/node';
import { cpuModel, today } from '../harness/provenance.js';
import { pipPython } from '../harness/python.js';

const PYTHON_ML = pipPython();
const PYTHON_XGB = process.env.DT_PYTHON_XGB ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
const SCRIPT = fileURLToPath(new URL('../../python/exchange_models.py', import.meta.url));
const FIXTURE_SCRIPT = fileURLToPath(new URL('../../../../packages/exchange/scripts/make-fixtures.py', import.meta.url));
const RESULTS = fileURLToPath(new URL('../../results/exchange.md', import.meta.url));
const F = 28;

interface Time {
  cpu: number;
  wall: number;
}

function timed<T>(fn: () => T): [T, Time] {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const r = fn();
  const c = process.cpuUsage(c0);
  return [r, { cpu: (c.user + c.system) / 1e6, wall: (performance.now() - w0) / 1000 }];
}

async function timedAsync<T>(fn: () => Promise<T>): Promise<[T, Time]> {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const r = await fn();
  const c = process.cpuUsage(c0);
  return [r, { cpu: (c.user + c.system) / 1e6, wall: (performance.now() - w0) / 1000 }];
}

function python(interpreter: string, job: Record<string, unknown>): Record<string, unknown> {
  const r = spawnSync(interpreter, [SCRIPT], { input: JSON.stringify(job), encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, OMP_NUM_THREADS: '1' } });
  if (r.status !== 0) throw new Error(`${interpreter} ${SCRIPT} failed: ${r.stderr || r.error?.message}`);
  const last = r.stdout.trim().split('\n').pop()!;
  return JSON.parse(last) as Record<string, unknown>;
}

const load = (): string => loadavg().map((v) => v.toFixed(1)).join(' ');
const rate = (rows: number, t: Time): string => `${Math.round(rows / t.cpu).toLocaleString('en-US')}`;
const s = (t: Time): string => `${t.cpu.toFixed(2)} / ${t.wall.toFixed(2)}`;

function maxRel(a: ArrayLike<number>, b: readonly number[]): number {
  let worst = 0;
  for (let i = 0; i < b.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!) / Math.max(Math.abs(b[i]!), 1e-300));
  return worst;
}

async function run(opts: { rows: string; trees: string; forestTrees: string }): Promise<void> {
  const rows = Number(opts.rows);
  const dir = join(tmpdir(), 'dt-bench-exchange');
  mkdirSync(dir, { recursive: true });
  const job = { dir, rows, trees: Number(opts.trees), forestTrees: Number(opts.forestTrees), fixtureScript: FIXTURE_SCRIPT };
  const loads: string[] = [`start ${load()}`];
  const py = python(PYTHON_ML, { ...job, part: 'lightgbm' });
  loads.push(`after LightGBM/scikit-learn ${load()}`);
  const pyx = python(PYTHON_XGB, { ...job, part: 'xgboost' });
  loads.push(`after XGBoost ${load()}`);
  const buf = readFileSync(join(dir, 'X.f64'));
  const data = new Float64Array(buf.buffer, buf.byteOffset, buf.byteLength / 8);
  const X = { data, rows: data.length / F, cols: F };
  const lines: string[] = [];
  const table: string[][] = [];
  for (const [name, file, peer, first] of [
    [`LightGBM binary (${opts.trees} trees, 31 leaves)`, 'lgb.txt', 'lgb', py.lgb_first],
    [`XGBoost binary:logistic (${opts.trees} trees, depth 6)`, 'xgb.json', 'xgb', pyx.xgb_first],
  ] as const) {
    const [model, tLoad] = await timedAsync(() => readModelFile(join(dir, file)));
    const [raw, tRaw] = timed(() => model.decisionFunction(X));
    const [proba, tProba] = timed(() => model.predictProba(X));
    void raw;
    const p1 = Array.from({ length: 1000 }, (_, r) => proba[2 * r + 1]!);
    const err = maxRel(p1, first as number[]);
    const peerLoad = py[`${peer}_load`] ?? pyx[`${peer}_load`];
    const peerPredict = (py[`${peer}_predict`] ?? pyx[`${peer}_predict`]) as Time;
    const dm = pyx.xgb_dmatrix as Time | undefined;
    table.push([name, 'dt', s(tLoad), s(tProba), rate(X.rows, tProba), `decisionFunction alone (the tree walk) ${s(tRaw)} s; max rel. diff. of the first 1,000 probabilities ${err.toExponential(1)}`]);
    table.push([name, peer === 'lgb' ? `LightGBM ${String(py.lightgbm)}` : `XGBoost ${String(pyx.xgboost)}`, s(peerLoad as Time), s(peerPredict), rate(X.rows, peerPredict), peer === 'xgb' && dm ? `+ DMatrix ${s(dm)} s (not in predict)` : 'numpy input']);
    loads.push(`after dt ${peer} ${load()}`);
  }
  // The scikit-learn forest through ONNX: dt (readOnnx) and onnxruntime-node, float32 input.
  const f32 = Float32Array.from(data);
  const Xf = { data: f32, rows: X.rows, cols: F };
  const [rfModel, tLoad] = await timedAsync(() => readModelFile(join(dir, 'rf.onnx')));
  const [rfProba, tProba] = timed(() => rfModel.predictProba(Xf));
  const ort = await import('onnxruntime-node');
  const bytes = readFileSync(join(dir, 'rf.onnx'));
  const [session, tOrtLoad] = await timedAsync(() => ort.InferenceSession.create(bytes, { intraOpNumThreads: 1, interOpNumThreads: 1 }));
  const [res, tOrt] = await timedAsync(() => session.run({ X: new ort.Tensor('float32', f32, [X.rows, F]) }));
  const ortP = (res.probabilities!.data as Float32Array).subarray(0, 2000);
  const err = maxRel(rfProba.subarray(0, 2000), Array.from(ortP));
  const sk = py.sklearn_predict as Time;
  table.push([`scikit-learn RF (${opts.forestTrees} trees, depth 12, ${String(py.rf_nodes)} nodes) via ONNX`, 'dt', s(tLoad), s(tProba), rate(X.rows, tProba), `max rel. diff. vs onnxruntime ${err.toExponential(1)}`]);
  table.push(['', 'onnxruntime-node 1.30', s(tOrtLoad), s(tOrt), rate(X.rows, tOrt), 'intraOpNumThreads 1']);
  table.push(['', `scikit-learn ${String(py.sklearn)} predict_proba`, '—', s(sk), rate(X.rows, sk), 'n_jobs 1']);
  loads.push(`end ${load()}`);
  lines.push(
    '# bench exchange: models trained in Python, run in JavaScript',
    '',
    `${today()}, ${cpuModel()}, one thread everywhere; ${X.rows.toLocaleString('en-US')} rows × ${F} features generated at bench time (apps/bench/python/exchange_models.py, seeded);`,
    `models trained on the first 100,000 rows. Times are CPU / wall seconds; rows/s from CPU time. Node ${process.version}.`,
    `Load average (1, 5, 15 min) through the run: ${loads.join('; ')}.`,
    '',
    '| model | runtime | load (s) | predict (s) | rows/s (CPU) | notes |',
    '|---|---|--:|--:|--:|---|',
    ...table.map((r) => `| ${r.join(' | ')} |`),
    '',
  );
  writeFileSync(RESULTS, `${lines.join('\n')}\n`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

export function exchangeCommand(): Command {
  return new Command('exchange')
    .description('load time and predict rows/s of imported LightGBM / XGBoost / ONNX models vs their libraries and onnxruntime-node')
    .option('--rows <n>', 'rows to predict', '1000000')
    .option('--trees <n>', 'boosting rounds of the LightGBM and XGBoost models', '500')
    .option('--forest-trees <n>', 'trees of the scikit-learn random forest', '100')
    .action(run);
}
