#!/usr/bin/env node
// Fails (exit 1) when source files import each other in a circle: every relative import and
// re-export of the TypeScript sources of packages/* and apps/* (type-only ones too: a type circle is
// still a design circle), as strongly connected components of the file graph (Tarjan, iterative).
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const files = [];
function walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) files.push(p);
  }
}
for (const top of ['packages', 'apps']) for (const pkg of readdirSync(join(root, top))) if (existsSync(join(root, top, pkg, 'src'))) walk(join(root, top, pkg, 'src'));

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]|(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g;
const index = new Map(files.map((f, i) => [f, i]));
const edges = files.map((f) => {
  const out = [];
  const text = readFileSync(f, 'utf8');
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    const base = resolve(dirname(f), spec).replace(/\.js$/, '');
    for (const cand of [base + '.ts', base + '.tsx', join(base, 'index.ts')]) {
      if (index.has(cand)) {
        out.push(index.get(cand));
        break;
      }
    }
  }
  return out;
});

// Tarjan's strongly connected components, iteratively.
const n = files.length;
const idx = new Int32Array(n).fill(-1);
const low = new Int32Array(n);
const onStack = new Uint8Array(n);
const stack = [];
const cycles = [];
let counter = 0;
for (let s = 0; s < n; s++) {
  if (idx[s] !== -1) continue;
  const work = [[s, 0]];
  idx[s] = low[s] = counter++;
  stack.push(s);
  onStack[s] = 1;
  while (work.length > 0) {
    const top = work[work.length - 1];
    const [v, i] = top;
    if (i < edges[v].length) {
      top[1]++;
      const w = edges[v][i];
      if (idx[w] === -1) {
        idx[w] = low[w] = counter++;
        stack.push(w);
        onStack[w] = 1;
        work.push([w, 0]);
      } else if (onStack[w]) low[v] = Math.min(low[v], idx[w]);
    } else {
      work.pop();
      if (work.length > 0) low[work[work.length - 1][0]] = Math.min(low[work[work.length - 1][0]], low[v]);
      if (low[v] === idx[v]) {
        const comp = [];
        let w;
        do {
          w = stack.pop();
          onStack[w] = 0;
          comp.push(w);
        } while (w !== v);
        if (comp.length > 1 || edges[v].includes(v)) cycles.push(comp.map((k) => relative(root, files[k])).sort());
      }
    }
  }
}
// Cycles known when this check was added, each to be removed (issue #26); the list may only shrink:
// a new cycle fails, and so does a listed one that is gone (delete its line).
const knownPath = join(root, 'tooling', 'known-cycles.json');
const known = existsSync(knownPath) ? JSON.parse(readFileSync(knownPath, 'utf8')).cycles.map((c) => c.join(' <-> ')) : [];
const found = cycles.map((c) => c.join(' <-> '));
const fresh = found.filter((c) => !known.includes(c));
const gone = known.filter((c) => !found.includes(c));
for (const c of fresh) console.error(`check-cycles: import cycle between source files: ${c}`);
for (const c of gone) console.error(`check-cycles: the known cycle ${c} is gone: delete it from tooling/known-cycles.json`);
if (fresh.length > 0 || gone.length > 0) process.exit(1);
console.log(`check-cycles: ${n} source files, no import cycles${known.length ? ` besides the ${known.length} known ones in tooling/known-cycles.json` : ''}`);
