/**
 * One dt measurement for `bench boost`, in a fresh process. Job (JSON, argv[2]): { X_train_path,
 * y_train_path, X_test_path, y_test_path, n_features, iterations, leaves, learning_rate, bins }.
 * Prints one JSON line: fit CPU and wall seconds, test log-loss and accuracy, predict rows per CPU
 * second (after a warm-up call), and the fit's time split
 * by phase (the estimator's own clock per phase; "other" is the rest: input checks, baseline, trees).
 */
import { readFileSync } from 'node:fs';
import { HistGradientBoostingClassifier } from '@dt/boost';

interface Job {
  X_train_path: string;
  y_train_path: string;
  X_test_path: string;
  y_test_path: string;
  n_features: number;
  iterations: number;
  leaves: number;
  learning_rate: number;
  bins: number;
}

const job = JSON.parse(process.argv[2]!) as Job;
const f64 = (p: string): Float64Array => {
  const b = readFileSync(p);
  return new Float64Array(b.buffer, b.byteOffset, b.byteLength / 8);
};
const i32 = (p: string): Int32Array => {
  const b = readFileSync(p);
  return new Int32Array(b.buffer, b.byteOffset, b.byteLength / 4);
};
const d = job.n_features;
const Xtr = f64(job.X_train_path);
const ytr = i32(job.y_train_path);
const Xte = f64(job.X_test_path);
const yte = i32(job.y_test_path);
const m = new HistGradientBoostingClassifier({
  maxIter: job.iterations,
  maxLeafNodes: job.leaves,
  learningRate: job.learning_rate,
  maxBins: job.bins,
  earlyStopping: false,
});
m.timed = true;
const c0 = process.cpuUsage();
const w0 = performance.now();
m.fit({ data: Xtr, rows: ytr.length, cols: d }, ytr);
const wall = (performance.now() - w0) / 1000;
const c = process.cpuUsage(c0);
const cpu = (c.user + c.system) / 1e6;
const t = m.times!;
m.predictProba({ data: Xte.subarray(0, 100 * d), rows: 100, cols: d });
const p0 = process.cpuUsage();
const proba = m.predictProba({ data: Xte, rows: yte.length, cols: d });
const pc = process.cpuUsage(p0);
const predictS = (pc.user + pc.system) / 1e6;
let ll = 0;
let ok = 0;
for (let i = 0; i < yte.length; i++) {
  const p = Math.min(1 - 1e-15, Math.max(1e-15, proba[i]![1]!));
  ll -= yte[i] === 1 ? Math.log(p) : Math.log(1 - p);
  if ((p > 0.5 ? 1 : 0) === yte[i]) ok++;
}
const phases = {
  binning: t.binning / 1000,
  gradients: t.gradients / 1000,
  histograms: t.histograms / 1000,
  'split finding': t.splitFinding / 1000,
  partition: t.partition / 1000,
  'prediction update': t.predictionUpdate / 1000,
};
const named = Object.values(phases).reduce((a, b) => a + b, 0);
console.log(
  JSON.stringify({
    fit_cpu_s: cpu,
    fit_wall_s: wall,
    test_log_loss: ll / yte.length,
    test_accuracy: ok / yte.length,
    predict_rows_per_s: yte.length / predictS,
    split: { ...phases, other: Math.max(0, wall - named) },
  }),
);
