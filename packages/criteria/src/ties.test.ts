import { describe, expect, it } from 'vitest';
import { isBetterCandidate, isBetterSplit } from './ties.js';
import { isCandidate, midpoint, valuesDiffer } from './tolerance.js';

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

describe('isBetterCandidate (the one tie rule between candidate splits)', () => {
  it('higher score wins beyond the tolerance, whatever the balance and index', () => {
    expect(isBetterCandidate(0.5, 9, 9, 0.4, 0, 0, 1, 10)).toBe(true);
    expect(isBetterCandidate(0.4, 0, 0, 0.5, 9, 9, 1, 10)).toBe(false);
  });
  it('scores within SCORE_TIE_TOLERANCE · max(impurity scale, |scores|) tie; then balance decides', () => {
    expect(isBetterCandidate(0.5 + 1e-13, 4, 3, 0.5, 2, 1, 1, 10)).toBe(false);
    expect(isBetterCandidate(0.5 - 1e-13, 2, 3, 0.5, 4, 1, 1, 10)).toBe(true);
    // The tolerance follows the scores' own magnitude (Max-Cut): 1e6 · 1e-11 = 1e-5.
    expect(isBetterCandidate(1e6 + 1e-6, 4, 0, 1e6, 2, 1, 1, 10)).toBe(false);
    expect(isBetterCandidate(1e6 + 1e-4, 4, 0, 1e6, 2, 1, 1, 10)).toBe(true);
  });
  it('equal score and balance: the lower candidate index wins', () => {
    expect(isBetterCandidate(0.5, 2, 1, 0.5, 2, 3, 1, 10)).toBe(true);
    expect(isBetterCandidate(0.5, 2, 3, 0.5, 2, 1, 1, 10)).toBe(false);
    expect(isBetterCandidate(0.5, 2 + 1e-12, 1, 0.5, 2, 3, 1, 10)).toBe(true);
  });
  it('anything beats nothing-found; NaN never wins', () => {
    expect(isBetterCandidate(0, 5, 7, Number.NEGATIVE_INFINITY, 0, -1, 1, 10)).toBe(true);
    expect(isBetterCandidate(Number.NaN, 0, 0, Number.NEGATIVE_INFINITY, 0, -1, 1, 10)).toBe(false);
  });
});

describe('tolerance', () => {
  it('valuesDiffer: absolute gap 1e-7 at every magnitude, midpoint strictly between', () => {
    expect(valuesDiffer(0, 5e-8)).toBe(false);
    expect(valuesDiffer(0, 2e-7)).toBe(true);
    expect(valuesDiffer(1e6, 1e6 + 0.05)).toBe(true);
    expect(valuesDiffer(1e6, 1e6 + 5e-8)).toBe(false);
    expect(valuesDiffer(12345678, 12345679)).toBe(true);
    expect(valuesDiffer(1.7e9, 1.7e9 + 1)).toBe(true);
    expect(valuesDiffer(-0, 0)).toBe(false);
    // Neighbouring floats whose midpoint rounds onto one of them are not separable.
    const a = 2 ** 60;
    const b = a + 2 ** 8;
    expect(b - a).toBeGreaterThan(1e-7);
    expect(valuesDiffer(a, b)).toBe(false);
    expect(valuesDiffer(a, b + 2 ** 8)).toBe(true);
  });
  it('isCandidate adds the leaf limits to valuesDiffer', () => {
    expect(isCandidate(0, 1, 1, 1, 1, 0)).toBe(true);
    expect(isCandidate(0, 1, 0, 1, 1, 0)).toBe(false);
    expect(isCandidate(0, 1, 1, 0.5, 1, 1)).toBe(false);
    expect(isCandidate(1, 1, 1, 1, 1, 0)).toBe(false);
  });
  it('midpoint lies in [a, b) for separated neighbours', () => {
    expect(midpoint(1, 2)).toBe(1.5);
    const a = 1;
    const b = 1 + 2 ** -52;
    expect(midpoint(a, b)).toBe(a);
    expect(midpoint(1e308, 1.7e308)).toBeLessThan(1.7e308);
  });
});
