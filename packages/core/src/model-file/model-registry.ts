import { InvalidArgumentError, ModelFormatError } from '@dt/errors';
import { parseModelDocument } from './model-envelope.js';
import { loadModel } from './load-model.js';
import { MODEL_FORMAT } from './model-format.js';

/**
 * Model types by file format, for loadAnyModel's result type. @dt/core declares 'dt-model'; a package
 * whose format users register adds its own by declaration merging
 * (`declare module '@dt/core' { interface ModelFormats { 'my-format': MyModel } }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModelFormats {}

/** Any model loadAnyModel can return without formats passed: the union of ModelFormats. */
export type AnyModel = ModelFormats[keyof ModelFormats];

/**
 * A model file format as a value: the file's "format" field and the loader of such files (e.g.
 * @dt/stream's `streamModelFormat`, @dt/ensemble's `forestModelFormat`), passed to loadAnyModel.
 */
export interface ModelFormat<M = unknown> {
  /** The file's "format" field this loader reads, e.g. 'dt-forest'. */
  readonly format: string;
  /** The model of a parsed file of this format (validated; a ModelFormatError otherwise). */
  load(doc: Record<string, unknown>): M;
}

type Loader = (doc: Record<string, unknown>) => unknown;

// Formats users register live on a global symbol, not in this module: with two installed copies of
// @dt/core, a format registered through one is still read through the other. The built-in format is
// not registered: loadAnyModel knows it, and other packages' formats are passed as values.
const REGISTRY_KEY = Symbol.for('@dt/core/model-formats');
const globalSlot = globalThis as { [REGISTRY_KEY]?: Map<string, Loader> };
const registered: Map<string, Loader> = globalSlot[REGISTRY_KEY] ?? (globalSlot[REGISTRY_KEY] = new Map());

/**
 * Registers the loader of a format of your own (the value of the file's "format" field) with every
 * later loadAnyModel call. dt's own formats need no registration: pass them as values.
 */
export function registerModelFormat<F extends keyof ModelFormats & string>(
  format: F,
  load: (doc: Record<string, unknown>) => ModelFormats[F],
): void {
  registered.set(format, load);
}

function checkFormats(formats: unknown): asserts formats is readonly ModelFormat[] {
  const ok = Array.isArray(formats) && formats.every((f: unknown) => typeof (f as ModelFormat | null)?.format === 'string' && typeof (f as ModelFormat).load === 'function');
  if (!ok) throw new InvalidArgumentError('formats', 'an array of model formats ({ format: string, load(doc) })', formats);
}

/** Formats loadAnyModel reads: 'dt-model', then `formats` passed, then the registered ones. */
export function listModelFormats(formats: readonly ModelFormat[] = []): string[] {
  checkFormats(formats);
  return [...new Set([MODEL_FORMAT, ...formats.map((f) => f.format), ...registered.keys()])];
}

/**
 * Loads a model of any format from a JSON string or parsed object: the "format" field, read after
 * parsing, picks the loader — 'dt-model' (trees), one of `formats` (values such as @dt/stream's
 * streamModelFormat), or a format registered with registerModelFormat.
 */
export function loadAnyModel<M = never>(input: string | unknown, formats: readonly ModelFormat<M>[] = []): AnyModel | M {
  checkFormats(formats);
  const doc = parseModelDocument(input);
  const format = doc.format;
  if (format === MODEL_FORMAT) return loadModel(doc) as AnyModel;
  const given = formats.find((f) => f.format === format);
  if (given !== undefined) return given.load(doc);
  const load = typeof format === 'string' ? registered.get(format) : undefined;
  if (load === undefined) {
    throw new ModelFormatError(`not a dt model (format is ${JSON.stringify(format)}, expected one of ${listModelFormats(formats).map((f) => `"${f}"`).join(', ')})`);
  }
  return load(doc) as AnyModel;
}
