import { InvalidArgumentError, UnknownNameError } from '@dt/errors';
import type { Projection } from './types.js';
import { axis } from './axis.js';

type Options = Record<string, unknown>;
type Factory = (o: Options) => Projection;

/**
 * Names of the projections @dt/projections registers when its main entry is imported. This file
 * (`@dt/projections/registry`) stays light — no linear algebra — so a plain axis-aligned tree never
 * bundles ml-matrix and ml-pca; the oblique ones are added by `import '@dt/projections'`.
 */
export const BUILT_IN_PROJECTIONS: readonly string[] = Object.freeze([
  'axis',
  'global-pca',
  'node-features-pca',
  'node-means-pca',
  'householder-a',
  'householder-d',
]);

// One registry per realm, shared by duplicate installs of this package (as @dt/criteria's).
const REGISTRY_KEY = Symbol.for('@dt/projections/registry');
const globalSlot = globalThis as { [REGISTRY_KEY]?: Map<string, Factory> };
const FACTORIES: Map<string, Factory> = globalSlot[REGISTRY_KEY] ?? (globalSlot[REGISTRY_KEY] = new Map());
if (!FACTORIES.has('axis')) FACTORIES.set('axis', () => axis());

/**
 * Registers built-in projection factories by name (each takes the options a projection reports in its
 * `options` field). Called by `@dt/projections`' main entry; not for applications — pass a
 * projection object in the options instead.
 */
export function registerBuiltInProjections(factories: Readonly<Record<string, Factory>>): void {
  for (const [name, f] of Object.entries(factories)) {
    if (!BUILT_IN_PROJECTIONS.includes(name)) throw new InvalidArgumentError('name', `one of ${BUILT_IN_PROJECTIONS.join(', ')}`, name);
    FACTORIES.set(name, f);
  }
}

/**
 * The projection registered under `nameOrInstance` (with `options`, as a projection's own `options`
 * field reports them; default options when omitted), or the instance itself after a shape check.
 * Unknown names throw UnknownNameError listing the known ones; a built-in oblique projection whose
 * code is not loaded says to `import '@dt/projections'`.
 */
export function getProjection(nameOrInstance: string | Projection, options: Options = {}): Projection {
  if (typeof nameOrInstance === 'string') {
    const factory = FACTORIES.get(nameOrInstance);
    if (factory === undefined) {
      if (BUILT_IN_PROJECTIONS.includes(nameOrInstance)) throw projectionNotLoaded(nameOrInstance);
      throw new UnknownNameError('projection', nameOrInstance, BUILT_IN_PROJECTIONS);
    }
    return factory(options);
  }
  const p = nameOrInstance as Partial<Projection> | null;
  if (typeof p !== 'object' || p === null || typeof p.name !== 'string' || p.name === '' || typeof p.prepare !== 'function') {
    throw new InvalidArgumentError('projection', 'a projection name or an object with a name and prepare()', nameOrInstance);
  }
  return nameOrInstance;
}

/** The error for a built-in projection name used before `import '@dt/projections'`. */
export function projectionNotLoaded(name: string): UnknownNameError {
  const e = new UnknownNameError('projection', name, [...FACTORIES.keys()]);
  e.message = `projection ${JSON.stringify(name)} is not loaded: add \`import '@dt/core/oblique';\` once in your program (the oblique projections and their split searches; \`import '@dt/projections';\` registers the projections alone)`;
  return e;
}

/** Names of the built-in projections (all of them, loaded or not). */
export function listProjections(): string[] {
  return [...BUILT_IN_PROJECTIONS];
}

/** Whether a projection name can be used now (its code is loaded). */
export function isProjectionLoaded(name: string): boolean {
  return FACTORIES.has(name);
}
