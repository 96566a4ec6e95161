import type { Projection } from './types.js';
import { globalPCA } from './global-pca.js';
import { nodeFeaturesPCA } from './node-features-pca.js';
import { nodeMeansPCA } from './node-means-pca.js';
import { householder } from './householder.js';
import { registerBuiltInProjections } from './registry.js';

type Options = Record<string, unknown>;

/** Drops the keys a projection's `options` report as "the default" (e.g. maxComponents: 'auto'). */
function withoutDefault(o: Options, key: string, defaultText: string): Options {
  const { [key]: v, ...rest } = o;
  return v === defaultText ? rest : o;
}

// Side effect: importing '@dt/projections' makes the oblique projections usable by name.
registerBuiltInProjections({
  'global-pca': (o: Options): Projection => globalPCA(withoutDefault(o, 'maxComponents', 'all')),
  'node-features-pca': (o: Options): Projection => nodeFeaturesPCA(withoutDefault(o, 'maxComponents', 'auto')),
  'node-means-pca': (o: Options): Projection => nodeMeansPCA(o as never),
  'householder-a': (o: Options): Projection => householder({ ...o, variant: 'A' }),
  'householder-d': (o: Options): Projection => householder({ ...o, variant: 'D' }),
});
