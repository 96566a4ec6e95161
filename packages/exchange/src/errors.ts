/**
 * The errors of model files in other libraries' formats: a ModelFormatError (code MODEL_FORMAT) that
 * names the field at fault, and its subclass for a well-formed model this package cannot run
 * (LightGBM linear trees, an ONNX operator mode without dt semantics), so callers can tell "broken
 * file" from "not supported yet".
 */
import { ModelFormatError } from '@dt/errors';

/** A malformed, truncated or inconsistent model file; `field` names where (e.g. "Tree=3 threshold"). */
export class ExchangeFormatError extends ModelFormatError {
  readonly field: string;
  constructor(format: string, field: string, problem: string) {
    super(`${format} model: ${field}: ${problem}`);
    this.name = 'ExchangeFormatError';
    this.field = field;
  }
}

/** A valid model of a kind dt does not import (yet); `field` names the feature that makes it so. */
export class UnsupportedModelError extends ExchangeFormatError {
  constructor(format: string, field: string, problem: string) {
    super(format, field, problem);
    this.name = 'UnsupportedModelError';
  }
}
