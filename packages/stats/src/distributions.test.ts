import { readFileSync } from 'node:fs';
import { InvalidArgumentError } from '@dt/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalCdf, normalQuantile, tCdf, tQuantile } from './index.js';

// scipy's and mpmath's (40 digits) answers, written by scripts/make-fixtures.py (tests never run Python).
type Row = [x: number, df: number | null, scipy: number, exact: number];
const fx = JSON.parse(readFileSync(new URL('../fixtures/distributions.json', import.meta.url), 'utf8')) as Record<
  'tCdf' | 'tQuantile' | 'normalCdf' | 'normalQuantile',
  Row[]
>;

const rel = (a: number, b: number) => (a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(b), 1e-300));

/**
 * Within 1e-12 relative of scipy; where scipy itself is further than that from the exact value
 * (its t.ppf is good to ~1e-9 only, and wrong beyond 1e-200: t.ppf(1e-300, 1) = -1e100), within
 * 1e-13 relative of the exact value instead.
 */
function check(name: keyof typeof fx, f: (x: number, df: number) => number) {
  it(`${name}: ${fx[name].length} points of scipy ${'{'}tails, df 1..1e6, non-integer df{'}'}`, () => {
    let scipyOff = 0;
    for (const [x, df, scipy, exact] of fx[name]) {
      const v = f(x, df ?? Infinity);
      const label = `${name}(${x}, ${df}) = ${v}, scipy ${scipy}, exact ${exact}`;
      if (exact === 0) expect(Math.abs(v), label).toBeLessThan(1e-300);
      else if (rel(scipy, exact) <= 1e-12) expect(rel(v, scipy), label).toBeLessThanOrEqual(1e-12);
      else {
        scipyOff++;
        expect(rel(v, exact), label).toBeLessThanOrEqual(1e-13);
      }
    }
    if (name === 'tCdf' || name.startsWith('normal')) expect(scipyOff).toBe(0);
  });
}

describe('against scipy fixtures', () => {
  check('tCdf', tCdf);
  check('tQuantile', tQuantile);
  check('normalCdf', (z) => normalCdf(z));
  check('normalQuantile', (p) => normalQuantile(p));
});

describe('properties', () => {
  it('quantile inverts cdf, and t is symmetric', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-250, max: 0.5, noNaN: true }),
        fc.double({ min: 0.05, max: 1e7, noNaN: true }),
        (p, df) => {
          const t = tQuantile(p, df);
          if (!Number.isFinite(t)) {
            // beyond the doubles (df = 0.05, p = 1e-250: |t| ~ 1e5000); the cdf must agree it is out there
            expect(tCdf(-Number.MAX_VALUE, df)).toBeGreaterThan(p);
            return;
          }
          expect(rel(tCdf(t, df), p)).toBeLessThan(1e-11);
          expect(tCdf(-t, df)).toBeCloseTo(1 - p, 14);
        },
      ),
      { seed: 15, numRuns: 300 },
    );
  });

  it('t approaches the normal as df grows; Infinity is the normal', () => {
    for (const z of [-8, -3, -1, 0.5, 2]) {
      // first-order expansion F(z) = Φ(z) − φ(z)(z³ + z)/(4ν) + O(ν⁻²)
      const first = normalCdf(z) - (Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI)) * ((z ** 3 + z) / 4e12);
      expect(rel(tCdf(z, 1e12), first)).toBeLessThan(1e-12);
      expect(tCdf(z, Infinity)).toBe(normalCdf(z));
    }
    expect(tQuantile(0.025, Infinity)).toBe(normalQuantile(0.025));
  });

  it('edges: ±Infinity, p = 0, ½, 1', () => {
    expect(tCdf(-Infinity, 3)).toBe(0);
    expect(tCdf(Infinity, 3)).toBe(1);
    expect(tCdf(0, 3)).toBe(0.5);
    expect(tQuantile(0, 3)).toBe(-Infinity);
    expect(tQuantile(1, 3)).toBe(Infinity);
    expect(tQuantile(0.5, 3)).toBe(0);
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalCdf(Infinity)).toBe(1);
  });

  it('bad arguments are typed errors naming the argument', () => {
    expect(() => tCdf(1, 0)).toThrow(InvalidArgumentError);
    expect(() => tCdf(1, Number.NaN)).toThrow(/df/);
    expect(() => tCdf(Number.NaN, 3)).toThrow(/\bt\b/);
    expect(() => tQuantile(1.5, 3)).toThrow(/\bp\b/);
    expect(() => normalQuantile(-0.1)).toThrow(/\bp\b/);
    expect(() => normalCdf(Number.NaN)).toThrow(/\bz\b/);
  });
});
