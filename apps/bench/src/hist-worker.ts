/**
 * One dt measurement for `bench hist`, in a fresh process. Job (JSON, argv[2]): { X_train_path,
 * y_train_path, X_test_path, y_test_path, n_features, x_dtype: 'f8' | 'u1', splitter, repeats,
 * hot_loop?, profile? }. Prints one JSON line: fit CPU/wall (median of repeats, or the mean of a hot
 * loop), accuracy, leaves, peak-RSS growth of the first fit, a fingerprint of the tree (equal
 * fingerprints = identical trees) and, with profile, the fit's CPU split by phase from a V8 CPU profile
 * of one more fit (binning / histograms / scans / partition / other).
 */
// Registers the oblique projections by name (opt-in in @dt/core since the light-install work).
import '@dt/core/oblique';
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { DecisionTreeClassifier, type Tree } from '@dt/core';
import { createHistogramWorkers, type HistogramWorkers } from '@dt/core/node';
import { startPeakMeasure } from './harness/memory.js';

interface Job {
  X_train_path: string;
  y_train_path: string;
  X_test_path: string;
  y_test_path: string;
  n_features: number;
  x_dtype: 'f8' | 'u1';
  splitter: 'best' | 'hist';
  /** Threads (nJobs) for 'hist'; the worker threads start before the timed fits. */
  jobs?: number;
  repeats: number;
  hot_loop?: number;
  profile?: boolean;
}

export type Phase = 'binning' | 'histograms' | 'scans' | 'partition' | 'other';

export interface HistWorkerResult {
  fit_cpu_s: number;
  fit_wall_s: number;
  test_accuracy: number;
  n_leaves: number;
  /**
   * Peak resident memory of the first fit above the resident memory right before it (after a GC):
   * the kernel's peak (VmHWM) is reset to the current RSS just before the fit (/proc/self/clear_refs),
   * so this is the fit's own peak growth, not hidden by a higher peak reached while loading.
   */
  fit_peak_rss_mb: number;
  /** Same as fit_peak_rss_mb (kept for the table's upper-bound column); NaN where the reset fails. */
  fit_rss_growth_mb: number;
  fingerprint: string;
  /** CPU seconds per phase of one profiled fit (profiling adds some overhead), or null. */
  split: Record<Phase, number> | null;
}

function view(path: string, dtype: 'f8' | 'u1' | 'i4'): Float64Array | Uint8Array | Int32Array {
  const b = readFileSync(path);
  if (dtype === 'u1') return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  const size = dtype === 'f8' ? 8 : 4;
  const buf = b.byteOffset % size === 0 ? b.buffer : b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
  const off = b.byteOffset % size === 0 ? b.byteOffset : 0;
  return dtype === 'f8' ? new Float64Array(buf, off, b.byteLength / 8) : new Int32Array(buf, off, b.byteLength / 4);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const cpuS = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** FNV-1a over the structure, features and thresholds: equal for identical trees. */
export function fingerprint(t: Tree): string {
  let h = 0x811c9dc5;
  const mix = (x: number) => {
    h ^= x;
    h = Math.imul(h, 0x01000193) >>> 0;
  };
  const n = t.nodeCount;
  const thr = new Uint32Array(new Float64Array(t.threshold.subarray(0, n)).buffer);
  for (let i = 0; i < n; i++) {
    mix(t.left[i]!);
    mix(t.feature[i]!);
    mix(thr[2 * i]!);
    mix(thr[2 * i + 1]!);
  }
  return `${n}:${h.toString(16)}`;
}

/** Which phase a profiled function belongs to (by file: the hist search has one file per part, search/hist/). */
export function phaseOf(functionName: string, url: string): Phase {
  // feature-index.ts: its small-integer test and binary search serve the binning of a hist fit.
  if (url.endsWith('/binning.ts') || url.endsWith('/feature-index.ts') || url.endsWith('/binned-dataset.ts')) return 'binning';
  if (url.endsWith('/histogram-gini.ts')) return 'scans';
  if (url.endsWith('/hist/histogram-builder.ts') || url.endsWith('/hist/histogram-pool.ts')) return 'histograms';
  // The partition's moves also build the smaller child's histogram blocks (the builder, above) and
  // subtract them from the parent's.
  if (url.endsWith('/hist/partition.ts')) return functionName === 'subtract' ? 'histograms' : 'partition';
  if (url.endsWith('/hist/histogram-scan.ts') || url.endsWith('/hist/thread-shares.ts') || url.endsWith('/histogram-axis.ts')) return 'scans';
  if (url.includes('/criteria/src/') || url.endsWith('/sort.ts') || url.endsWith('/splitter.ts')) return 'scans';
  return 'other';
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

async function profiledSplit(fit: () => void): Promise<Record<Phase, number>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  fit();
  const { profile } = (await session.post('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  session.disconnect();
  const phaseById = new Map(profile.nodes.map((n) => [n.id, phaseOf(n.callFrame.functionName, n.callFrame.url)]));
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const out: Record<Phase, number> = { binning: 0, histograms: 0, scans: 0, partition: 0, other: 0 };
  profile.samples.forEach((id, i) => {
    if (!idle.has(id)) out[phaseById.get(id) ?? 'other'] += profile.timeDeltas[i]! / 1e6;
  });
  return out;
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2]!) as Job;
  const d = job.n_features;
  const Xtr = view(job.X_train_path, job.x_dtype) as Float64Array | Uint8Array;
  const ytr = view(job.y_train_path, 'i4') as Int32Array;
  const Xte = view(job.X_test_path, job.x_dtype) as Float64Array | Uint8Array;
  const yte = view(job.y_test_path, 'i4') as Int32Array;
  const train = { data: Xtr, rows: ytr.length, cols: d };
  const jobs = job.jobs ?? 1;
  const workers: HistogramWorkers | null = jobs > 1 ? await createHistogramWorkers(jobs - 1) : null;
  const make = () => {
    const m = new DecisionTreeClassifier({ splitter: job.splitter, nJobs: jobs });
    return { fit: (X: typeof train, y: Int32Array) => m.fit(X, y, { workers }) };
  };
  // Warm-up on a prefix, so V8's compile time is not counted (as in `bench speed`).
  const pre = Math.min(ytr.length, 2000);
  for (let i = 0; i < 3; i++) make().fit({ data: Xtr.subarray(0, pre * d), rows: pre, cols: d }, ytr.subarray(0, pre));
  if (job.profile) {
    // Only the profile: one fit after the warm-up.
    const split = await profiledSplit(() => void make().fit(train, ytr));
    console.log(JSON.stringify({ fit_cpu_s: 0, fit_wall_s: 0, test_accuracy: 0, n_leaves: 0, fit_peak_rss_mb: 0, fit_rss_growth_mb: 0, fingerprint: '', split }));
    return;
  }
  const cpu: number[] = [];
  const wall: number[] = [];
  let peak = 0;
  let growth = 0;
  let model = new DecisionTreeClassifier();
  const hot = job.hot_loop ?? 0;
  if (hot > 0) {
    for (let i = 0; i < hot; i++) make().fit(train, ytr);
    const c0 = cpuS();
    const w0 = performance.now();
    for (let i = 0; i < hot; i++) model = make().fit(train, ytr);
    cpu.push((cpuS() - c0) / hot);
    wall.push((performance.now() - w0) / 1000 / hot);
  } else {
    // Memory is measured after a forced GC, and V8's forced (memory-reducing) GC discards optimised
    // code and type feedback: the fit after it compiles again (MAGIC: 0.24-0.33 s after gc() vs
    // 0.13-0.14 s without, the same tree). So with several repeats, memory gets a fit of its own and
    // the timed fits follow no forced GC; a single repeat (the large sets, where compiling is noise)
    // measures both in one fit.
    let peakOf: (() => number) | null = startPeakMeasure();
    if (job.repeats > 1) {
      make().fit(train, ytr);
      peak = peakOf();
      peakOf = null;
    }
    for (let r = 0; r < job.repeats; r++) {
      const c0 = cpuS();
      const w0 = performance.now();
      model = make().fit(train, ytr);
      cpu.push(cpuS() - c0);
      wall.push((performance.now() - w0) / 1000);
      if (peakOf !== null) {
        peak = peakOf();
        peakOf = null;
      }
    }
    growth = peak;
  }
  const pred = model.predict({ data: Xte, rows: yte.length, cols: d }) as number[];
  let correct = 0;
  for (let i = 0; i < pred.length; i++) if (pred[i] === yte[i]) correct++;
  const result: HistWorkerResult = {
    fit_cpu_s: median(cpu),
    fit_wall_s: median(wall),
    test_accuracy: correct / pred.length,
    n_leaves: model.nLeaves,
    fit_peak_rss_mb: peak,
    fit_rss_growth_mb: growth,
    fingerprint: fingerprint(model.tree),
    split: null,
  };
  console.log(JSON.stringify(result));
  process.exit(0);
}

if (process.argv[2] !== undefined) void main();
