import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mean, std } from './index.js';

describe('mean and std', () => {
  it('known values (std is the sample std, ddof = 1)', () => {
    expect(mean([2, 4, 4, 4, 5, 5, 7, 9])).toBe(5);
    expect(std([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7), 15);
    expect(std(Float64Array.of(1, 3))).toBeCloseTo(Math.SQRT2, 15);
    expect(std([4, 4, 4])).toBe(0);
  });

  it('std matches the naive definition and is shift invariant', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { minLength: 2, maxLength: 50 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }), (xs, shift) => {
        const m = xs.reduce((a, b) => a + b, 0) / xs.length;
        const naive = Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
        expect(Math.abs(std(xs) - naive)).toBeLessThanOrEqual(1e-9 * Math.max(1, naive));
        expect(Math.abs(std(xs.map((x) => x + shift)) - naive)).toBeLessThanOrEqual(1e-6 * Math.max(1, naive));
      }),
    );
  });

  it('rejects empty input, a single value for std, and non-finite values', () => {
    expect(() => mean([])).toThrow('values must be a non-empty array of numbers, got an array of length 0');
    expect(() => std([1])).toThrow('values must be at least 2 numbers for a sample standard deviation');
    expect(() => mean([1, Number.NaN])).toThrow('values[1] must be a finite number, got NaN');
    expect(() => std('12' as never)).toThrow('values must be an array or typed array of finite numbers');
  });
});
