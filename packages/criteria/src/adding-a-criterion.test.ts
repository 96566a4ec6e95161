// The worked example of docs/adding-a-criterion.md, run for real. The two regions below must stay
// identical to the doc's code blocks (checked at the end of this file), so the doc cannot rot.

// #region hellinger.ts
import type { ClassificationCriterion, ClassificationScanInput, SplitResult } from './types.js';
import { isCandidate } from './tolerance.js';
import { BALANCE_TIE_TOLERANCE, SCORE_TIE_TOLERANCE, isBetterSplit } from './ties.js';
import { giniImpurity } from './gini.js';

// Scratch reused across scans, and the loop's outputs besides the position.
let leftBuf = new Float64Array(64);
let resultScore = 0;
let resultLeftWeight = 0;

/**
 * One-vs-rest Hellinger distance, after Cieslak & Chawla's HDDT. For each class k it compares how
 * the split divides class k (weight T) with how it divides the other classes (weight O):
 *   d_k = (√(kL/T) − √(oL/O))² + (√(kR/T) − √(oR/O))²,   score = max_k d_k, in [0, 2].
 * Class sizes cancel out, which makes it insensitive to class imbalance. Impurity: Gini.
 */
export const hellinger: ClassificationCriterion = Object.freeze({
  name: 'hellinger',
  task: 'classification' as const,
  scan: scanHellinger,
  impurity: giniImpurity,
});

function scanHellinger(input: ClassificationScanInput, out: SplitResult): boolean {
  if (input.n < 2) return false;
  if (leftBuf.length < input.nClasses) leftBuf = new Float64Array(input.nClasses);
  leftBuf.fill(0, 0, input.nClasses);
  const pos = hellingerLoop(input, leftBuf);
  if (pos < 0) return false;
  out.pos = pos;
  out.score = resultScore;
  out.leftWeight = resultLeftWeight;
  return true;
}

// The loop sits in its own function that ends in a bare return (see "Performance" in the doc).
function hellingerLoop(input: ClassificationScanInput, classLeft: Float64Array): number {
  const { n, values, labels, weights, counts, nClasses, classWeights, minSamplesLeaf } = input;
  const W = input.totalWeight;
  const N = input.totalCount;
  const minWeight = input.minWeightLeaf > 0 ? input.minWeightLeaf : Number.MIN_VALUE;
  const balanceTol = BALANCE_TIE_TOLERANCE * W;
  let wL = 0;
  let nL = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  let bestBalance = Number.POSITIVE_INFINITY;
  let bestPos = -1;
  let bestWL = 0;
  for (let i = 0; i < n - 1; i++) {
    const w = weights[i]!;
    classLeft[labels[i]!]! += w;
    wL += w;
    nL += counts === null ? 1 : counts[i]!;
    if (!isCandidate(values[i]!, values[i + 1]!, nL, wL, minSamplesLeaf, minWeight)) continue;
    const wR = W - wL;
    if (N - nL < minSamplesLeaf || wR < minWeight) break; // the right side only shrinks from here
    let score = 0;
    for (let k = 0; k < nClasses; k++) {
      const t = classWeights[k]!;
      const o = W - t;
      if (!(t > 0) || !(o > 0)) continue;
      const kL = classLeft[k]!;
      const oL = wL - kL;
      // max(0, ·) guards square roots against rounding just below zero.
      const dL = Math.sqrt(Math.max(0, kL / t)) - Math.sqrt(Math.max(0, oL / o));
      const dR = Math.sqrt(Math.max(0, (t - kL) / t)) - Math.sqrt(Math.max(0, (o - oL) / o));
      const d = dL * dL + dR * dR;
      if (d > score) score = d;
    }
    // The score is bounded by 2, so the tie tolerance is absolute.
    const balance = Math.abs(wL - wR);
    if (isBetterSplit(score, balance, bestScore, bestBalance, SCORE_TIE_TOLERANCE, balanceTol)) {
      bestScore = score;
      bestBalance = balance;
      bestPos = i + 1;
      bestWL = wL;
    }
  }
  resultScore = bestScore;
  resultLeftWeight = bestWL;
  return bestPos;
}
// #endregion

// #region hellinger.test.ts
import { describe, expect, it } from 'vitest';
import { checkClassificationCriterion, referenceGini } from './testing.js';
import type { ClassificationOracle } from './testing.js';

/** Brute force: class weights of both sides from scratch, then the formula as written. */
const hellingerOracle: ClassificationOracle = (input, pos) => {
  const left = new Float64Array(input.nClasses);
  const right = new Float64Array(input.nClasses);
  for (let i = 0; i < input.n; i++) {
    const side = i < pos ? left : right;
    side[input.labels[i]!]! += input.weights[i]!;
  }
  const wL = left.reduce((a, b) => a + b, 0);
  const wR = right.reduce((a, b) => a + b, 0);
  let best = 0;
  for (let k = 0; k < input.nClasses; k++) {
    const t = left[k]! + right[k]!;
    const o = wL + wR - t;
    if (t <= 0 || o <= 0) continue;
    const d =
      (Math.sqrt(left[k]! / t) - Math.sqrt((wL - left[k]!) / o)) ** 2 +
      (Math.sqrt(right[k]! / t) - Math.sqrt((wR - right[k]!) / o)) ** 2;
    best = Math.max(best, d);
  }
  return best;
};

describe('hellinger', () => {
  it('passes the conformance suite', () => {
    const report = checkClassificationCriterion(hellinger, { oracle: hellingerOracle, impurity: referenceGini });
    expect(report.ties).toBeGreaterThan(0);
  });

  it('separates two classes perfectly with the maximum score 2', () => {
    const out = { pos: -1, score: 0, leftWeight: 0 };
    const input = {
      n: 4, values: Float64Array.of(1, 2, 3, 4), labels: Int32Array.of(0, 0, 1, 1),
      weights: Float64Array.of(1, 1, 1, 1), counts: null, nClasses: 2,
      classWeights: Float64Array.of(2, 2), totalWeight: 4, totalCount: 4,
      minSamplesLeaf: 1, minWeightLeaf: 0,
    };
    expect(hellinger.scan(input, out)).toBe(true);
    expect(out).toEqual({ pos: 2, score: 2, leftWeight: 2 });
  });
});
// #endregion

// Doc sync and registration (not part of the doc's example).
import { readFileSync } from 'node:fs';
import { getCriterion, registerCriterion } from './registry.js';

describe('docs/adding-a-criterion.md', () => {
  const doc = readFileSync(new URL('../../../docs/adding-a-criterion.md', import.meta.url), 'utf8');
  const self = readFileSync(new URL(import.meta.url), 'utf8');
  const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const block = (path: string): string => {
    const b = blocks.find((x) => x.startsWith(`// ${path}\n`));
    if (b === undefined) throw new Error(`docs/adding-a-criterion.md has no \`\`\`ts block starting with // ${path}`);
    return b.slice(b.indexOf('\n') + 1);
  };
  const region = (name: string): string => {
    const m = self.match(new RegExp(`// #region ${name.replace('.', '\\.')}\\n([\\s\\S]*?)// #endregion`));
    if (m === null) throw new Error(`region ${name} not found`);
    return m[1]!;
  };

  it('shows the criterion exactly as tested here', () => {
    expect(block('packages/criteria/src/hellinger.ts')).toBe(region('hellinger.ts'));
  });

  it('shows the test exactly as run here (less the import of the criterion)', () => {
    const docTest = block('packages/criteria/src/hellinger.test.ts')
      .split('\n')
      .filter((line) => line !== "import { hellinger } from './hellinger.js';")
      .join('\n');
    expect(docTest).toBe(region('hellinger.test.ts'));
  });

  it('shows the real registry line', () => {
    const registry = readFileSync(new URL('./registry.ts', import.meta.url), 'utf8');
    const shown = block('packages/criteria/src/registry.ts (two lines to add)')
      .split('\n')
      .find((line) => line.startsWith('const BUILT_IN_CRITERIA'))!;
    const real = registry.split('\n').find((line) => line.startsWith('const BUILT_IN_CRITERIA'));
    // before the guide is followed, or after (the guide's e2e test applies it to a copy)
    expect([shown.replace(', hellinger]', ']'), shown]).toContain(real);
  });

  it('registers the example criterion from outside the package', () => {
    // under another name: after following the guide, 'hellinger' is a built-in already
    const outside = { ...hellinger, name: 'hellingerOutside' };
    registerCriterion(outside);
    expect(getCriterion('hellingerOutside', 'classification')).toBe(outside);
  });
});
