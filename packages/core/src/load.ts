/**
 * @dt/core/load: import once (for its effect) to use the estimators' static `fromJSON`/`load` in a
 * browser bundle —
 *
 *   import '@dt/core/load';
 *
 * It registers the model-file reader (model-format.ts: every field and structural check a predictor
 * relies on) behind `DecisionTreeClassifier.fromJSON`/`.load` and `DecisionTreeRegressor.fromJSON`/`.load`,
 * so a bundle that only fits and predicts (and writes models with `toJSON`) leaves it out. Node's main
 * @dt/core entry and @dt/core/node import it already; `loadModel`, `loadAnyModel` and `treeFromJson`
 * are exported by the main entry and work without it.
 */
import { registerModelReading } from './load-slot.js';
import { loadModelAs } from './model-format.js';

registerModelReading(loadModelAs);
