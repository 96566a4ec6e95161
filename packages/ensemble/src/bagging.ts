import { algorithmOptions, createClassifier, listAlgorithms, type ClassifierOptions } from '@dt/core';
import { optionKeys, resolveMaxFeatures, resolveOptions } from '@dt/core/internal';
import { InvalidArgumentError, knownKeys, plainObject, UnknownNameError } from '@dt/errors';
import { DecisionStreamClassifier, type StreamOptions } from '@dt/stream';
import { EnsembleClassifier, EnsembleRegressor, type ClassifierMember, type FeatureSubspace, type RegressorMember } from './ensemble.js';
import { checkBootstrapOptions, ENSEMBLE_OPTIONS, type EnsembleOptions, type ResolvedEnsembleOptions } from './forest-options.js';
import type { ForestThreadSpec } from './fit-threads.js';
import { FOREST_KIND, forestThreadSpec, forestToJson, readForestAs, STREAM, type ForestEstimator, type ForestJson, type LoadedSpec } from './forest-format.js';

/** Builds an unfitted member with the given seed, e.g. `(seed) => new DecisionTreeClassifier({ seed })`. */
export type MemberFactory<M> = (seed: number) => M;

/** Constructor options of the bagging ensembles of any dt estimator (base estimator, sampling, seed, jobs). */
export interface BaggingOptions<M> extends EnsembleOptions {
  /** The member factory (any dt estimator: trees, named algorithms, Decision Streams, ...). */
  base: MemberFactory<M>;
  /**
   * Features each member sees (a random subspace per member, drawn without replacement): an integer
   * count, a fraction in (0, 1], 'sqrt', 'log2', or null (all; default) — scikit-learn's Bagging
   * max_features, plus the square-root and log2 rules.
   */
  maxFeatures?: MemberFeatures;
  /**
   * Fit members on the drawn rows repeated by their draw counts, without sample weights (for
   * estimators that take none, such as Decision Streams). Default false: drawn rows once, weighted.
   */
  repeatRows?: boolean;
}

const BAGGING_DEFAULTS: Partial<EnsembleOptions> = { nEstimators: 10 };

function resolveBagging<M>(raw: unknown, task: 'classification' | 'regression', defaults: Partial<EnsembleOptions>): { ensemble: ResolvedEnsembleOptions; base: MemberFactory<M>; subspace: FeatureSubspace | null; maxFeatures: MemberFeatures; repeatRows: boolean } {
  const o = plainObject('options', raw);
  const own = optionKeys(ENSEMBLE_OPTIONS, task) as string[];
  knownKeys('options', o, [...own, 'base', 'maxFeatures', 'repeatRows']);
  if (typeof o.base !== 'function') throw new InvalidArgumentError('base', 'a function (seed) => estimator', o.base);
  const rest: Record<string, unknown> = { ...defaults };
  for (const k of own) if (o[k] !== undefined) rest[k] = o[k];
  const ensemble = checkBootstrapOptions(resolveOptions(ENSEMBLE_OPTIONS, rest, task));
  const mf = memberFeaturesValue(o.maxFeatures ?? null);
  const subspace = memberSubspace(mf);
  const repeatRows = o.repeatRows ?? false;
  if (typeof repeatRows !== 'boolean') throw new InvalidArgumentError('repeatRows', 'a boolean', repeatRows);
  return { ensemble, base: o.base as MemberFactory<M>, subspace, maxFeatures: mf, repeatRows };
}

/**
 * Features each member sees (a random subspace per member): a positive integer count, a fraction in
 * (0, 1] of the features, 'sqrt' (⌊√d⌋, at least 1) or 'log2' (⌊log2 d⌋, at least 1), or null (all).
 */
export type MemberFeatures = number | 'sqrt' | 'log2' | null;

/** Validates a per-member maxFeatures value (the same rule for the constructor and for forest files). */
export function memberFeaturesValue(mf: unknown): MemberFeatures {
  if (mf === null || mf === 'sqrt' || mf === 'log2') return mf;
  if (typeof mf === 'number' && Number.isFinite(mf) && mf > 0 && (Number.isInteger(mf) || mf < 1)) return mf;
  throw new InvalidArgumentError('maxFeatures', "null, a positive integer, a fraction in (0, 1], 'sqrt' or 'log2'", mf);
}

/** The members' feature count for d features (null: every member sees all features). */
function memberSubspace(mf: MemberFeatures): FeatureSubspace | null {
  if (mf === null || mf === 1) return null;
  return {
    // Core's per-node rule (sqrt, log2, count, fraction); only 1 differs here: all features, as above.
    count: (d) => resolveMaxFeatures(mf, d),
  };
}

/** Bagging over any classifier factory (scikit-learn's BaggingClassifier; soft voting). */
export class BaggingClassifier<M extends ClassifierMember = ClassifierMember> extends EnsembleClassifier<M> {
  private readonly base: MemberFactory<M>;
  private readonly maxFeaturesOption: MemberFeatures;
  constructor(options: BaggingOptions<M>, defaults: Partial<EnsembleOptions> = BAGGING_DEFAULTS) {
    const r = resolveBagging<M>(options, 'classification', defaults);
    super(r.ensemble, r.subspace);
    this.base = r.base;
    this.repeatRows = r.repeatRows;
    this.maxFeaturesOption = r.maxFeatures;
  }
  protected makeMember(seed: number): M {
    return this.base(seed);
  }
  /** The constructor options (an AlgorithmForestClassifier's: its ensemble options, maxFeatures and tree). */
  getParams(): EnsembleOptions & Record<string, unknown> {
    return { ...this.ensembleParams(), base: this.base, maxFeatures: this.maxFeaturesOption, repeatRows: this.repeatRows } as EnsembleOptions & Record<string, unknown>;
  }
  protected withParams(params: object): this {
    const Ctor = this.constructor as new (options: BaggingOptions<M>) => this;
    return new Ctor(params as BaggingOptions<M>);
  }
}

/** Bagging over any regressor factory (the mean of the members). */
export class BaggingRegressor<M extends RegressorMember = RegressorMember> extends EnsembleRegressor<M> {
  private readonly base: MemberFactory<M>;
  private readonly maxFeaturesOption: MemberFeatures;
  constructor(options: Omit<BaggingOptions<M>, 'classWeight'>) {
    const r = resolveBagging<M>(options, 'regression', BAGGING_DEFAULTS);
    super(r.ensemble, r.subspace);
    this.base = r.base;
    this.repeatRows = r.repeatRows;
    this.maxFeaturesOption = r.maxFeatures;
  }
  protected makeMember(seed: number): M {
    return this.base(seed);
  }
  getParams(): Omit<BaggingOptions<M>, 'classWeight'> {
    return { ...this.ensembleParams(), base: this.base, maxFeatures: this.maxFeaturesOption, repeatRows: this.repeatRows } as unknown as Omit<BaggingOptions<M>, 'classWeight'>;
  }
  protected withParams(params: object): this {
    const Ctor = this.constructor as new (options: Omit<BaggingOptions<M>, 'classWeight'>) => this;
    return new Ctor(params as Omit<BaggingOptions<M>, 'classWeight'>);
  }
}

/** Algorithm names a forest can be made of: @dt/core's (gini-features, maxcut-node-means-pca, hhcart-d, ...) and 'decision-stream'. */
export function listForestAlgorithms(): string[] {
  return [...listAlgorithms(), 'decision-stream'];
}

/** Constructor options of a forest of any dt algorithm (oblique forests): the ensemble options and the members' feature subspace. */
export interface AlgorithmForestOptions extends EnsembleOptions {
  /**
   * Features per member (a random subspace per tree, drawn from the member's seed): a count, a
   * fraction in (0, 1], 'sqrt' (⌊√d⌋), 'log2', or null (all; default). On wide data (images) a
   * subspace is what makes oblique forests affordable — a node's projection then works in the
   * member's k features instead of all d — and it makes the members diverse.
   */
  maxFeatures?: MemberFeatures;
  /** Options of every member (tree options for @dt/core algorithms, stream options for 'decision-stream'). */
  tree?: ClassifierOptions | StreamOptions;
}

/**
 * A forest of a named algorithm — oblique forests (Max-Cut/Gini with node or global PCA, HHCART)
 * and Decision Stream forests: bootstrap rows per member (100 members by default) and, with
 * `maxFeatures`, a random feature subspace per member; soft voting. Axis algorithms can also sample
 * features per node through `tree.maxFeatures`.
 */
export function algorithmForest(algorithm: string, options: AlgorithmForestOptions = {}): AlgorithmForestClassifier {
  return new AlgorithmForestClassifier(algorithm, options);
}

/** A forest of a named algorithm (see algorithmForest); saveable when the algorithm is one of @dt/core's. */
export class AlgorithmForestClassifier extends BaggingClassifier {
  readonly algorithm: string;
  /** The members' options (without their seeds). */
  readonly memberOptions: Readonly<Record<string, unknown>>;
  /** Per-member subspace option as given (null: all features). */
  readonly maxFeatures: MemberFeatures;

  constructor(algorithm: string, options: AlgorithmForestOptions = {}) {
    const { base, rest, treeOptions } = algorithmBase(algorithm, options);
    super({ ...rest, base, repeatRows: algorithm === 'decision-stream' }, { nEstimators: 100 });
    this.algorithm = algorithm;
    this.memberOptions = Object.freeze({ ...treeOptions });
    this.maxFeatures = (rest.maxFeatures as MemberFeatures | undefined) ?? null;
  }

  override getParams(): AlgorithmForestOptions & Record<string, unknown> {
    const { base: _base, repeatRows: _repeat, ...ensemble } = super.getParams();
    void _base;
    void _repeat;
    return { ...ensemble, tree: { ...this.memberOptions } };
  }

  protected override withParams(params: object): this {
    return new AlgorithmForestClassifier(this.algorithm, params as AlgorithmForestOptions) as this;
  }

  protected override threadSpec(): ForestThreadSpec<ClassifierMember> {
    return forestThreadSpec(this);
  }

  /** The estimator name in forest files. */
  get [FOREST_KIND](): ForestEstimator {
    return 'AlgorithmForestClassifier';
  }

  /** The dt-forest file as an object: `JSON.stringify(forest)` writes what loadForest/fromJSON read (throws before fit). */
  toJSON(): ForestJson {
    return forestToJson(this);
  }

  /** A forest of a named algorithm from a dt-forest file (JSON text or parsed object). */
  static fromJSON(json: string | unknown): AlgorithmForestClassifier {
    return readForestAs(json, AlgorithmForestClassifier, algorithmForestFromSpec);
  }

  /** Same as fromJSON (ml-cart's spelling). */
  static load(json: string | unknown): AlgorithmForestClassifier {
    return readForestAs(json, AlgorithmForestClassifier, algorithmForestFromSpec);
  }
}

function algorithmBase(algorithm: string, options: AlgorithmForestOptions): { base: MemberFactory<ClassifierMember>; rest: Record<string, unknown>; treeOptions: Record<string, unknown> } {
  const o = plainObject('options', options);
  const { tree, ...rest } = o as AlgorithmForestOptions;
  const treeOptions = tree === undefined ? {} : plainObject('tree', tree);
  let base: MemberFactory<ClassifierMember>;
  if (algorithm === 'decision-stream') {
    new DecisionStreamClassifier(treeOptions as StreamOptions); // validates once, naming the bad option
    base = (seed) => new DecisionStreamClassifier({ ...(treeOptions as StreamOptions), seed });
  } else {
    if (!listAlgorithms().includes(algorithm as never)) throw new UnknownNameError('algorithm', algorithm, listForestAlgorithms());
    createClassifier(algorithm, algorithmOptions(algorithm, treeOptions as ClassifierOptions)); // validates once
    base = (seed) => createClassifier(algorithm, { ...(treeOptions as ClassifierOptions), seed });
  }
  // Decision Streams take no sample weights: their members see the drawn rows repeated (repeatRows above).
  return { base, rest, treeOptions };
}

/** The algorithm forest a forest file's spec describes (options validated by the constructor); null for other estimators. */
export function algorithmForestFromSpec({ spec, params, memberOptions }: LoadedSpec): AlgorithmForestClassifier | null {
  if (spec.estimator !== 'AlgorithmForestClassifier') return null;
  const { classWeight: _cw, ...rest } = params;
  void _cw;
  // A named algorithm sets its own criterion and projection; stream options are all the member's.
  const { criterion: _c, projection: _p, ...algorithmMemberOptions } = memberOptions;
  void _c;
  void _p;
  const tree = spec.algorithm === STREAM ? memberOptions : algorithmMemberOptions;
  return new AlgorithmForestClassifier(spec.algorithm ?? '', { ...rest, maxFeatures: memberFeaturesValue(spec.subspace ?? null), tree } as never);
}
