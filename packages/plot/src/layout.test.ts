import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layeredLayout } from './layered-layout.js';
import { tidyLayout } from './tidy-layout.js';

/** A random ordered tree as parent-before-child CSR: node v's parent is drawn from 0..v-1. */
const randomTree = fc.array(fc.nat(), { minLength: 0, maxLength: 60 }).map((picks) => {
  const n = picks.length + 1;
  const kids: number[][] = Array.from({ length: n }, () => []);
  picks.forEach((p, i) => kids[p % (i + 1)]!.push(i + 1));
  const childStart = new Int32Array(n + 1);
  const children: number[] = [];
  for (let v = 0; v < n; v++) {
    childStart[v] = children.length;
    children.push(...kids[v]!);
  }
  childStart[n] = children.length;
  return { n, childStart, children: Int32Array.from(children) };
});

describe('tidyLayout', () => {
  it('keeps nodes of one depth at least sep apart, in child order, with parents centred over their children', () => {
    fc.assert(
      fc.property(randomTree, ({ n, childStart, children }) => {
        const x = tidyLayout(n, childStart, children, 10);
        const depth = new Int32Array(n);
        for (let v = 0; v < n; v++) for (let k = childStart[v]!; k < childStart[v + 1]!; k++) depth[children[k]!] = depth[v]! + 1;
        // Brute force over all pairs at one depth.
        for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (depth[a] === depth[b]) expect(Math.abs(x[a]! - x[b]!)).toBeGreaterThanOrEqual(10 - 1e-9);
        for (let v = 0; v < n; v++) {
          const s = childStart[v]!;
          const e = childStart[v + 1]!;
          if (s === e) continue;
          for (let k = s + 1; k < e; k++) expect(x[children[k]!]!).toBeGreaterThan(x[children[k - 1]!]!);
          expect(x[v]!).toBeCloseTo((x[children[s]!]! + x[children[e - 1]!]!) / 2, 9);
        }
        expect(Math.min(...x)).toBe(0);
      }),
      { seed: 7, numRuns: 200 },
    );
  });

  it('with per-node widths, keeps the boxes of one depth at least sep apart (box edges), leftmost edge at 0', () => {
    const withWidths = fc.tuple(randomTree, fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 61, maxLength: 61 }));
    fc.assert(
      fc.property(withWidths, ([{ n, childStart, children }, ws]) => {
        const w = Float64Array.from(ws.slice(0, n));
        const x = tidyLayout(n, childStart, children, 3, w);
        const depth = new Int32Array(n);
        for (let v = 0; v < n; v++) for (let k = childStart[v]!; k < childStart[v + 1]!; k++) depth[children[k]!] = depth[v]! + 1;
        for (let a = 0; a < n; a++) {
          for (let b = a + 1; b < n; b++) if (depth[a] === depth[b]) expect(Math.abs(x[a]! - x[b]!)).toBeGreaterThanOrEqual((w[a]! + w[b]!) / 2 + 3 - 1e-9);
        }
        let min = Number.POSITIVE_INFINITY;
        for (let v = 0; v < n; v++) min = Math.min(min, x[v]! - w[v]! / 2);
        expect(min).toBeCloseTo(0, 9);
      }),
      { seed: 11, numRuns: 200 },
    );
  });
});

describe('layeredLayout', () => {
  it('puts every edge downwards and keeps the items of a layer (nodes and bends) apart', () => {
    const dag = fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 80 }).map((pairs) => {
      // Node v > 0 gets one parent below it (connected), plus extra edges a -> b with a < b.
      const n = Math.min(pairs.length + 1, 25);
      const edges: [number, number][] = [];
      for (let v = 1; v < n; v++) edges.push([pairs[v - 1]![0] % v, v]);
      for (const [a, b] of pairs) {
        const lo = a % n;
        const hi = b % n;
        if (lo < hi) edges.push([lo, hi]);
      }
      const unique = [...new Map(edges.map((e) => [`${e[0]},${e[1]}`, e])).values()].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
      return { n, from: Int32Array.from(unique, (e) => e[0]), to: Int32Array.from(unique, (e) => e[1]) };
    });
    fc.assert(
      fc.property(dag, ({ n, from, to }) => {
        const r = layeredLayout({ n, from, to, nodeWidth: 20, dummyWidth: 4, gap: 2 });
        const items: { x: number; w: number; layer: number }[] = [];
        for (let v = 0; v < n; v++) items.push({ x: r.x[v]!, w: 20, layer: r.layer[v]! });
        for (const b of r.bends) for (const p of b) items.push({ x: p.x, w: 4, layer: p.layer });
        for (let e = 0; e < from.length; e++) {
          expect(r.layer[to[e]!]!).toBeGreaterThan(r.layer[from[e]!]!);
          expect(r.bends[e]!.length).toBe(r.layer[to[e]!]! - r.layer[from[e]!]! - 1);
        }
        for (let i = 0; i < items.length; i++) {
          for (let j = i + 1; j < items.length; j++) {
            const a = items[i]!;
            const b = items[j]!;
            if (a.layer === b.layer) expect(Math.abs(a.x - b.x)).toBeGreaterThanOrEqual((a.w + b.w) / 2 + 2 - 1e-9);
          }
        }
        for (const it of items) expect(it.x - it.w / 2).toBeGreaterThanOrEqual(-1e-9);
      }),
      { seed: 7, numRuns: 150 },
    );
  });
});
