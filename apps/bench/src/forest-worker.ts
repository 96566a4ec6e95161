/**
 * One forest measurement for `bench forest`, in a fresh process. Job (JSON, argv[2]): { lib: 'dt' |
 * 'ml-random-forest', kind ('random-forest' or an algorithm name of algorithmForest), nEstimators,
 * nJobs, maxFeatures? (algorithm forests: features per tree), X_train_path, y_train_path,
 * X_test_path, y_test_path, X_pred_path, n_features, x_dtype: 'f8' | 'u1' }.
 * Prints one JSON line (see ForestWorkerResult). CPU is process.cpuUsage(): every thread of the
 * process, worker threads included.
 */
import { readFileSync } from 'node:fs';
import { algorithmForest, RandomForestClassifier, type AlgorithmForestClassifier, type MemberFeatures } from '@dt/ensemble';
import { fitForest } from '@dt/ensemble/node';
import { RandomForestClassifier as MlRandomForest } from 'ml-random-forest';

interface Job {
  lib: 'dt' | 'ml-random-forest';
  kind: string;
  nEstimators: number;
  nJobs: number;
  maxFeatures?: number | string | null;
  X_train_path: string;
  y_train_path: string;
  X_test_path: string;
  y_test_path: string;
  X_pred_path: string;
  n_features: number;
  x_dtype: 'f8' | 'u1';
  /** dt random forests: the members' splitter (default: the forest's default, 'hist'). */
  splitter?: 'hist' | 'best';
}

export interface ForestWorkerResult {
  fit_cpu_s: number;
  fit_wall_s: number;
  predict_cpu_s: number;
  predict_wall_s: number;
  predict_rows: number;
  test_accuracy: number;
  mean_leaves: number;
  mean_depth: number;
  /** dt random forests fitted in this thread: wall seconds in the members' fits (from the progress callback) vs the rest (input, labels, draws, OOB). */
  split?: { members_s: number; rest_s: number };
  /** Peak resident memory of the process (MB; data, worker threads included). */
  peak_rss_mb?: number;
  /** Library version (Python peers). */
  version?: string;
}

function readMatrix(path: string, dtype: 'f8' | 'u1', d: number): { data: Float64Array; rows: number; cols: number } {
  const b = readFileSync(path);
  const data = dtype === 'u1' ? Float64Array.from(new Uint8Array(b.buffer, b.byteOffset, b.byteLength)) : new Float64Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
  return { data, rows: data.length / d, cols: d };
}
function readLabels(path: string): Int32Array {
  const b = readFileSync(path);
  return new Int32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}
const cpuS = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const rowsOf = (m: { data: Float64Array; rows: number; cols: number }): number[][] =>
  Array.from({ length: m.rows }, (_, r) => Array.from(m.data.subarray(r * m.cols, r * m.cols + m.cols)));

async function main(): Promise<ForestWorkerResult> {
  const job = JSON.parse(process.argv[2]!) as Job;
  const d = job.n_features;
  const X = readMatrix(job.X_train_path, job.x_dtype, d);
  const y = readLabels(job.y_train_path);
  const Xt = readMatrix(job.X_test_path, job.x_dtype, d);
  const yt = readLabels(job.y_test_path);
  const Xp = readMatrix(job.X_pred_path, job.x_dtype, d);
  let predict: (m: { data: Float64Array; rows: number; cols: number }) => ArrayLike<number>;
  let leaves: number[] = [];
  let depths: number[] = [];
  let split: ForestWorkerResult['split'];
  const c0 = cpuS();
  const w0 = performance.now();
  if (job.lib === 'ml-random-forest') {
    // ml-random-forest: bootstrap rows per tree, all features (its maxFeatures is a per-tree subspace, not per node).
    const rf = new MlRandomForest({ nEstimators: job.nEstimators, seed: 1, useSampleBagging: true, replacement: true, maxFeatures: 1.0, noOOB: true });
    rf.train(rowsOf(X), Array.from(y));
    predict = (m) => rf.predict(rowsOf(m)) as number[];
  } else {
    const forest: RandomForestClassifier | AlgorithmForestClassifier =
      job.kind === 'random-forest'
        ? new RandomForestClassifier({ nEstimators: job.nEstimators, nJobs: job.nJobs, seed: 0, ...(job.splitter ? { splitter: job.splitter } : {}) })
        : algorithmForest(job.kind, { nEstimators: job.nEstimators, nJobs: job.nJobs, seed: 0, maxFeatures: (job.maxFeatures ?? null) as MemberFeatures });
    let members = 0;
    let last = performance.now();
    let first = 0;
    const onProgress = (done: number): void => {
      const now = performance.now();
      if (done === 1) first = now;
      else members += now - last;
      last = now;
    };
    if (job.nJobs > 1 && job.kind !== 'decision-stream') await fitForest(forest as RandomForestClassifier, X, y, { onProgress });
    else forest.fit(X, y, { onProgress });
    // The first member's time is estimated by the mean of the others (its start is not reported).
    if (job.nJobs === 1) {
      const n = job.nEstimators;
      const perMember = n > 1 ? members / (n - 1) : 0;
      const total = performance.now() - w0;
      split = { members_s: (members + perMember) / 1000, rest_s: (total - members - perMember) / 1000 };
      void first;
    }
    predict = (m) => forest.predictCodes(m);
    for (const t of forest.estimators as { nLeaves?: number; depth?: number }[]) {
      if (t.nLeaves !== undefined) leaves.push(t.nLeaves);
      if (t.depth !== undefined) depths.push(t.depth);
    }
  }
  const fit_wall_s = (performance.now() - w0) / 1000;
  const fit_cpu_s = cpuS() - c0;
  const pt = predict(Xt);
  let hit = 0;
  for (let i = 0; i < yt.length; i++) if (pt[i] === yt[i]) hit++;
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let k = 0; k < 3; k++) {
    const pc = cpuS();
    const pw = performance.now();
    predict(Xp);
    walls.push((performance.now() - pw) / 1000);
    cpus.push(cpuS() - pc);
  }
  const mean = (a: number[]): number => (a.length === 0 ? Number.NaN : a.reduce((s, v) => s + v, 0) / a.length);
  if (leaves.length === 0) leaves = [];
  if (depths.length === 0) depths = [];
  return {
    fit_cpu_s,
    fit_wall_s,
    predict_cpu_s: median(cpus),
    predict_wall_s: median(walls),
    predict_rows: Xp.rows,
    test_accuracy: hit / yt.length,
    mean_leaves: mean(leaves),
    mean_depth: mean(depths),
    ...(split ? { split } : {}),
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
  };
}

main().then(
  (r) => process.stdout.write(`${JSON.stringify(r)}\n`),
  (e: unknown) => {
    process.stderr.write(`forest-worker: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
