/**
 * Fits the oblique algorithms on a few datasets and prints, per fit, its CPU seconds and a SHA-256 of
 * the serialized model: run it before and after a speed change of the oblique path — the hashes must
 * agree (same trees). Usage (worktree root):
 *   npx tsx --conditions=@dt/source packages/core/scripts/oblique-fingerprints.ts [out.json] [--quick]
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createClassifier, serializeModel } from '../src/index.js';

const DATA = '/work/shared/datasets';

/** Numeric CSV, label in the last column, first `maxRows` rows (every other column must be a number). */
function load(name: string, maxRows: number): { X: number[][]; y: string[] } {
  const lines = readFileSync(`${DATA}/${name}.csv`, 'utf8').trim().split('\n').slice(1, maxRows + 1);
  const X: number[][] = [];
  const y: string[] = [];
  for (const line of lines) {
    const cells = line.split(',');
    y.push(cells.pop()!);
    X.push(cells.map(Number));
  }
  return { X, y };
}

const quick = process.argv.includes('--quick');
const out = process.argv.slice(2).find((a) => !a.startsWith('--'));
const runs: [string, number, string, Record<string, unknown>][] = [
  ['letter-recognition', quick ? 1500 : 4000, 'hhcart-d', {}],
  ['letter-recognition', quick ? 600 : 1500, 'hhcart-a', {}],
  ['shuttle-train', quick ? 3000 : 10000, 'hhcart-d', {}],
  ['shuttle-train', quick ? 1500 : 4000, 'hhcart-a', {}],
  ['wine', 178, 'hhcart-a', { scale: true }],
  ['glass', 214, 'hhcart-d', { scale: true }],
  ['pima-indians-diabetes', 768, 'hhcart-a', {}],
  ['pima-indians-diabetes', 768, 'gini-node-features-pca', {}],
  ['letter-recognition', 3000, 'maxcut-node-means-pca', {}],
  ['letter-recognition', 3000, 'gini-pre-pca', {}],
];
const result: Record<string, { cpuS: number; sha: string; nodes: number }> = {};
for (const [ds, rows, alg, opts] of runs) {
  const { X, y } = load(ds, rows);
  const t0 = process.cpuUsage();
  const m = createClassifier(alg, opts).fit(X, y);
  const t = process.cpuUsage(t0);
  const cpuS = (t.user + t.system) / 1e6;
  const sha = createHash('sha256').update(serializeModel(m)).digest('hex').slice(0, 16);
  const key = `${ds}:${rows}:${alg}${opts['scale'] ? ':scaled' : ''}`;
  result[key] = { cpuS, sha, nodes: m.nodeCount };
  console.log(`${key.padEnd(48)} ${cpuS.toFixed(2).padStart(8)} s  ${sha}  nodes=${m.nodeCount}`);
}
if (out) writeFileSync(out, JSON.stringify(result, null, 2));
