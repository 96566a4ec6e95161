import { describe, expect, it } from 'vitest';
import { isBetterSplit } from './ties.js';
import { midpoint, valuesDiffer } from './tolerance.js';

describe('isBetterSplit', () => {
  it('prefers a higher score beyond the tolerance', () => {
    expect(isBetterSplit(1, 5, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, 1e-11, 1e-11)).toBe(true);
    expect(isBetterSplit(1.1, 5, 1, 0, 1e-11, 1e-11)).toBe(true);
    expect(isBetterSplit(0.9, 0, 1, 5, 1e-11, 1e-11)).toBe(false);
  });
  it('breaks score ties by balance, keeping the earlier split on equal balance', () => {
    expect(isBetterSplit(1 + 1e-13, 2, 1, 3, 1e-11, 1e-11)).toBe(true);
    expect(isBetterSplit(1 - 1e-13, 2, 1, 3, 1e-11, 1e-11)).toBe(true);
    expect(isBetterSplit(1, 3, 1, 3, 1e-11, 1e-11)).toBe(false);
    expect(isBetterSplit(1, 3 - 1e-13, 1, 3, 1e-11, 1e-11)).toBe(false);
  });
  it('never lets NaN win', () => {
    expect(isBetterSplit(Number.NaN, 0, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, 0, 0)).toBe(false);
  });
});

describe('tolerance', () => {
  it('valuesDiffer is relative above 1 and absolute below', () => {
    expect(valuesDiffer(0, 5e-8)).toBe(false);
    expect(valuesDiffer(0, 2e-7)).toBe(true);
    expect(valuesDiffer(1e6, 1e6 + 0.05)).toBe(false);
    expect(valuesDiffer(1e6, 1e6 + 0.2)).toBe(true);
    expect(valuesDiffer(-0, 0)).toBe(false);
  });
  it('midpoint lies in [a, b) for separated neighbours', () => {
    expect(midpoint(1, 2)).toBe(1.5);
    const a = 1;
    const b = 1 + 2 ** -52;
    expect(midpoint(a, b)).toBe(a);
    expect(midpoint(1e308, 1.7e308)).toBeLessThan(1.7e308);
  });
});
