import { DecisionTreeClassifier, DecisionTreeRegressor, type ModelFormat, type TreeModel } from '@dt/core';
import { Ensemble, EnsembleClassifier, forestModelFormat, type ForestModel, type RandomForestClassifier, type AlgorithmForestClassifier } from '@dt/ensemble';
import { DecisionStream, DecisionStreamClassifier, streamModelFormat, type StreamModel } from '@dt/stream';
import { HistGradientBoostingClassifier, HistGradientBoostingRegressor, type BoostingModel } from '@dt/boost';

/** Every single-tree model the CLI trains: CART-family trees (@dt/core) and Decision Streams (@dt/stream). */
export type AnyModel = TreeModel | StreamModel;
/** Every model a dt model file holds: single trees, streams, forests (@dt/ensemble) and boosting (@dt/boost). */
export type SavedModel = AnyModel | ForestModel | BoostingModel;
/** The model file formats the CLI reads besides dt-model (values for loadAnyModel: nothing registers itself). */
export const MODEL_FORMATS: readonly ModelFormat<StreamModel | ForestModel>[] = [streamModelFormat, forestModelFormat];

export type AnyClassifier = DecisionTreeClassifier | DecisionStreamClassifier | RandomForestClassifier | AlgorithmForestClassifier | HistGradientBoostingClassifier;

export function isClassifier(model: SavedModel): model is AnyClassifier {
  return model instanceof DecisionTreeClassifier || model instanceof DecisionStreamClassifier || model instanceof EnsembleClassifier || model instanceof HistGradientBoostingClassifier;
}

export function isBoosting(model: SavedModel): model is BoostingModel {
  return model instanceof HistGradientBoostingClassifier || model instanceof HistGradientBoostingRegressor;
}

export function isStream(model: SavedModel): model is StreamModel {
  return model instanceof DecisionStream;
}

export function isForest(model: SavedModel): model is ForestModel {
  return model instanceof Ensemble;
}

/** True for the models the CLI reads and writes (a loaded file may hold another registered kind). */
export function isSavedModel(model: unknown): model is SavedModel {
  return model instanceof DecisionTreeClassifier || model instanceof DecisionTreeRegressor || model instanceof DecisionStream || model instanceof Ensemble || model instanceof HistGradientBoostingClassifier || model instanceof HistGradientBoostingRegressor;
}
