/**
 * Mutating model files for the fuzz campaign: leaf paths of the JSON document, random edits at them,
 * a truncation or a byte-order mark. Shared by the dt model targets (targets.ts) and the foreign
 * model targets (exchange-targets.ts).
 */
import fc from 'fast-check';

const INTERESTING: unknown[] = [
  -1, 0, 1, 2, -0.022, 1.022, 0.5, 3, 7, 1e9, 1e308, -1e308, 2 ** 31, 2 ** 32, 2 ** 53, -(2 ** 31), 1.5, null, '', 'x', true, [], {}, [0], 'NaN',
];

type Path = (string | number)[];

function leafPaths(value: unknown, path: Path, out: Path[]): void {
  // Iterative (model files are shallow JSON, but no recursion over input depth anywhere).
  const stack: [unknown, Path][] = [[value, path]];
  while (stack.length > 0) {
    const [v, p] = stack.pop()!;
    out.push(p);
    if (Array.isArray(v)) v.forEach((x, i) => stack.push([x, [...p, i]]));
    else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) stack.push([x, [...p, k]]);
  }
}

/** One edit of a model file's JSON: set, delete, push or a number at a leaf path, a cut, or a BOM. */
export interface Mutation {
  at: number;
  kind: 'set' | 'delete' | 'push' | 'truncate' | 'bom' | 'number';
  value: unknown;
  num: number;
}

/** Random mutations, biased towards values that break loaders (limits, wrong types, NaN text). */
export const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('set', 'set', 'set', 'number', 'number', 'delete', 'push', 'truncate', 'bom'),
  value: fc.constantFrom(...INTERESTING),
  num: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: -5, max: 100 })),
});

/** Applies mutations to a model file's text; returns the mutated text. */
export function mutateModel(text: string, muts: readonly Mutation[]): string {
  let doc = JSON.parse(text) as unknown;
  let out: string | null = null;
  let bom = false;
  let truncateAt = -1;
  for (const m of muts) {
    if (m.kind === 'bom') {
      bom = true;
      continue;
    }
    if (m.kind === 'truncate') {
      truncateAt = m.at;
      continue;
    }
    const paths: Path[] = [];
    leafPaths(doc, [], paths);
    const p = paths[m.at % paths.length]!;
    if (p.length === 0) continue;
    let parent = doc as Record<string | number, unknown>;
    for (const k of p.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
    const key = p[p.length - 1]!;
    if (m.kind === 'delete') {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
    } else if (m.kind === 'push') {
      const target = parent[key];
      if (Array.isArray(target)) target.push(structuredClone(target.length > 0 ? target[target.length - 1] : m.value));
      else parent[key] = structuredClone(m.value);
    } else if (m.kind === 'number') parent[key] = m.num;
    // A copy: the generator hands every case the same [] and {} objects, which must not grow across cases.
    else parent[key] = structuredClone(m.value);
  }
  out = JSON.stringify(doc);
  if (truncateAt >= 0) out = out.slice(0, truncateAt % (out.length + 1));
  if (bom) out = `\ufeff${out}`;
  doc = null;
  return out;
}
