import { ModelFormatError } from '@dt/errors';
import { parseModelDocument } from './model-envelope.js';
import { loadModel } from './load-model.js';
import { MODEL_FORMAT } from './model-format.js';

/**
 * Model types by file format. @dt/core registers 'dt-model'; other packages add theirs by
 * declaration merging (`declare module '@dt/core' { interface ModelFormats { 'dt-stream': StreamModel } }`)
 * and registerModelFormat, so loadAnyModel's result type lists every model it can return.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModelFormats {}

/** Any model loadAnyModel can return: the union of the ModelFormats registered by declaration merging. */
export type AnyModel = ModelFormats[keyof ModelFormats];

// The built-in format is known here (not registered by a side effect of model-format.ts), so bundles
// that never load models leave the model-file code out.
const loaders = new Map<string, (doc: Record<string, unknown>) => unknown>([[MODEL_FORMAT, loadModel]]);

/** Registers the loader of a model file format (the value of the file's "format" field). */
export function registerModelFormat<F extends keyof ModelFormats & string>(
  format: F,
  load: (doc: Record<string, unknown>) => ModelFormats[F],
): void {
  loaders.set(format, load);
}

/** Formats loadAnyModel reads. */
export function listModelFormats(): string[] {
  return [...loaders.keys()];
}

/**
 * Loads any registered model (a dt-model tree, a dt-stream graph once @dt/stream is imported, ...)
 * from a JSON string or parsed object: the "format" field, read after parsing, picks the loader.
 */
export function loadAnyModel(input: string | unknown): AnyModel {
  const doc = parseModelDocument(input);
  const load = typeof doc.format === 'string' ? loaders.get(doc.format) : undefined;
  if (load === undefined) {
    throw new ModelFormatError(`not a dt model (format is ${JSON.stringify(doc.format)}, expected one of ${listModelFormats().map((f) => `"${f}"`).join(', ')})`);
  }
  return load(doc) as AnyModel;
}
