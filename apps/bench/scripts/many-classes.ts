// Issue #12, many classes: fit CPU and memory for n rows × 2 uniform features × C classes (row i has class i % C).
// Usage: copy into <worktree>/apps/bench/src/ and run
//   /usr/bin/time -f "wall %e s, maxrss %M KB" npx tsx --conditions=@dt/source src/many-classes.ts 10000 10000 [criterion] [splitter]
import { DecisionTreeClassifier } from '@dt/core';
const n = Number(process.argv[2] ?? 10000), C = Number(process.argv[3] ?? 10000);
const crit = process.argv[4] ?? 'gini';
const splitter = process.argv[5] ?? 'best';
let s = 12345;
const rnd = () => { s = (s + 0x6d2b79f5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const X = Array.from({ length: n }, () => [rnd(), rnd()]);
const y = Array.from({ length: n }, (_, i) => i % C);
const c0 = process.cpuUsage();
const m = new DecisionTreeClassifier({ criterion: crit as never, splitter: splitter as never }).fit(X, y);
const c1 = process.cpuUsage(c0);
const p = m.predict(X.slice(0, 100));
const c2 = process.cpuUsage(c0);
console.log(JSON.stringify({ n, C, crit, splitter, nodes: m.nLeaves, fitCpuS: (c1.user + c1.system) / 1e6, predCpuS: (c2.user + c2.system - c1.user - c1.system) / 1e6, rssMB: process.memoryUsage().rss / 1e6, acc: p.filter((v, i) => v === y[i]).length }));
