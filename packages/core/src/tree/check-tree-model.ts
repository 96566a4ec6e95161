import { InvalidArgumentError } from '@dt/errors';
import { Tree } from './tree.js';

/**
 * The boundary check of functions taking a fitted tree model (exports, pruning, pictures): an object
 * whose `.tree` is a Tree (an unfitted estimator answers NotFittedError from `.tree` itself). Without
 * it, `null` or a plain object fails deep inside with a raw TypeError.
 */
export function checkTreeModel(model: unknown, name = 'model'): void {
  // A member of an imported ensemble (@dt/exchange) is such an object too: its tree is what is read.
  const tree = typeof model === 'object' && model !== null ? (model as { tree?: unknown }).tree : undefined;
  if (!(tree instanceof Tree)) {
    throw new InvalidArgumentError(name, 'a fitted dt tree (DecisionTreeClassifier or DecisionTreeRegressor)', model);
  }
}
