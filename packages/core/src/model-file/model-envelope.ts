import { ModelFormatError } from '@dt/errors';
/** Anything with zod's safeParse shape: this package's schema.ts, or zod itself (used by @dt/ensemble). */
export interface ParseSchema {
  safeParse(v: unknown): { success: true; data: unknown } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}
type Parsed<S extends ParseSchema> = Extract<ReturnType<S['safeParse']>, { success: true }>['data'];

/**
 * The parsed JSON object of a model file (a string is parsed, a leading UTF-8 BOM skipped; anything
 * but an object is rejected).
 */
export function parseModelDocument(input: string | unknown): Record<string, unknown> {
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
    } catch (e) {
      throw new ModelFormatError(`not a JSON document: ${(e as Error).message}`);
    }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ModelFormatError('a model file must hold a JSON object');
  return raw as Record<string, unknown>;
}

export interface EnvelopeSpec<S extends ParseSchema> {
  /** The `format` field's value, e.g. 'dt-model'. */
  format: string;
  /** The version this library writes. */
  version: number;
  /** Older versions it still reads (the schema must accept them too). */
  olderVersions?: readonly number[];
  /** What the format holds, for the error message: "a dt model". */
  what: string;
  schema: S;
}

/**
 * A model file checked against its envelope: the format name, the version, then the schema
 * (the first issue becomes a ModelFormatError naming its path).
 */
export function readEnvelope<S extends ParseSchema>(input: string | unknown, spec: EnvelopeSpec<S>): Parsed<S> {
  const r = parseModelDocument(input);
  if (r.format !== spec.format) {
    throw new ModelFormatError(`not ${spec.what} (format is ${JSON.stringify(r.format)}, expected "${spec.format}")`);
  }
  const older = spec.olderVersions ?? [];
  if (r.version !== spec.version && !older.includes(r.version as number)) {
    const reads = older.length > 0 ? `versions ${[...older, spec.version].join(', ')}` : `version ${spec.version}`;
    throw new ModelFormatError(`unsupported ${spec.format} version ${JSON.stringify(r.version)} (this library reads ${reads})`);
  }
  return parseAt(spec.schema, r, '');
}

/**
 * `value` checked against `schema`; the first issue becomes a ModelFormatError naming its path under
 * `at` (a place inside a larger file, '' at a file's root).
 */
export function parseAt<S extends ParseSchema>(schema: S, value: unknown, at: string): Parsed<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = [...(at === '' ? [] : [at]), ...issue.path].join('.');
    throw new ModelFormatError(`invalid model at ${path || '(root)'}: ${issue.message}`);
  }
  return parsed.data as Parsed<S>;
}

/** Builds the estimator of a loaded model; constructor errors become ModelFormatError "invalid params". */
export function constructLoaded<M>(make: () => M): M {
  try {
    return make();
  } catch (e) {
    if (e instanceof ModelFormatError) throw e;
    throw new ModelFormatError(`invalid params: ${(e as Error).message}`);
  }
}

/** Checks the classes of a loaded classifier against its output count; no class may repeat. */
export function checkLoadedClasses<T>(classes: T[] | undefined, nOutputs: number): T[] {
  if (!classes || classes.length !== nOutputs) {
    throw new ModelFormatError(`classifier needs ${nOutputs} classes, found ${classes?.length ?? 'none'}`);
  }
  const seen = new Set<T>();
  for (const c of classes) {
    if (seen.has(c)) throw new ModelFormatError(`invalid model at classes: class ${JSON.stringify(c)} appears twice`);
    seen.add(c);
  }
  return classes;
}

/**
 * Most features a model file may declare. Exporters and predictors allocate per feature (names,
 * importances, a row); a file must not make a small file cost gigabytes. 2^24 features is a 128 MB
 * row of float64 — beyond what any tree here is fitted on.
 */
export const MAX_MODEL_FEATURES = 2 ** 24;

/** nFeatures bounded, and consistent with featureNames when the file has names. */
export function checkLoadedFeatures(nFeatures: number, featureNames: readonly string[] | null): void {
  if (nFeatures > MAX_MODEL_FEATURES) {
    throw new ModelFormatError(`invalid model at nFeatures: ${nFeatures} is more than the ${MAX_MODEL_FEATURES} features a model may have`);
  }
  if (featureNames !== null && featureNames.length !== nFeatures) {
    throw new ModelFormatError(`featureNames has ${featureNames.length} names but the model has ${nFeatures} features`);
  }
}

/** Largest sample count a node may hold (counts are stored as int32). */
export const MAX_NODE_SAMPLES = 2 ** 31 - 1;

/**
 * Class statistics of one node of a classifier: finite, non-negative, and not all zero (predictProba
 * divides by their sum). `values` are the node's nOutputs entries starting at `offset`.
 */
export function checkClassCounts(values: ArrayLike<number>, offset: number, nOutputs: number, node: number, field: string): void {
  let sum = 0;
  for (let c = 0; c < nOutputs; c++) {
    const v = values[offset + c]!;
    if (!(v >= 0 && Number.isFinite(v))) throw new ModelFormatError(`invalid model at ${field}[${offset + c}]: node ${node} has class count ${v} (must be finite and >= 0)`);
    sum += v;
  }
  if (!(sum > 0 && Number.isFinite(sum))) throw new ModelFormatError(`invalid model at ${field}: node ${node} has class counts summing to ${sum} (must be > 0 and finite)`);
}
