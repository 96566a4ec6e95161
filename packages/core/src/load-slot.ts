import { notLoaded } from './opt-in.js';
import type { loadModelAs } from './model-format.js';

// Filled by `import '@dt/core/load'` (src/load.ts; Node's main entry and @dt/core/node import it), so a
// browser bundle that fits and predicts leaves the model file's checks out: the estimators' static
// fromJSON/load reach them only through here. loadModel/loadAnyModel, imported by name, need nothing.
let read: typeof loadModelAs | null = null;

/** Registers the model-file reader behind the estimators' fromJSON/load; called by `@dt/core/load`. */
export function registerModelReading(fn: typeof loadModelAs): void {
  read = fn;
}

/** The reader for `Estimator.fromJSON`/`load` (`call`, e.g. 'DecisionTreeClassifier.fromJSON'), or a typed error naming the import. */
export function modelReading(call: string, json: unknown): typeof loadModelAs {
  if (read) return read;
  const e = notLoaded('json', json, 'load', "the model file's checks", call);
  e.message += ', or call loadModel';
  throw e;
}
