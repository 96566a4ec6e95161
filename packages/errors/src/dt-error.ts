import { closestName } from './closest-name.js';
/**
 * The dt error family. Every error a dt package throws on purpose is a `DtError`, so callers can
 * tell "your input is wrong" from a bug with one `instanceof` check, and switch on `code`.
 */
export type DtErrorCode =
  | 'INVALID_ARGUMENT'
  | 'SHAPE_MISMATCH'
  | 'NOT_FITTED'
  | 'MODEL_FORMAT'
  | 'DATA_FORMAT'
  | 'UNKNOWN_NAME'
  | 'IO'
  | 'WORKER';

/** Base class of every error dt throws on purpose; `code` tells the kind without instanceof. */
export class DtError extends Error {
  readonly code: DtErrorCode;
  constructor(code: DtErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DtError';
    this.code = code;
  }
}

/** A bad argument or option value; `argument` names it, `value` holds what was given. */
export class InvalidArgumentError extends DtError {
  readonly argument: string;
  readonly value: unknown;
  constructor(argument: string, expectation: string, value: unknown) {
    super('INVALID_ARGUMENT', `${argument} must be ${expectation}, got ${describeValue(value)}`);
    this.name = 'InvalidArgumentError';
    this.argument = argument;
    this.value = value;
  }
}

/** Arrays whose sizes disagree (X rows vs y length, feature count at predict time, ...). */
export class ShapeMismatchError extends DtError {
  constructor(message: string) {
    super('SHAPE_MISMATCH', message);
    this.name = 'ShapeMismatchError';
  }
}

/** A model was used (predict, save, …) before fit. */
export class NotFittedError extends DtError {
  constructor(what: string) {
    super('NOT_FITTED', `${what} is not fitted yet: call fit() first`);
    this.name = 'NotFittedError';
  }
}

/** A model file that is malformed, of another format, or of an unsupported version. */
export class ModelFormatError extends DtError {
  constructor(message: string) {
    super('MODEL_FORMAT', message);
    this.name = 'ModelFormatError';
  }
}

/** A data file (CSV, IDX, ...) that cannot be read as promised; `location` says where. */
export class DataFormatError extends DtError {
  readonly location: string | undefined;
  constructor(message: string, location?: string) {
    super('DATA_FORMAT', location === undefined ? message : `${location}: ${message}`);
    this.name = 'DataFormatError';
    this.location = location;
  }
}

/** A name looked up in a registry (criterion, dataset, algorithm) that does not exist. */
export class UnknownNameError extends DtError {
  readonly kind: string;
  readonly given: string;
  readonly known: readonly string[];
  constructor(kind: string, given: string, known: readonly string[]) {
    const near = typeof given === 'string' ? closestName(given, known) : null;
    super('UNKNOWN_NAME', `unknown ${kind} ${typeof given === 'string' ? JSON.stringify(given) : describeValue(given)}; known: ${known.join(', ')}${near === null ? '' : `; did you mean ${near}?`}`);
    this.name = 'UnknownNameError';
    this.kind = kind;
    this.given = given;
    this.known = known;
  }
}

/** Why a worker thread stopped serving a fit: it exited, threw, stopped answering, or its pool was closed. */
export type WorkerFailure = 'exited' | 'threw' | 'stalled' | 'closed';

/**
 * A worker thread of a parallel fit failed (code 'WORKER'): the fit fails at once, naming the cause,
 * and the pool's threads are stopped. `reason` says which failure; the message carries the worker's
 * exit code or error.
 */
export class WorkerFailedError extends DtError {
  readonly reason: WorkerFailure;
  constructor(reason: WorkerFailure, message: string, options?: { cause?: unknown }) {
    super('WORKER', message, options);
    this.name = 'WorkerFailedError';
    this.reason = reason;
  }
}

/** A short text for a bad value in an error message: strings quoted and cut, arrays by length, objects by kind. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return String(value);
  try {
    return `an object (${Object.prototype.toString.call(value).slice(8, -1)})`;
  } catch {
    // A proxy whose traps throw: the message must still be built.
    return 'an object';
  }
}
