/**
 * Tidy tree layout (Reingold–Tilford style): every subtree is drawn as compactly as its contour
 * allows, a parent centred over its first and last child, identical subtrees drawn identically.
 * Iterative and linear: nodes are processed children-first from a topological list (no recursion
 * over depth — a 100,000-deep chain lays out fine), and each subtree keeps its left/right contour
 * per level in arrays stored deepest level first, so adding a parent is a push. Merging two
 * contours reuses the taller one's arrays and costs the shorter one's height: O(n) in all.
 */
import { InvalidArgumentError } from '@dt/errors';

/** A contour: extents (box edges) per level of a subtree, deepest level at index 0. */
interface Contour {
  left: number[];
  right: number[];
  /** Added to every stored value: shifting a whole contour is one addition. */
  off: number;
}

/**
 * Centre x of each node, for a forest of ordered trees given as parent-before-child lists:
 * `childStart`/`children` in CSR over node indices, every child index larger than its parent's,
 * node 0 the root. Without `widths`, neighbouring centres are at least `sep` apart and the leftmost
 * centre is at 0; with `widths` (one box width per node, so narrow leaves pack closer than wide
 * split boxes), neighbouring boxes are at least `sep` apart and the leftmost box edge is at 0.
 */
export function tidyLayout(n: number, childStart: Int32Array, children: Int32Array, sep: number, widths?: Float64Array): Float64Array {
  if (!(Number.isInteger(n) && n >= 0)) throw new InvalidArgumentError('n', 'a node count (an integer >= 0)', n);
  if (!(childStart instanceof Int32Array) || childStart.length < n + 1) throw new InvalidArgumentError('childStart', `an Int32Array of ${n + 1} offsets`, childStart);
  if (!(children instanceof Int32Array)) throw new InvalidArgumentError('children', 'an Int32Array of child ids', children);
  if (typeof sep !== 'number' || !Number.isFinite(sep)) throw new InvalidArgumentError('sep', 'a finite number', sep);
  if (widths !== undefined && !(widths instanceof Float64Array && widths.length >= n)) throw new InvalidArgumentError('widths', `a Float64Array of ${n} widths`, widths);
  const half = (v: number): number => (widths === undefined ? 0 : widths[v]! / 2);
  const rel = new Float64Array(n);
  const contours: (Contour | null)[] = new Array<Contour | null>(n).fill(null);
  for (let v = n - 1; v >= 0; v--) {
    const s = childStart[v]!;
    const e = childStart[v + 1]!;
    if (s === e) {
      contours[v] = { left: [-half(v)], right: [half(v)], off: 0 };
      continue;
    }
    // Children left to right; acc covers the ones placed so far, first child's centre at 0.
    const first = children[s]!;
    let acc = contours[first]!;
    contours[first] = null;
    rel[first] = 0;
    for (let k = s + 1; k < e; k++) {
      const c = children[k]!;
      const b = contours[c]!;
      contours[c] = null;
      const ha = acc.left.length;
      const hb = b.left.length;
      const m = Math.min(ha, hb);
      // Smallest position p of c's centre keeping every common level apart.
      let p = Number.NEGATIVE_INFINITY;
      for (let i = 1; i <= m; i++) p = Math.max(p, acc.right[ha - i]! + acc.off - (b.left[hb - i]! + b.off) + sep);
      rel[c] = p;
      if (ha >= hb) {
        for (let i = 1; i <= m; i++) acc.right[ha - i] = b.right[hb - i]! + b.off + p - acc.off;
      } else {
        const off = b.off + p;
        for (let i = 1; i <= m; i++) b.left[hb - i] = acc.left[ha - i]! + acc.off - off;
        b.off = off;
        acc = b;
      }
    }
    // Centre the parent over its first and last child.
    const mid = (rel[first]! + rel[children[e - 1]!]!) / 2;
    for (let k = s; k < e; k++) rel[children[k]!] = rel[children[k]!]! - mid;
    acc.off -= mid;
    acc.left.push(-acc.off - half(v));
    acc.right.push(-acc.off + half(v));
    contours[v] = acc;
  }
  // Absolute positions, parents first; then shift so the leftmost centre (box edge) is at 0.
  const x = new Float64Array(n);
  let min = Number.POSITIVE_INFINITY;
  for (let v = 0; v < n; v++) {
    for (let k = childStart[v]!; k < childStart[v + 1]!; k++) x[children[k]!] = x[v]! + rel[children[k]!]!;
    if (x[v]! - half(v) < min) min = x[v]! - half(v);
  }
  for (let v = 0; v < n; v++) x[v] = x[v]! - min;
  return x;
}
