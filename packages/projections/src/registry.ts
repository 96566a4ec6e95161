import { InvalidArgumentError, UnknownNameError } from '@dt/errors';
import type { Projection } from './types.js';
import { axis } from './axis.js';
import { globalPCA } from './global-pca.js';
import { nodeFeaturesPCA } from './node-features-pca.js';
import { nodeMeansPCA } from './node-means-pca.js';
import { householder } from './householder.js';

type Options = Record<string, unknown>;

/** Drops the keys a projection's `options` report as "the default" (e.g. maxComponents: 'auto'). */
function withoutDefault(o: Options, key: string, defaultText: string): Options {
  const { [key]: v, ...rest } = o;
  return v === defaultText ? rest : o;
}

/**
 * Built-in projections by name. Each factory takes the options a projection reports in its
 * `options` field (so a saved model's projection is rebuilt as it was), default options when empty.
 */
const FACTORIES: Readonly<Record<string, (o: Options) => Projection>> = Object.freeze({
  axis: () => axis(),
  'global-pca': (o: Options) => globalPCA(withoutDefault(o, 'maxComponents', 'all')),
  'node-features-pca': (o: Options) => nodeFeaturesPCA(withoutDefault(o, 'maxComponents', 'auto')),
  'node-means-pca': (o: Options) => nodeMeansPCA(o as never),
  'householder-a': (o: Options) => householder({ ...o, variant: 'A' }),
  'householder-d': (o: Options) => householder({ ...o, variant: 'D' }),
});

/**
 * The projection registered under `nameOrInstance` (with `options`, as a projection's own `options`
 * field reports them; default options when omitted), or the instance itself after a shape check.
 * Unknown names throw UnknownNameError listing the known ones.
 */
export function getProjection(nameOrInstance: string | Projection, options: Options = {}): Projection {
  if (typeof nameOrInstance === 'string') {
    const factory = Object.prototype.hasOwnProperty.call(FACTORIES, nameOrInstance) ? FACTORIES[nameOrInstance] : undefined;
    if (factory === undefined) throw new UnknownNameError('projection', nameOrInstance, listProjections());
    return factory(options);
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
