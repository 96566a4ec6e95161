/**
 * Loading forest files as the estimator they hold: the one place that knows every forest class
 * (forest-format.ts, the format itself, knows none, so the estimators can import it for
 * toJSON/fromJSON without an import cycle), and the dt-forest format as a value for @dt/core's loadAnyModel.
 */
import { DecisionTreeClassifier, DecisionTreeRegressor, type ModelFormat } from '@dt/core';
import { RESTORE } from '@dt/core/internal';
import { InvalidArgumentError } from '@dt/errors';
import { DecisionStreamClassifier } from '@dt/stream';
import { algorithmForestFromSpec, type AlgorithmForestClassifier } from './bagging.js';
import { Ensemble } from './ensemble.js';
import { FOREST_FORMAT, forestSpec, loadSpec, readForest, type ForestMember, type ForestSpec, type LoadedSpec } from './forest-format.js';
import { randomForestFromSpec, type RandomForestClassifier, type RandomForestRegressor } from './random-forest.js';

export {
  FOREST_FORMAT,
  FOREST_FORMAT_VERSION,
  forestSpec,
  forestToJson,
  memberFromJson,
  memberToJson,
  serializeForest,
  type ForestJson,
  type ForestMember,
  type ForestSpec,
  type MemberJson,
} from './forest-format.js';

/** A loaded forest: a random forest or extra-trees classifier or regressor, or a forest of any algorithm. */
export type ForestModel = RandomForestClassifier | RandomForestRegressor | AlgorithmForestClassifier;

function fromLoaded(loaded: LoadedSpec): ForestModel {
  return (algorithmForestFromSpec(loaded) ?? randomForestFromSpec(loaded))!;
}

/** The unfitted forest a spec describes (its options validated by the constructors). */
export function forestFromSpec(spec: ForestSpec): ForestModel {
  return fromLoaded(loadSpec(spec));
}

/** Validates and loads a forest file (JSON text or parsed object), any version this library reads. */
export function loadForest(input: string | unknown): ForestModel {
  return readForest(input, fromLoaded);
}

/**
 * Member `index` as a standalone tree in the forest's terms, for display (text, DOT, SVG): the
 * forest's class labels instead of the codes the member was fitted on, and the names of the
 * features the member saw (its subspace, if the forest draws one per member).
 */
export function forestMemberTree(model: ForestModel, index: number): ForestMember {
  checkForestModel(model);
  const members = model.estimators;
  const n = members.length;
  if (!(Number.isInteger(index) && index >= 0 && index < n)) throw new InvalidArgumentError('tree', `an index of the forest's ${n} trees (0..${n - 1})`, index);
  const m = members[index]!;
  if (!(m instanceof DecisionTreeClassifier || m instanceof DecisionTreeRegressor || m instanceof DecisionStreamClassifier)) throw new InvalidArgumentError('model', 'a forest of dt trees or Decision Streams', m.constructor.name);
  const all = model.featureNames ?? Array.from({ length: model.nFeatures }, (_, j) => `feature_${j}`);
  const feats = model.estimatorsFeatures[index]!;
  const featureNames = feats === null ? all : Array.from(feats, (f) => all[f]!);
  const opts = { ...loadSpec(forestSpec(model)).memberOptions, seed: m.options.seed };
  if (m instanceof DecisionStreamClassifier) {
    const labels = (model as AlgorithmForestClassifier).classes;
    const out = new DecisionStreamClassifier(opts as never);
    out[RESTORE]({ fitted: m.graph, featureNames, classes: m.classes.map((c) => labels[c as number]!) });
    return out;
  }
  if (m instanceof DecisionTreeClassifier) {
    const labels = (model as RandomForestClassifier).classes;
    const out = new DecisionTreeClassifier(opts as never);
    out[RESTORE]({ fitted: m.tree, featureNames, classes: m.classes.map((c) => labels[c as number]!) });
    return out;
  }
  const out = new DecisionTreeRegressor(opts as never);
  out[RESTORE]({ fitted: m.tree, featureNames });
  return out;
}

/**
 * The dt-forest format as a value for @dt/core's loadAnyModel: `loadAnyModel(text, [forestModelFormat])`
 * reads forest files beside dt-model ones. Nothing is registered by importing @dt/ensemble.
 */
export const forestModelFormat: ModelFormat<ForestModel> = Object.freeze({ format: FOREST_FORMAT, load: loadForest });

/** The boundary check of the functions taking a forest: a dt forest object (raw TypeErrors otherwise). */
function checkForestModel(model: unknown): asserts model is ForestModel {
  if (!(model instanceof Ensemble)) throw new InvalidArgumentError('model', 'a dt forest (RandomForestClassifier, ExtraTreesRegressor, BaggingClassifier, ...)', model);
}
