/**
 * The built-in projections by name, as a static table of values (no registration): what @dt/core's
 * full estimators, the CLI and model files resolve projection names with.
 */
import type { Projection } from './types.js';
import { axis } from './axis.js';
import { globalPCA } from './global-pca.js';
import { nodeFeaturesPCA } from './node-features-pca.js';
import { nodeMeansPCA } from './node-means-pca.js';
import { householder } from './householder.js';
import { resolveProjection, type ProjectionFactory, type ProjectionOptions } from './registry.js';

/** Drops the keys a projection's `options` report as "the default" (e.g. maxComponents: 'auto'). */
function withoutDefault(o: ProjectionOptions, key: string, defaultText: string): ProjectionOptions {
  const { [key]: v, ...rest } = o;
  return v === defaultText ? rest : o;
}

/** Every built-in projection's factory, by name. A new built-in projection is one line here. */
export const BUILT_IN_FACTORIES: Readonly<Record<string, ProjectionFactory>> = Object.freeze({
  axis: (): Projection => axis(),
  'global-pca': (o: ProjectionOptions): Projection => globalPCA(withoutDefault(o, 'maxComponents', 'all')),
  'node-features-pca': (o: ProjectionOptions): Projection => nodeFeaturesPCA(withoutDefault(o, 'maxComponents', 'auto')),
  'node-means-pca': (o: ProjectionOptions): Projection => nodeMeansPCA(o as never),
  'householder-a': (o: ProjectionOptions): Projection => householder({ ...o, variant: 'A' }),
  'householder-d': (o: ProjectionOptions): Projection => householder({ ...o, variant: 'D' }),
});

/**
 * The built-in projection `nameOrInstance` (with `options`, as a projection's own `options` field
 * reports them), or the instance itself after a shape check; unknown names throw UnknownNameError.
 */
export function getProjection(nameOrInstance: string | Projection, options: ProjectionOptions = {}): Projection {
  return resolveProjection(nameOrInstance, options, BUILT_IN_FACTORIES);
}

/** @deprecated Every built-in projection is always available by name now; true for the built-in names. */
export function isProjectionLoaded(name: string): boolean {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(BUILT_IN_FACTORIES, name);
}
