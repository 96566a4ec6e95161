/**
 * Why does Decision Stream lose to CART on letter? Diagnosis behind apps/bench/results/stream.md:
 * test error split by whether a test row has an exact copy among the training rows, with the class
 * codes in random orders (the nonparametric tests compare codes as numbers), every-midpoint
 * candidates, no merging, compat 'reference', and CART at several depths. Same 80/20 split as
 * `bench stream`. Run from apps/bench:
 *   [DT_DATA_DIR=/path/to/datasets] npx tsx --conditions=@dt/source scripts/stream-diagnosis.ts letter-recognition.csv 0.1
 */
import { readFileSync } from 'node:fs';
import { DecisionTreeClassifier } from '@dt/core';
import { parseCsv } from '@dt/datasets';
import { takeLabels, takeRows, trainTestSplit } from '@dt/eval';
import { DecisionStreamClassifier } from '@dt/stream';
const file = process.argv[2] ?? 'letter-recognition.csv';
const dir = process.env.DT_DATA_DIR ?? new URL('../../../../shared/datasets', import.meta.url).pathname; // the repo's sibling, as bench
const ds = parseCsv(readFileSync(`${dir}/${file}`, 'utf8'), { name: file });
const y = (ds.y as (string | number)[]).map(String);
const s = trainTestSplit(y, { testSize: 0.2, stratify: true, seed: 0 });
type Dense = { data: Float64Array; rows: number; cols: number };
const Xtr = takeRows(ds.X, s.train) as Dense, Xte = takeRows(ds.X, s.test) as Dense;
const ytr = takeLabels(y, s.train) as string[], yte = takeLabels(y, s.test) as string[];
// test rows with an exact copy (features) in training
const key = (X: Dense, i: number) => Array.from(X.data.subarray(i * X.cols, (i + 1) * X.cols)).join(',');
const trainKeys = new Set(Array.from({ length: Xtr.rows }, (_, i) => key(Xtr, i)));
const dup = Array.from({ length: Xte.rows }, (_, i) => trainKeys.has(key(Xte, i)));
const err = (pred: string[], mask: (i: number) => boolean) => { let e = 0, n = 0; pred.forEach((p, i) => { if (mask(i)) { n++; if (p !== yte[i]) e++; } }); return (100 * e / n).toFixed(2); };
const report = (name: string, pred: string[], extra = '') => console.log(`${name}: test ${err(pred, () => true)} | no-copy ${err(pred, (i) => !dup[i])} | copy ${err(pred, (i) => dup[i]!)} ${extra}`);
console.log(`test rows with a training copy: ${dup.filter(Boolean).length} of ${dup.length}`);
const t0 = process.cpuUsage();
const cpu = () => { const c = process.cpuUsage(t0); return ((c.user + c.system) / 1e6).toFixed(1); };
const alpha = Number(process.argv[3] ?? 0.1);
const letters = [...new Set(ytr)].sort();
const run = (name: string, opts: Record<string, unknown>, relabel?: Map<string, string>) => {
  const yy = relabel ? ytr.map((v) => relabel.get(v)!) : ytr;
  const m = new DecisionStreamClassifier({ alpha, ...opts }).fit(Xtr, yy);
  let pred = m.predict(Xte) as string[];
  if (relabel) { const inv = new Map([...relabel].map(([a, b]) => [b, a])); pred = pred.map((p) => inv.get(p)!); }
  report(name, pred, `depth ${m.depth} leaves ${m.nLeaves} cpu ${cpu()}`);
};
run('DS default', {});
for (const seed of [1, 2, 3]) {
  // a random order of the 26 class codes
  const perm = [...letters];
  let r = seed * 9301 + 49297;
  for (let i = perm.length - 1; i > 0; i--) { r = (r * 9301 + 49297) % 233280; const j = Math.floor((r / 233280) * (i + 1)); [perm[i], perm[j]] = [perm[j]!, perm[i]!]; }
  run(`DS codes permuted ${seed}`, {}, new Map(letters.map((l, i) => [l, perm[i]!])));
}
run('DS exhaustive candidates', { candidates: 'exhaustive' });
run('DS no merge', { merge: false });
run('DS reference mode', { compat: 'reference' });
for (const d of [10, 15, 20, null]) {
  const c = new DecisionTreeClassifier({ criterion: 'entropy', maxDepth: d }).fit(Xtr, ytr);
  report(`CART entropy depth ${d}`, c.predict(Xte) as string[], `leaves ${c.nLeaves}`);
}
