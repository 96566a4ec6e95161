import { describe, expect, it } from 'vitest';
import { createRandom, shuffleInPlace } from './index.js';

describe('createRandom', () => {
  it('is deterministic per seed and differs across seeds', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const c = createRandom(43);
    const xa = Array.from({ length: 5 }, () => a.next());
    const xb = Array.from({ length: 5 }, () => b.next());
    const xc = Array.from({ length: 5 }, () => c.next());
    expect(xa).toEqual(xb);
    expect(xa).not.toEqual(xc);
  });
  it('draws uniform integers in range with roughly equal frequency', () => {
    const r = createRandom(1);
    const counts = new Array(7).fill(0) as number[];
    for (let i = 0; i < 70000; i++) counts[r.int(7)]!++;
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(500);
  });
  it('next() stays in [0, 1)', () => {
    const r = createRandom(7);
    for (let i = 0; i < 10000; i++) {
      const x = r.next();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
  it('shuffles into a permutation', () => {
    const arr = Int32Array.from({ length: 50 }, (_, i) => i);
    shuffleInPlace(arr, createRandom(3));
    expect(Array.from(arr).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(Array.from(arr)).not.toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});
