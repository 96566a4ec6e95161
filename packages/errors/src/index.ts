export {
  DtError,
  InvalidArgumentError,
  ShapeMismatchError,
  NotFittedError,
  ModelFormatError,
  DataFormatError,
  UnknownNameError,
  WorkerFailedError,
  describeValue,
} from './dt-error.js';
export type { DtErrorCode, WorkerFailure } from './dt-error.js';
export {
  positiveInt,
  nonNegativeInt,
  intAtLeast,
  finiteNumber,
  nonNegativeNumber,
  numberInRange,
  booleanValue,
  oneOf,
  seedValue,
  knownKeys,
  plainObject,
  closestName,
} from './validate.js';
export { createRandom, shuffleInPlace, Xoshiro128 } from './random.js';
export type { Random } from './random.js';
