import { createRandom } from '@dt/errors';

/** Small seeded random classification data for tests: labels depend on the first features plus noise. */
export function randomClassification(
  n: number,
  d: number,
  nClasses: number,
  seed: number,
  { integerValues = false } = {},
): { X: number[][]; y: number[] } {
  const rng = createRandom(seed);
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    const row = Array.from({ length: d }, () => (integerValues ? rng.int(6) : Math.fround(rng.next() * 4 - 2)));
    const s = row[0]! + (d > 1 ? 0.5 * row[1]! : 0) + (rng.next() - 0.5);
    const c = Math.min(nClasses - 1, Math.max(0, Math.floor(((s + 3) / 6) * nClasses)));
    X.push(row);
    y.push(rng.next() < 0.1 ? rng.int(nClasses) : c);
  }
  return { X, y };
}

export function randomRegression(n: number, d: number, seed: number): { X: number[][]; y: number[] } {
  const rng = createRandom(seed);
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    const row = Array.from({ length: d }, () => Math.fround(rng.next() * 4 - 2));
    X.push(row);
    y.push(Math.sin(row[0]!) * 3 + (d > 1 ? row[1]! ** 2 : 0) + rng.next() * 0.3);
  }
  return { X, y };
}
