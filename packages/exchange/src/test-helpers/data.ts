/** Seeded synthetic rows for export tests: 5 features, NaN in feature 0, three classes and a target. */
import { createRandom } from '@dt/errors';

export function syntheticRows(n: number, seed: number): { X: number[][]; y3: number[]; yBin: string[]; target: number[] } {
  const rng = createRandom(seed);
  const X: number[][] = [];
  const y3: number[] = [];
  const yBin: string[] = [];
  const target: number[] = [];
  for (let i = 0; i < n; i++) {
    const row = Array.from({ length: 5 }, () => rng.next() * 4 - 2);
    if (rng.next() < 0.1) row[0] = Number.NaN;
    const s = (Number.isNaN(row[0]!) ? 1 : row[0]!) + row[1]! * row[2]! - 0.5 * row[3]! + (rng.next() - 0.5);
    X.push(row);
    y3.push(s < -0.7 ? 0 : s < 0.7 ? 1 : 2);
    yBin.push(s > 0 ? 'yes' : 'no');
    target.push(s * 3 + row[4]!);
  }
  return { X, y3, yBin, target };
}
