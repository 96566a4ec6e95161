import { InvalidArgumentError, UnknownNameError } from '@dt/errors';
import type { Projection } from './types.js';
import { axis } from './axis.js';
import { globalPCA } from './global-pca.js';
import { nodeFeaturesPCA } from './node-features-pca.js';
import { nodeMeansPCA } from './node-means-pca.js';
import { householder } from './householder.js';

/** Built-in projections by name, each with its default options. */
const FACTORIES: Readonly<Record<string, () => Projection>> = Object.freeze({
  axis,
  'global-pca': () => globalPCA(),
  'node-features-pca': () => nodeFeaturesPCA(),
  'node-means-pca': () => nodeMeansPCA(),
  'householder-a': () => householder({ variant: 'A' }),
  'householder-d': () => householder({ variant: 'D' }),
});

/**
 * The projection registered under `nameOrInstance` (with default options), or the instance itself
 * after a shape check. Unknown names throw UnknownNameError listing the known ones.
 */
export function getProjection(nameOrInstance: string | Projection): Projection {
  if (typeof nameOrInstance === 'string') {
    const factory = Object.prototype.hasOwnProperty.call(FACTORIES, nameOrInstance) ? FACTORIES[nameOrInstance] : undefined;
    if (factory === undefined) throw new UnknownNameError('projection', nameOrInstance, listProjections());
    return factory();
  }
  const p = nameOrInstance as Partial<Projection> | null;
  if (typeof p !== 'object' || p === null || typeof p.name !== 'string' || p.name === '' || typeof p.prepare !== 'function') {
    throw new InvalidArgumentError('projection', 'a projection name or an object with a name and prepare()', nameOrInstance);
  }
  return nameOrInstance;
}

/** Names of the built-in projections. */
export function listProjections(): string[] {
  return Object.keys(FACTORIES);
}
