/**
 * One entry for every format this package reads, picked by content (never by file name): LightGBM's
 * text starts with the line "tree", XGBoost's JSON has a "learner", a dt file of an imported model has
 * format "dt-imported-ensemble", anything else is parsed as an ONNX protobuf.
 */
import { InvalidArgumentError } from '@dt/errors';
import { ExchangeFormatError } from './errors.js';
import type { ImportedModel } from './imported-model.js';
import { readLightGBM } from './lightgbm.js';
import { IMPORTED_FORMAT, loadImportedModel } from './model-json.js';
import { readOnnx } from './onnx-import.js';
import { parseJsonWithNonFinite, readXGBoost } from './xgboost.js';

/** The formats `readModel` tells apart. */
export type ModelFileFormat = 'lightgbm' | 'xgboost' | 'onnx' | 'dt-imported-ensemble';

const decoder = new TextDecoder('utf-8', { fatal: false });

function textStart(bytes: Uint8Array): string {
  return decoder.decode(bytes.subarray(0, 64)).replace(/^\uFEFF/, '').trimStart();
}

/** The format of a model file's bytes (or text), by content. */
export function detectModelFormat(input: Uint8Array | string): ModelFileFormat {
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) throw new InvalidArgumentError('input', 'the bytes (a Uint8Array) or text of a model file', input);
  const start = typeof input === 'string' ? input.slice(0, 64).replace(/^\uFEFF/, '').trimStart() : textStart(input);
  if (/^tree\r?\n/.test(start)) return 'lightgbm';
  if (start.startsWith('{')) {
    const text = typeof input === 'string' ? input : decoder.decode(input);
    return text.includes(`"format":"${IMPORTED_FORMAT}"`) || text.includes(`"format": "${IMPORTED_FORMAT}"`) ? 'dt-imported-ensemble' : 'xgboost';
  }
  if (typeof input === 'string') throw new ExchangeFormatError('model file', 'content', 'text that is neither a LightGBM model (first line "tree") nor JSON');
  return 'onnx';
}

/** Reads a LightGBM, XGBoost or ONNX model file (or dt's JSON of one), detecting the format by content. */
export function readModel(input: Uint8Array | string): ImportedModel {
  const format = detectModelFormat(input);
  const text = (): string => (typeof input === 'string' ? input : decoder.decode(input));
  switch (format) {
    case 'lightgbm':
      return readLightGBM(text());
    case 'xgboost':
      return readXGBoost(text());
    case 'dt-imported-ensemble':
      return loadImportedModel(parseJsonWithNonFinite(text()));
    case 'onnx':
      return readOnnx(input as Uint8Array);
  }
}
