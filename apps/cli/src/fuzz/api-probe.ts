/**
 * The API-boundary probe: every public export of every library package, called with wrong-typed
 * arguments (null, undefined, numbers for arrays, strings, objects, Symbols, BigInts, functions,
 * proxies whose traps throw, objects whose getters throw), and every estimator option set to each.
 * The answer must be a DtError (InvalidArgumentError naming the argument), the probe's own error
 * passed through (a throwing getter or trap is the caller's code), or a return; a raw TypeError,
 * RangeError or any other exception is a finding.
 */
import * as boost from '@dt/boost';
import * as core from '@dt/core';
import * as criteria from '@dt/criteria';
import * as datasets from '@dt/datasets';
import * as ensemble from '@dt/ensemble';
import * as errors from '@dt/errors';
import * as evaluation from '@dt/eval';
import * as exchange from '@dt/exchange';
import * as explain from '@dt/explain';
import * as plot from '@dt/plot';
import * as projections from '@dt/projections';
import * as prune from '@dt/prune';
import * as stats from '@dt/stats';
import * as stream from '@dt/stream';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { DtError } from '@dt/errors';

/** The caller's own error (a throwing getter or proxy trap): passing it through is correct. */
export class ProbeSentinel extends Error {
  override name = 'ProbeSentinel';
}

function throwingProxy(): object {
  const trap = (): never => {
    throw new ProbeSentinel('trap');
  };
  return new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap, apply: trap, set: trap });
}

/** The hostile values, each with a label for the report. */
export function hostileValues(): { label: string; value: unknown }[] {
  const getter = {};
  Object.defineProperty(getter, 'length', { get: () => { throw new ProbeSentinel('getter'); }, enumerable: true });
  const throwingGetters = new Proxy({}, { get: () => { throw new ProbeSentinel('getter'); } });
  return [
    { label: 'null', value: null },
    { label: 'undefined', value: undefined },
    { label: '42', value: 42 },
    { label: 'NaN', value: Number.NaN },
    { label: '-1', value: -1 },
    { label: "'text'", value: 'text' },
    { label: '{}', value: {} },
    { label: '[]', value: [] },
    { label: '[null]', value: [null] },
    { label: "[['a']]", value: [['a']] },
    { label: 'Symbol()', value: Symbol('probe') },
    { label: '1n', value: 1n },
    { label: 'function', value: () => 1 },
    { label: 'throwing proxy', value: throwingProxy() },
    { label: 'throwing getter', value: getter },
    { label: 'proxy getter', value: throwingGetters },
    { label: 'Object.create(null)', value: Object.create(null) },
    { label: 'Map', value: new Map() },
    { label: 'DataView', value: new DataView(new ArrayBuffer(8)) },
  ];
}

export const PACKAGES: Record<string, Record<string, unknown>> = {
  '@dt/boost': boost,
  '@dt/core': core,
  '@dt/criteria': criteria,
  '@dt/datasets': datasets,
  '@dt/ensemble': ensemble,
  '@dt/errors': errors,
  '@dt/eval': evaluation,
  '@dt/exchange': exchange,
  '@dt/explain': explain,
  '@dt/plot': plot,
  '@dt/projections': projections,
  '@dt/prune': prune,
  '@dt/stats': stats,
  '@dt/stream': stream,
};

/**
 * Kernels: exports whose callers are split searches and builders (per threshold, per node, per row
 * batch), typed and unchecked on purpose — a check per call would cost in the hot loops, and their
 * arguments come from dt's own arrays. The data boundary is the estimators, loaders and exporters
 * that feed them. Each entry is `package.export`.
 */
export const KERNELS = new Set([
  // Per-threshold comparisons of the split scans.
  '@dt/criteria.valuesDiffer',
  '@dt/criteria.isCandidate',
  '@dt/criteria.midpoint',
  '@dt/criteria.isBetterSplit',
  '@dt/criteria.isBetterCandidate',
  '@dt/criteria.impurityScale',
  '@dt/criteria.tieScaleOf',
  // The flat typed-array tree the builders write node by node and predict walks.
  '@dt/core.Tree',
  // Helpers of the option validators whose lists (known keys, allowed values, known names) are dt's own tables.
  '@dt/errors.closestName',
  '@dt/errors.knownKeys',
  '@dt/errors.oneOf',
  // A node's projection directions, read per candidate direction by the oblique searches.
  '@dt/projections.directionCount',
  '@dt/projections.directionWeights',
  '@dt/projections.denseDirections',
]);

export interface ProbeFinding {
  call: string;
  error: string;
}

function isClass(f: unknown): f is new (...a: unknown[]) => unknown {
  return typeof f === 'function' && /^class\b/.test(Function.prototype.toString.call(f));
}

/** Outcome of one call: null when acceptable, else the finding text. */
async function attempt(fn: () => unknown): Promise<string | null> {
  try {
    const r = fn();
    if (r instanceof Promise) await r;
    return null;
  } catch (e) {
    if (e instanceof DtError || e instanceof ProbeSentinel) return null;
    return e instanceof Error ? `${e.name}: ${e.message.split('\n')[0]}` : `threw ${String(e)}`;
  }
}

const X = [[0, 1], [1, 0], [2, 2], [3, 1], [4, 0], [5, 2]];
const YC = ['a', 'b', 'a', 'b', 'a', 'b'];
const YR = [0.5, 1, 1.5, 2, 2.5, 3];

/**
 * Methods that are not public API, as `Class.method`: declared `private` or `protected` (TypeScript
 * erases the modifiers, so the sources say which they are; parsed, not type-checked).
 * Also the abstract classes, which users do not construct.
 */
function nonPublicMethods(): Set<string> {
  const root = fileURLToPath(new URL('../../../../packages/', import.meta.url));
  const hidden = new Set<string>();
  const abstract = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node)) {
      if (node.name && node.modifiers?.some((m) => m.kind === ts.SyntaxKind.AbstractKeyword)) abstract.add(node.name.text);
      for (const m of node.members) {
        if (!ts.isMethodDeclaration(m) || m.name === undefined) continue;
        const name = ts.isIdentifier(m.name) ? m.name.text : ts.isPrivateIdentifier(m.name) ? null : null;
        if (name === null) continue;
        const flags = ts.getCombinedModifierFlags(m);
        if (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) hidden.add(`${node.name?.text}.${name}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'dist') walk(p);
      } else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts')) {
        visit(ts.createSourceFile(p, readFileSync(p, 'utf8'), ts.ScriptTarget.Latest, false));
      }
    }
  };
  walk(root);
  ABSTRACT = abstract;
  return hidden;
}

let SKIP_METHODS: Set<string> | null = null;
/** Abstract classes (bases of the estimators): not constructed by users, so not probed. */
let ABSTRACT = new Set<string>();

function methodNames(o: object): string[] {
  SKIP_METHODS ??= nonPublicMethods();
  const names = new Set<string>();
  for (let p = Object.getPrototypeOf(o); p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const k of Object.getOwnPropertyNames(p)) {
      if (SKIP_METHODS.has(`${(p as { constructor: { name: string } }).constructor.name}.${k}`) || ['constructor', 'toJSON', 'toString'].includes(k) || k.startsWith('_')) continue;
      const d = Object.getOwnPropertyDescriptor(p, k);
      if (d && typeof d.value === 'function') names.add(k);
    }
  }
  return [...names];
}

/** Runs the probe; `only` limits it to exports whose `pkg.name` contains the text. */
export async function probeApi(only = '', onSlow?: (call: string, ms: number) => void, slowMs = 200): Promise<{ calls: number; findings: ProbeFinding[] }> {
  const findings: ProbeFinding[] = [];
  let calls = 0;
  const seen = new Set<string>();
  const check = async (call: string, fn: () => unknown): Promise<void> => {
    calls++;
    if (slowMs < 0) onSlow?.(call, -1);
    const t0 = performance.now();
    const bad = await attempt(fn);
    const ms = performance.now() - t0;
    if (ms > slowMs) onSlow?.(call, ms);
    if (bad !== null) {
      const key = `${call.replace(/\(.*$/, '')}|${bad.replace(/[\d.e+-]+/g, '#')}`;
      if (!seen.has(key)) {
        seen.add(key);
        findings.push({ call, error: bad });
      }
    }
  };
  const hostile = hostileValues();
  for (const [pkg, mod] of Object.entries(PACKAGES)) {
    for (const [name, value] of Object.entries(mod)) {
      const where = `${pkg}.${name}`;
      if (only !== '' && !where.includes(only)) continue;
      if (typeof value !== 'function' || KERNELS.has(where)) continue;
      if (isClass(value)) {
        SKIP_METHODS ??= nonPublicMethods();
        if (ABSTRACT.has(name)) continue;
        // Error classes take dt's own message parts (InvalidArgumentError's value is described by describeValue, tested in @dt/errors).
        if (value === DtError || value.prototype instanceof DtError) continue;
        const C = value;
        for (const h of hostile) await check(`new ${where}(${h.label})`, () => (pkg === '@dt/errors' ? new C('x', h.value) : new C(h.value)));
        // Methods of an unfitted and a fitted instance.
        let inst: object | null = null;
        try {
          inst = new C() as object;
        } catch {
          inst = null;
        }
        if (inst === null) continue;
        for (const m of methodNames(inst)) {
          for (const h of hostile) {
            const fresh = (): Record<string, (...a: unknown[]) => unknown> => new C() as Record<string, (...a: unknown[]) => unknown>;
            await check(`${where}#${m}(${h.label})`, () => fresh()[m]!(h.value));
            await check(`${where}#${m}(X, ${h.label})`, () => fresh()[m]!(X, h.value));
          }
        }
        if (typeof (inst as { fit?: unknown }).fit === 'function') {
          let fitted: Record<string, (...a: unknown[]) => unknown> | null = null;
          for (const y of [YC, YR]) {
            try {
              const e = new C() as Record<string, (...a: unknown[]) => unknown>;
              const r = e.fit!(X, y);
              if (r instanceof Promise) await r;
              fitted = e;
              break;
            } catch {
              // not this task
            }
          }
          if (fitted !== null) {
            const f = fitted;
            for (const m of methodNames(f)) {
              if (m === 'fit' || m === 'partialFit') continue;
              for (const h of hostile) {
                await check(`${where}(fitted)#${m}(${h.label})`, () => f[m]!(h.value));
                await check(`${where}(fitted)#${m}(X, ${h.label})`, () => f[m]!(X, h.value));
              }
            }
          }
        }
        continue;
      }
      const fn = value as (...a: unknown[]) => unknown;
      if (pkg === '@dt/errors') {
        // Validators and error classes: the first argument is the name dt's own code passes; the value is the boundary.
        for (const h of hostile) await check(`${where}('x', ${h.label})`, () => fn('x', h.value));
        continue;
      }
      for (const h of hostile) {
        await check(`${where}(${h.label})`, () => fn(h.value));
        await check(`${where}(${h.label}, ${h.label})`, () => fn(h.value, h.value));
        await check(`${where}(X, ${h.label})`, () => fn(X, h.value));
      }
    }
  }
  return { calls, findings };
}
