import { DecisionTreeClassifier, DecisionTreeRegressor, type TreeModel } from '@dt/core';
import { DecisionStream, DecisionStreamClassifier, type StreamModel } from '@dt/stream';

/** Every model the CLI trains: CART-family trees (@dt/core) and Decision Streams (@dt/stream). */
export type AnyModel = TreeModel | StreamModel;
export type AnyClassifier = DecisionTreeClassifier | DecisionStreamClassifier;

export function isClassifier(model: AnyModel): model is AnyClassifier {
  return model instanceof DecisionTreeClassifier || model instanceof DecisionStreamClassifier;
}

export function isStream(model: AnyModel): model is StreamModel {
  return model instanceof DecisionStream;
}

/** True for the models the CLI reads and writes (a loaded file may hold another registered kind, e.g. a forest). */
export function isAnyModel(model: unknown): model is AnyModel {
  return model instanceof DecisionTreeClassifier || model instanceof DecisionTreeRegressor || model instanceof DecisionStream;
}
