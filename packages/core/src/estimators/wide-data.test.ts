import { afterEach, describe, expect, it } from 'vitest';
import { createRandom } from '@dt/errors';
import { createClassifier, listAlgorithms } from '../index.js';

const Original = globalThis.Float64Array;

afterEach(() => {
  globalThis.Float64Array = Original;
});

/** Runs fn with every `new Float64Array(...)` (and .from/.of) watched; returns the largest length made. */
function largestFloat64Allocation(fn: () => void): number {
  let largest = 0;
  globalThis.Float64Array = new Proxy(Original, {
    construct(target, args, newTarget) {
      const made = Reflect.construct(target, args, newTarget === globalThis.Float64Array ? target : newTarget) as Float64Array;
      if (made.length > largest) largest = made.length;
      return made;
    },
  });
  try {
    fn();
  } finally {
    globalThis.Float64Array = Original;
  }
  return largest;
}

describe('wide data (features ≫ rows)', () => {
  it('every named algorithm fits 30 rows × 3,000 features without a d × d allocation', () => {
    const n = 30;
    const d = 3000;
    const rng = createRandom(5);
    const X = new Float64Array(n * d);
    const y: number[] = [];
    for (let i = 0; i < n; i++) {
      y.push(i % 3);
      for (let f = 0; f < d; f++) X[i * d + f] = rng.next() * 2 - 1 + (f < 5 ? i % 3 : 0);
    }
    for (const name of listAlgorithms()) {
      let leaves = 0;
      const largest = largestFloat64Allocation(() => {
        leaves = createClassifier(name).fit({ data: X, rows: n, cols: d }, y).nLeaves;
      });
      expect(leaves, name).toBeGreaterThan(1);
      // d × d = 9,000,000 values; n × d = 90,000. Nothing may come near the former.
      expect(largest, name).toBeLessThan((d * d) / 16);
    }
  });
});
