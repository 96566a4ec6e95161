/**
 * One speed measurement in a fresh process, so each library's peak memory and JIT state are its
 * own. Job (JSON, argv[2]): { lib: 'dt' | 'dt-hist' | 'ml-cart', X_train_path, y_train_path, X_test_path,
 * y_test_path, n_features, repeats }. Prints one JSON line with fit/predict times, accuracy, leaves
 * and the peak resident-memory growth during the fit.
 */
import { readFileSync } from 'node:fs';
import { DecisionTreeClassifier } from '@dt/core';
import { createHistogramWorkers } from '@dt/core/node';
import { measure } from '@dt/eval';
import { DecisionTreeClassifier as MlCart } from 'ml-cart';
import { startPeakMeasure } from './harness/memory.js';
import { cpuSeconds, wallSeconds } from './harness/timing.js';

interface Job {
  /** dt-hist: dt with splitter 'hist'. */
  lib: 'dt' | 'dt-hist' | 'ml-cart';
  X_train_path: string;
  y_train_path: string;
  X_test_path: string;
  y_test_path: string;
  n_features: number;
  repeats: number;
  /** Threads (nJobs) for dt-hist; its worker threads start before the warm-up. */
  jobs?: number;
}

export interface WorkerResult {
  fit_wall_s: number;
  fit_cpu_s: number;
  predict_wall_s: number;
  test_accuracy: number;
  n_leaves: number | null;
  /** Peak resident memory of the first fit above the resident memory right before it, MiB (harness/memory.ts). */
  fit_peak_rss_mb: number;
  /** Peak RSS of the whole process, MiB. */
  peak_rss_mb: number;
}

// View the file's bytes in place when aligned: a copy would raise the peak RSS before the fit
// and hide the fit's own memory growth.
function f64(path: string): Float64Array {
  const b = readFileSync(path);
  return b.byteOffset % 8 === 0 ? new Float64Array(b.buffer, b.byteOffset, b.byteLength / 8) : new Float64Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}
function i32(path: string): Int32Array {
  const b = readFileSync(path);
  return b.byteOffset % 4 === 0 ? new Int32Array(b.buffer, b.byteOffset, b.byteLength / 4) : new Int32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}
/** Warm-up fits on the prefix before the measured ones. */
const WARMUP_FITS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const maxRssMb = () => process.resourceUsage().maxRSS / 1024;

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2]!) as Job;
  const d = job.n_features;
  const Xtr = f64(job.X_train_path);
  const ytr = i32(job.y_train_path);
  const Xte = f64(job.X_test_path);
  const yte = i32(job.y_test_path);
  const train = { data: Xtr, rows: ytr.length, cols: d };
  const test = { data: Xte, rows: yte.length, cols: d };
  // ml-cart takes arrays of rows (or an ml-matrix Matrix); built before timing, as a user would have them.
  const rows = (X: Float64Array, n: number) => Array.from({ length: n }, (_, i) => Array.from(X.subarray(i * d, i * d + d)));
  const mlTrain = job.lib === 'ml-cart' ? rows(Xtr, ytr.length) : null;
  const mlTest = job.lib === 'ml-cart' ? rows(Xte, yte.length) : null;
  const mlLabels = job.lib === 'ml-cart' ? Array.from(ytr) : null;

  // Warm the JIT on a small prefix first: we measure steady-state speed, not V8's compile time.
  // One fit is not enough: V8 tiers hot functions up over the next calls and compiles on
  // background threads, whose CPU time process.cpuUsage() counts. Three fits reach steady state
  // (1,000 × 10: 128, 79, 18, 14, 14 ms for fits 1–5 in a fresh process).
  const isDt = job.lib === 'dt' || job.lib === 'dt-hist';
  const dtOptions = { criterion: 'gini', splitter: job.lib === 'dt-hist' ? ('hist' as const) : ('best' as const) };
  const workers = job.lib === 'dt-hist' && (job.jobs ?? 1) > 1 ? await createHistogramWorkers(job.jobs! - 1) : null;
  const nw = Math.min(ytr.length, isDt ? 2000 : 200);
  for (let k = 0; k < WARMUP_FITS; k++) {
    if (isDt) new DecisionTreeClassifier(dtOptions).fit({ data: Xtr.subarray(0, nw * d), rows: nw, cols: d }, ytr.subarray(0, nw), { workers }).predictCodes(test);
    else new MlCart({ gainFunction: 'gini', gainThreshold: 0, minNumSamples: 1 }).train(mlTrain!.slice(0, nw), mlLabels!.slice(0, nw));
  }

  const wall: number[] = [];
  const cpu: number[] = [];
  let fitPeak = 0;
  let predictOne: () => ArrayLike<number>;
  let leaves: number | null = null;
  for (let r = 0; r < job.repeats; r++) {
    // Memory in the first repeat only: its forced GC discards V8's compiled code and type feedback,
    // so the fit after it compiles again (see hist-worker.ts); the later repeats follow no forced GC.
    const peakOf = r === 0 ? startPeakMeasure() : null;
    const fit = measure((): { predict: () => ArrayLike<number>; leaves: number | null } => {
      if (isDt) {
        const m = new DecisionTreeClassifier(dtOptions).fit(train, ytr, { workers });
        return { predict: () => m.predictCodes(test), leaves: m.nLeaves };
      }
      // Fully grown like the others: no gain threshold, leaves down to one sample.
      const m = new MlCart({ gainFunction: 'gini', gainThreshold: 0, minNumSamples: 1 });
      m.train(mlTrain!, mlLabels!);
      return { predict: () => m.predict(mlTest!) as number[], leaves: null };
    });
    wall.push(wallSeconds(fit));
    cpu.push(cpuSeconds(fit));
    predictOne = fit.result.predict;
    leaves = fit.result.leaves;
    if (peakOf !== null) fitPeak = peakOf();
  }
  // Predict: the median of three calls (the first call on a new model also pays V8's warm-up).
  const predictTimes: number[] = [];
  let pred: ArrayLike<number> = [];
  for (let r = 0; r < 3; r++) {
    const t = measure(predictOne!);
    pred = t.result;
    predictTimes.push(wallSeconds(t));
  }
  const predictWall = median(predictTimes);
  let ok = 0;
  for (let i = 0; i < yte.length; i++) if (pred[i] === yte[i]) ok++;
  const out: WorkerResult = {
    fit_wall_s: median(wall),
    fit_cpu_s: median(cpu),
    predict_wall_s: predictWall,
    test_accuracy: ok / yte.length,
    n_leaves: leaves,
    fit_peak_rss_mb: fitPeak,
    peak_rss_mb: maxRssMb(),
  };
  console.log(JSON.stringify(out));
}

void main();
