/**
 * Projection names: resolved through a static table of factories the caller passes (the main entry's
 * BUILT_IN_FACTORIES in built-ins.ts, or an axis-only table in bundles that pass projection objects).
 * Nothing registers itself. This file stays light — no linear algebra — so a plain axis-aligned tree
 * never bundles the PCA and Householder code.
 */
import { InvalidArgumentError, UnknownNameError } from '@dt/errors';
import type { Projection } from './types.js';
import { axis } from './axis.js';

/** A projection's options as plain JSON values, as a model file records them (see Projection.options). */
export type ProjectionOptions = Record<string, unknown>;
/** Builds a projection from the options it reports in its own `options` field. */
export type ProjectionFactory = (o: ProjectionOptions) => Projection;

/** Names of the built-in projections. */
export const BUILT_IN_PROJECTIONS: readonly string[] = Object.freeze([
  'axis',
  'global-pca',
  'node-features-pca',
  'node-means-pca',
  'householder-a',
  'householder-d',
]);

/** The table of a bundle that passes projection objects: only 'axis' by name. */
export const AXIS_ONLY: Readonly<Record<string, ProjectionFactory>> = Object.freeze({ axis: () => axis() });

/**
 * The projection named `nameOrInstance` in `table` (with `options`, as a projection's own `options`
 * field reports them; default options when omitted), or the instance itself after a shape check.
 * Unknown names throw UnknownNameError listing the known ones; a built-in name missing from `table`
 * says to pass the projection object (or use @dt/core's full estimators, which know every name).
 */
export function resolveProjection(nameOrInstance: string | Projection, options: ProjectionOptions, table: Readonly<Record<string, ProjectionFactory>>): Projection {
  if (typeof table !== 'object' || table === null) throw new InvalidArgumentError('table', 'the projection factories by name (BUILT_IN_FACTORIES)', table);
  if (typeof nameOrInstance === 'string') {
    const factory = Object.prototype.hasOwnProperty.call(table, nameOrInstance) ? table[nameOrInstance] : undefined;
    if (factory === undefined) {
      if (BUILT_IN_PROJECTIONS.includes(nameOrInstance)) throw projectionByValue(nameOrInstance, Object.keys(table));
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

/** The error for a built-in projection name where only projection objects are taken. */
export function projectionByValue(name: string, known: readonly string[]): UnknownNameError {
  const e = new UnknownNameError('projection', name, known);
  e.message = `projection ${JSON.stringify(name)} is taken by value here: pass the projection object (e.g. \`householder({ variant: 'A' })\` from '@dt/projections'), or use @dt/core's DecisionTreeClassifier/DecisionTreeRegressor, which know every name`;
  return e;
}

/** Names of the built-in projections. */
export function listProjections(): string[] {
  return [...BUILT_IN_PROJECTIONS];
}
