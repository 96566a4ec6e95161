import { binDataset, DecisionTreeClassifier, DecisionTreeRegressor, encodeLabels, type BinnedDataset, type ClassLabel, type DenseMatrix, type FeatureInput, type LabelInput, type Tree } from '@dt/core';
import { accuracyScore, checkFeatureNames, FIT_CELLS_WITH_MISSING, FIT_ROWS, SharedRows, type MemberRows, logProba, noRuleForMissing, optionParams, r2Score, rejectMissingRows, splitRows, toRowMajor, toRowMajorView, toSampleWeight, toTargets, RESTORE } from '@dt/core/internal';
import { createRandom, InvalidArgumentError, knownKeys, NotFittedError, plainObject, ShapeMismatchError, type Random } from '@dt/errors';
import { memberSeeds, resolveMaxSamples, sampleWithoutReplacement, weightedBootstrapCounts } from './bootstrap.js';
import { fitOnThreads, forestThreads, type ForestThreadReport, type ForestThreadSpec } from './fit-threads.js';
import { forestApply, forestDecisionPath, type ForestDecisionPath } from './forest-paths.js';
import { ENSEMBLE_OPTIONS, type EnsembleClassWeight, type ResolvedEnsembleOptions } from './forest-options.js';

/**
 * A fitted-or-fittable classifier an ensemble can hold (every dt classifier is one). Members are
 * fitted as `fit(X, y, { sampleWeight })`, or, for bagging with `repeatRows`, on repeated rows
 * without weights (for estimators without sample weights, such as Decision Streams).
 */
export interface ClassifierMember {
  /** Fits the member on its bootstrap rows (no fit options). */
  fit(X: FeatureInput, y: LabelInput, fitOptions?: never): unknown;
  /** Class probabilities, rows × classes row-major, in `classes` order. */
  predictProbaFlat(X: FeatureInput): Float64Array;
  readonly classes: ClassLabel[];
  readonly featureImportances?: Float64Array;
  readonly nodeCount?: number;
}

/** A regressor an ensemble can hold. */
export interface RegressorMember {
  /** Fits the member on its bootstrap rows (no fit options). */
  fit(X: FeatureInput, y: ArrayLike<number>, fitOptions?: never): unknown;
  /** One predicted value per row. */
  predict(X: FeatureInput): ArrayLike<number>;
  readonly featureImportances?: Float64Array;
  readonly nodeCount?: number;
}

const FIT_OPTION_KEYS = ['sampleWeight', 'featureNames', 'onProgress'];

/** Options of an ensemble fit: sample weights, feature names and a per-member progress callback. */
export interface EnsembleFitOptions {
  sampleWeight?: ArrayLike<number> | null;
  featureNames?: readonly string[] | null;
  /** Called after each member is fitted: (members done, total). */
  onProgress?: (done: number, total: number) => void;
}

/** What member i was fitted on: bootstrap draw counts per row (null: every row once) and its feature subset (null: all). */
export interface MemberDraw {
  counts: Int32Array | null;
  features: Int32Array | null;
  /** The member's own seed (after the draws). */
  seed: number;
}

/** How members see features: all, or a per-member subset (bagging's maxFeatures). */
export interface FeatureSubspace {
  /** Features per member (all when >= d). */
  count(d: number): number;
}

/** The key of the method that plans a fit (for @dt/ensemble/node's workers; not public API). */
export const PREPARE_FIT: unique symbol = Symbol('dt.ensemble.prepareFit');

/**
 * What a planned fit can be handed instead of computing it: the forest's bins (worker threads get the
 * fitting thread's, in shared memory), or a request to put the bins it makes in shared memory.
 */
export interface PrepareInputs {
  binned?: BinnedDataset | null;
  sharedBins?: boolean;
}

/** A planned fit: member i's fit depends only on the data and draws[i], so any thread can run it. */
export interface PreparedFit<M> {
  readonly draws: MemberDraw[];
  /** X binned once for every 'hist' member (null: the members search raw values). */
  readonly binned: BinnedDataset | null;
  /** Classes of the encoded labels (0 for regression). */
  readonly nClasses: number;
  /** Fits member i (unfitted member, its rows, weights and seed from draws[i]). */
  fitMember(i: number): M;
  /** Member i (a dt tree) from the tree and classes fitMember gave it on another thread. */
  restoreMember(i: number, tree: Tree, classes: ClassLabel[] | null): M;
  /** Installs the fitted members (index order) and computes the out-of-bag results. */
  finish(members: M[]): void;
}

/** The key of the method that puts loaded members into an ensemble (model files; not public API). */
export const RESTORE_ENSEMBLE: unique symbol = Symbol('dt.ensemble.restore');

export interface EnsembleState<M> {
  members: M[];
  features: (Int32Array | null)[];
  nFeatures: number;
  featureNames: string[] | null;
  classes: ClassLabel[] | null;
  /** The out-of-bag score a model file kept (its per-row decisions are not stored). */
  oobScore?: number | null;
}

/**
 * The fit/predict machinery every ensemble shares. Member i's draws come from a generator seeded
 * only by (forest seed, i), so the ensemble is identical whatever the order members are fitted in.
 * Bootstrap follows scikit-learn: draw `maxSamples` row indices with replacement; a member is fitted
 * on the drawn rows (each once) with sample weight = draw count × sample weight × class weight.
 */
export abstract class Ensemble<M extends ClassifierMember | RegressorMember> {
  readonly options: ResolvedEnsembleOptions;
  protected members: M[] = [];
  protected draws: MemberDraw[] = [];
  protected d = 0;
  protected names: string[] | null = null;
  protected readonly subspace: FeatureSubspace | null;
  /** Fit members on the drawn rows repeated by their counts, without sample weights (scikit-learn's rule for estimators without sample_weight). */
  protected repeatRows = false;
  /** The out-of-bag score of a loaded ensemble (model files keep the score, not the per-row values). */
  protected loadedOobScore: number | null = null;

  protected constructor(options: ResolvedEnsembleOptions, subspace: FeatureSubspace | null) {
    this.options = options;
    this.subspace = subspace;
  }

  /** Builds member i (unfitted) with its seed. */
  protected abstract makeMember(seed: number, index: number): M;

  /** 'classification' or 'regression'. */
  protected abstract readonly task: 'classification' | 'regression';

  /** A new unfitted estimator of this kind from constructor options (validated by the constructor). */
  protected abstract withParams(params: object): this;

  /** The ensemble's own options as the constructor takes them (subclasses add their members' options). */
  protected ensembleParams(): Record<string, unknown> {
    return optionParams(ENSEMBLE_OPTIONS, this.options, this.task);
  }

  /**
   * Every constructor option with its value (defaults filled in), as scikit-learn's get_params():
   * an estimator built from it is the same unfitted model.
   */
  abstract getParams(): object;

  /** An unfitted copy with the same options (scikit-learn's clone). */
  clone(): this {
    return this.withParams(this.getParams());
  }

  /**
   * Changes options (validated as the constructor does; unknown keys are errors) and returns this,
   * unfitted: fit again.
   */
  setParams(params: object): this {
    const fresh = this.withParams({ ...this.getParams(), ...plainObject('params', params) });
    Object.assign(this, fresh);
    return this;
  }

  /** The fitted members, in index order (each predicts encoded classes 0..C-1 for classifiers). */
  get estimators(): M[] {
    this.check();
    return [...this.members];
  }

  get isFitted(): boolean {
    return this.members.length > 0;
  }

  get nFeatures(): number {
    this.check();
    return this.d;
  }

  get featureNames(): string[] | null {
    return this.names;
  }

  /** Bootstrap draw counts per training row of each member (null entries: every row once; scikit-learn's estimators_samples_ as counts). */
  get estimatorsDrawCounts(): (Int32Array | null)[] {
    this.check();
    return this.draws.map((dr) => (dr.counts === null ? null : dr.counts.slice()));
  }

  /** Feature subsets of the members (null entries: all features). */
  get estimatorsFeatures(): (Int32Array | null)[] {
    this.check();
    return this.draws.map((dr) => dr.features);
  }

  /**
   * Mean of the members' normalised impurity importances (members that are a single leaf are left
   * out), normalised to sum 1 — scikit-learn's feature_importances_. All zero when no member splits.
   */
  get featureImportances(): Float64Array {
    this.check();
    const out = new Float64Array(this.d);
    let used = 0;
    this.members.forEach((m, i) => {
      const imp = m.featureImportances;
      if (imp === undefined) throw new InvalidArgumentError('featureImportances', 'members with featureImportances (dt trees)', m.constructor.name);
      if (m.nodeCount !== undefined && m.nodeCount <= 1) return;
      const feats = this.draws[i]!.features;
      for (let k = 0; k < imp.length; k++) out[feats ? feats[k]! : k]! += imp[k]!;
      used++;
    });
    let sum = 0;
    for (let f = 0; f < out.length; f++) sum += out[f]!;
    if (used === 0 || sum === 0) return new Float64Array(this.d);
    for (let f = 0; f < out.length; f++) out[f]! /= sum;
    return out;
  }

  /** Installs a loaded ensemble's members and feature subsets (the model file reader's hook, not for users). */
  [RESTORE_ENSEMBLE](state: EnsembleState<M>): void {
    this.members = state.members;
    this.draws = state.features.map((features, i) => ({ counts: null, features, seed: i }));
    this.d = state.nFeatures;
    this.names = state.featureNames;
    this.loadedOobScore = state.oobScore ?? null;
  }

  /** The out-of-bag score if the ensemble has one (computed at fit, or kept in its model file), else null. */
  get oobScoreOrNull(): number | null {
    try {
      return (this as unknown as { oobScore: number }).oobScore;
    } catch {
      return null;
    }
  }

  /** Per-row out-of-bag values exist only in the process that fitted the ensemble. */
  protected needOobRows(name: string): void {
    void (this as unknown as { oobScore: number }).oobScore;
    if (this.loadedOobScore !== null && !this.hasOobRows()) throw new InvalidArgumentError(name, 'read on an ensemble fitted in this process (model files keep only the out-of-bag score)', 'a loaded ensemble');
  }

  /** True when out-of-bag predictions of this process's fit are at hand (a loaded model keeps only the score). */
  protected abstract hasOobRows(): boolean;

  /** Throws NotFittedError before fit (or load). */
  protected check(): void {
    if (this.members.length === 0) throw new NotFittedError(this.constructor.name);
  }

  /**
   * Member i's draws: feature subset first (bagging), then bootstrap counts (in proportion to
   * `drawWeights`, scikit-learn 1.9; null: uniform), then the member seed.
   */
  protected drawFor(seed: number, n: number, d: number, drawWeights: Float64Array | null): MemberDraw {
    const rng: Random = createRandom(seed);
    let features: Int32Array | null = null;
    if (this.subspace) {
      const k = this.subspace.count(d);
      if (k < d) features = sampleWithoutReplacement(d, k, rng);
    }
    const counts = this.options.bootstrap ? weightedBootstrapCounts(drawWeights, n, resolveMaxSamples(this.options.maxSamples, n, drawWeights), rng) : null;
    return { counts, features, seed: rng.int(0x7fffffff) };
  }

  /** The rows a member is fitted on (drawn rows, each once), its feature columns, and the weights. */
  protected memberData(
    x: { data: Float64Array; rows: number; cols: number },
    draw: MemberDraw,
    baseWeight: Float64Array | null,
  ): { X: DenseMatrix; rows: Int32Array | null; weight: Float64Array | null } {
    const { counts, features } = draw;
    if (counts === null && features === null) return { X: x, rows: null, weight: baseWeight };
    let rows: Int32Array | null = null;
    if (counts !== null && this.repeatRows) {
      if (baseWeight !== null) throw new InvalidArgumentError('sampleWeight', 'null for members fitted on repeated rows', 'an array');
      let m = 0;
      for (let r = 0; r < x.rows; r++) m += counts[r]!;
      rows = new Int32Array(m);
      for (let r = 0, j = 0; r < x.rows; r++) for (let k = 0; k < counts[r]!; k++) rows[j++] = r;
      return { X: takeMatrix(x, rows, features), rows, weight: null };
    }
    const drawn = drawnRows(counts, baseWeight);
    return { X: takeMatrix(x, drawn.rows, features), ...drawn };
  }

  /**
   * Fits member i — a dt tree on all features from the forest's SharedRows (its feature index
   * derived from the forest's, its rows never copied: the same tree as fitting it on memberData's
   * matrix), any other member on memberData's matrix.
   */
  protected fitMemberOn(
    shared: SharedRows,
    binned: BinnedDataset | null,
    x: { data: Float64Array; rows: number; cols: number },
    i: number,
    draw: MemberDraw,
    baseWeight: Float64Array | null,
    fitRows: (m: M, rows: Int32Array | null, X: MemberRows | DenseMatrix | BinnedDataset, weight: Float64Array | null) => void,
  ): M {
    const m = this.makeMember(draw.seed, i);
    if (binned !== null && draw.features === null && !this.repeatRows) {
      // The forest's bins, the member's drawn rows read in place (never copied, never re-binned).
      const { rows, weight } = drawnRows(draw.counts, baseWeight);
      fitRows(m, rows, rows === null ? binned : binned.subset(rows), weight);
    } else if (draw.features === null && !this.repeatRows && isAxisTree(m)) {
      const { rows, weight } = drawnRows(draw.counts, baseWeight);
      fitRows(m, rows, shared.member(rows), weight);
    } else {
      const { X, rows, weight } = this.memberData(x, draw, baseWeight);
      fitRows(m, rows, X, weight);
    }
    return m;
  }

  /** The member's view of prediction rows (its feature subset). */
  protected memberInput(x: DenseMatrix, i: number, rows: Int32Array | null = null): DenseMatrix {
    const feats = this.draws[i]!.features;
    return feats === null && rows === null ? x : takeMatrix(x, rows, feats);
  }

  /**
   * Member i's tree when prediction can walk it directly on the forest's rows (a dt tree on all
   * features), else null (the member predicts through its own API).
   */
  protected walkableTree(i: number): Tree | null {
    const m: unknown = this.members[i];
    if (this.draws[i]!.features !== null || !(m instanceof DecisionTreeClassifier || m instanceof DecisionTreeRegressor)) return null;
    return m.tree.nFeatures === this.d ? m.tree : null;
  }

  /**
   * Leaf of each row in each member's tree (scikit-learn's forest `apply`): rows × nEstimators,
   * row-major (entry r·nEstimators + t is the node id of tree t that row r lands in).
   */
  apply(X: FeatureInput): Int32Array {
    const x = this.predictInput(X);
    return forestApply(this.memberTrees('apply'), (i) => this.memberInput(x, i), x.rows);
  }

  /**
   * Every node each row visits in every tree (scikit-learn's forest `decision_path`): a CSR
   * indicator matrix of rows × Σ nodes (`indptr`, `indices`; every entry is 1) and `nodeIndptr`,
   * where columns nodeIndptr[t] .. nodeIndptr[t+1] are tree t's nodes. See ForestDecisionPath.
   */
  decisionPath(X: FeatureInput): ForestDecisionPath {
    const x = this.predictInput(X);
    return forestDecisionPath(this.memberTrees('decisionPath'), (i) => this.memberInput(x, i), x.rows);
  }

  /** The members' trees; members that are not dt trees (Decision Streams, custom members) have no node ids to report. */
  private memberTrees(method: string): Tree[] {
    return this.members.map((m: unknown) => {
      if (m instanceof DecisionTreeClassifier || m instanceof DecisionTreeRegressor) return m.tree;
      throw new InvalidArgumentError('model', `a forest of dt trees for ${method} (members here are ${(m as object).constructor.name})`, method);
    });
  }

  /** Prediction rows as given (typed arrays are not widened: Uint8 pixels stay 1 byte each). */
  protected predictInput(X: FeatureInput): DenseMatrix {
    this.check();
    const x = toRowMajorView(X, 'X', false);
    if (x.cols !== this.d) throw new ShapeMismatchError(`X has ${x.cols} features but the ensemble was fitted with ${this.d}`);
    return x;
  }

  /** Validates X and the fit options once for all members (unknown fit options are refused): the rows and sample weights. */
  protected fitInput(X: FeatureInput, fitOptions: EnsembleFitOptions): { x: { data: Float64Array; rows: number; cols: number }; sw: Float64Array | null } {
    // Fit options as the trees take them: unknown keys (typos) are refused, not ignored.
    knownKeys('fitOptions', plainObject('fitOptions', fitOptions), FIT_OPTION_KEYS);
    if (fitOptions.onProgress !== undefined && typeof fitOptions.onProgress !== 'function') throw new InvalidArgumentError('fitOptions.onProgress', 'a function (done, total) => void', fitOptions.onProgress);
    // Members fitted on repeated rows take no weights: with bootstrap the weights are draw
    // frequencies (scikit-learn 1.9), without it say which weights were given.
    const unweighted = this.repeatRows && !this.options.bootstrap;
    if (unweighted && (fitOptions.sampleWeight ?? null) !== null) throw new InvalidArgumentError('sampleWeight', 'null for members fitted on repeated rows without bootstrap (they take no sample weights)', fitOptions.sampleWeight);
    if (unweighted && (this.options.classWeight ?? null) !== null) throw new InvalidArgumentError('classWeight', 'null for members fitted on repeated rows without bootstrap (they take no sample weights)', this.options.classWeight);
    if (this.repeatRows && this.options.classWeight === 'balanced_subsample') throw new InvalidArgumentError('classWeight', "'balanced' or per-label weights for members fitted on repeated rows ('balanced_subsample' weights the draw's rows)", this.options.classWeight);
    const x = toRowMajor(X, 'X', FIT_CELLS_WITH_MISSING);
    this.checkMissing(x);
    const sw = toSampleWeight(fitOptions.sampleWeight, x.rows);
    this.names = checkFeatureNames(fitOptions.featureNames, x.cols);
    this.d = x.cols;
    return { x, sw };
  }

  /**
   * NaN (missing values) are learnt by axis-split member trees; members with no rule for them
   * (oblique or Max-Cut trees, Decision Streams, custom members) get them refused here, naming the
   * cell of the forest's X (a member would name a cell of its bootstrap sample).
   */
  protected checkMissing(x: { data: Float64Array; rows: number; cols: number }): void {
    const probe: unknown = this.makeMember(0, 0);
    const why = probe instanceof DecisionTreeClassifier || probe instanceof DecisionTreeRegressor ? noRuleForMissing(probe.options) : "this forest's member model";
    if (why !== null) rejectMissingRows(x.data, x.rows, x.cols, why);
  }

  /** Every member's draws, from (forest seed, index) and the draw weights only. */
  protected planDraws(x: { rows: number; cols: number }, drawWeights: Float64Array | null): MemberDraw[] {
    const seeds = memberSeeds(this.options.seed, this.options.nEstimators);
    return Array.from(seeds, (seed) => this.drawFor(seed, x.rows, x.cols, drawWeights));
  }

  /** Member i of a planned fit (its seed from the plan's draws) holding a tree fitted elsewhere. */
  protected restoreMember(seed: number, i: number, tree: Tree, classes: ClassLabel[] | null): M {
    const m: unknown = this.makeMember(seed, i);
    if (!(m instanceof DecisionTreeClassifier || m instanceof DecisionTreeRegressor)) throw new InvalidArgumentError('nJobs', '1 for members that are not dt trees', this.options.nJobs);
    m[RESTORE]({ fitted: tree, featureNames: null, ...(classes === null ? {} : { classes }) });
    return m as unknown as M;
  }

  /** Validates the data and plans every member's fit (used by fit and by the worker pool of @dt/ensemble/node). */
  abstract [PREPARE_FIT](X: FeatureInput, y: unknown, fitOptions: EnsembleFitOptions, inputs?: PrepareInputs): PreparedFit<M>;

  /**
   * X binned once for the forest when its members are 'hist' trees on every feature (the same bins
   * each member's own 'hist' fit would make with the forest's weights): given (a worker thread's
   * copy of the fitting thread's) or made here; null when members read raw values.
   */
  protected forestBins(x: { data: Float64Array; rows: number; cols: number }, sw: Float64Array | null, inputs: PrepareInputs): BinnedDataset | null {
    if (this.subspace !== null || this.repeatRows) return null;
    const probe: unknown = this.makeMember(0, 0);
    if (!(probe instanceof DecisionTreeClassifier || probe instanceof DecisionTreeRegressor)) return null;
    const o = probe.options;
    if (o.splitter.name !== 'hist' || o.projection !== null || o.categoricalFeatures !== null || o.scale) return null;
    // A criterion that checks each fit's targets (Poisson: a positive sum) would refuse a draw of
    // zeros that the forest-level check (checkTargets) allows: such members fit through FIT_ROWS.
    if (o.criterion.task === 'regression' && o.criterion.checkTargets !== undefined) return null;
    if (inputs.binned) return inputs.binned;
    return binDataset(x, { maxBins: o.maxBins, sampleWeight: sw, shared: inputs.sharedBins === true });
  }

  /**
   * How worker threads rebuild this forest and read back its members (fit with nJobs > 1), or null
   * when they cannot: a Bagging forest's member factory is code, which no other thread can run.
   */
  protected threadSpec(): ForestThreadSpec<M> | null {
    return null;
  }

  /**
   * Threads the last fit in this process ran on: nJobs as given, the threads that ran (this one and
   * its workers; nJobs above the cores or the members is clamped to them) and the members each fitted
   * (index 0: the fitting thread). Null before fit and for a loaded model.
   */
  get threadReport(): ForestThreadReport | null {
    return this.threads;
  }

  private threads: ForestThreadReport | null = null;

  /**
   * Fits members 0..nEstimators-1: in this thread in index order, or with nJobs > 1 on that many
   * threads (fit-threads.ts; Node only, synchronous) — the same members either way.
   */
  protected fitMembers(X: FeatureInput, y: unknown, fitOptions: EnsembleFitOptions): void {
    const nJobs = this.options.nJobs;
    const threads = forestThreads(nJobs, this.options.nEstimators);
    const how = threads > 1 ? this.threadSpec() : null;
    if (threads > 1 && how === null) throw new InvalidArgumentError('nJobs', '1 for a Bagging forest of custom members (its member factory cannot run on worker threads)', nJobs);
    const plan = this[PREPARE_FIT](X, y, fitOptions);
    const total = plan.draws.length;
    if (how !== null) {
      const { members, membersPerThread } = fitOnThreads(plan, how, { X, y, sampleWeight: fitOptions.sampleWeight, featureNames: fitOptions.featureNames }, nJobs, threads, fitOptions.onProgress);
      plan.finish(members);
      this.threads = { requested: nJobs, threads, membersPerThread };
      return;
    }
    const members: M[] = [];
    for (let i = 0; i < total; i++) {
      members.push(plan.fitMember(i));
      fitOptions.onProgress?.(i + 1, total);
    }
    plan.finish(members);
    this.threads = { requested: nJobs, threads: 1, membersPerThread: [total] };
  }
}

/** Rows (null: all) × features (null: all) of a row-major matrix, as a new row-major matrix. */
export function takeMatrix(x: DenseMatrix, rows: Int32Array | null, features: Int32Array | null): DenseMatrix {
  const m = rows === null ? x.rows : rows.length;
  const k = features === null ? x.cols : features.length;
  const out = new Float64Array(m * k);
  const d = x.cols;
  const src = x.data;
  for (let j = 0; j < m; j++) {
    const base = (rows === null ? j : rows[j]!) * d;
    const o = j * k;
    if (features === null) out.set(src.subarray(base, base + d), o);
    else for (let f = 0; f < k; f++) out[o + f] = src[base + features[f]!]!;
  }
  return { data: out, rows: m, cols: k };
}

/**
 * Ensemble classifier: soft voting (the mean of the members' class probabilities, scikit-learn's
 * rule); members are fitted on class codes 0..C-1 so a member that never saw a class still votes
 * in the right columns.
 */
export abstract class EnsembleClassifier<M extends ClassifierMember> extends Ensemble<M> {
  protected readonly task = 'classification';
  private labelSet: ClassLabel[] = [];
  private oob: { decision: Float64Array; score: number } | null = null;
  protected hasOobRows(): boolean {
    return this.oob !== null;
  }

  get classes(): ClassLabel[] {
    this.check();
    return [...this.labelSet];
  }

  get nClasses(): number {
    return this.labelSet.length;
  }

  override [RESTORE_ENSEMBLE](state: EnsembleState<M>): void {
    super[RESTORE_ENSEMBLE](state);
    this.labelSet = [...(state.classes ?? [])];
    this.oob = null;
  }

  /** Fits every member on its bootstrap draw and feature subset; same data and seed, same ensemble. */
  fit(X: FeatureInput, y: LabelInput, fitOptions: EnsembleFitOptions = {}): this {
    this.fitMembers(X, y, fitOptions);
    return this;
  }

  [PREPARE_FIT](X: FeatureInput, y: unknown, fitOptions: EnsembleFitOptions, inputs: PrepareInputs = {}): PreparedFit<M> {
    const { x, sw } = this.fitInput(X, fitOptions);
    const { codes, classes } = encodeLabels(y, x.rows);
    const binned = this.forestBins(x, sw, inputs);
    const C = classes.length;
    const cw = this.options.classWeight;
    const bootstrap = this.options.bootstrap;
    // scikit-learn 1.9: sampleWeight × classWeight ('balanced_subsample': sampleWeight alone) are the
    // bootstrap's draw frequencies and the members' weights are the draw counts ('balanced_subsample':
    // × 'balanced' over the draw); without bootstrap they are the members' weights.
    const subsample = cw === 'balanced_subsample' && bootstrap;
    const fixed = applyClassWeight(cw === 'balanced_subsample' ? (bootstrap ? null : 'balanced') : cw, codes, classes, sw, null);
    const draws = this.planDraws(x, bootstrap ? fixed : null);
    const shared = new SharedRows(x);
    return {
      draws,
      binned,
      nClasses: C,
      fitMember: (i) => {
        const draw = draws[i]!;
        const base = subsample ? applyClassWeight('balanced', codes, classes, null, draw.counts) : bootstrap ? null : fixed;
        return this.fitMemberOn(shared, binned, x, i, draw, base, (m, rows, Xm, weight) => {
          const ym = rows === null ? codes : gather(codes, rows);
          if ('index' in Xm) (m as unknown as DecisionTreeClassifier)[FIT_ROWS](Xm, ym, fitWeights(weight));
          else m.fit(Xm as DenseMatrix, ym, fitWeights(weight));
        });
      },
      restoreMember: (i, tree, memberClasses) => this.restoreMember(draws[i]!.seed, i, tree, memberClasses),
      finish: (members) => {
        this.labelSet = classes;
        this.members = members;
        this.draws = draws;
        this.oob = this.options.oobScore ? this.computeOob(x, codes, C) : null;
      },
    };
  }

  /** Mean class probabilities of the members (rows × classes, row-major). */
  predictProbaFlat(X: FeatureInput): Float64Array {
    const x = this.predictInput(X);
    const C = this.labelSet.length;
    const out = new Float64Array(x.rows * C);
    const M = this.members.length;
    // Per member: its leaves' nonzero class probabilities as (forest class, probability) runs
    // (dt trees, walked in the loop below; fully grown leaves hold one class), or its probability
    // matrix (any other member) with its class map.
    const trees: (Tree | null)[] = new Array<Tree | null>(M);
    const votes: (LeafVotes | null)[] = new Array<LeafVotes | null>(M);
    const dense: (Float64Array | null)[] = new Array<Float64Array | null>(M);
    const classMaps: Int32Array[] = new Array<Int32Array>(M);
    for (let i = 0; i < M; i++) {
      const m = this.members[i]!;
      const tree = this.walkableTree(i);
      trees[i] = tree;
      classMaps[i] = Int32Array.from(m.classes, (c) => c as number);
      votes[i] = tree !== null ? leafVotes(tree, classMaps[i]!) : null;
      dense[i] = tree !== null ? null : m.predictProbaFlat(this.memberInput(x, i));
    }
    // Blocks of rows walk every tree while they are in cache; members are added in index order
    // per row (skipped zero probabilities add nothing), so the sums are the ones member-by-member
    // accumulation gives.
    forEachRowBlock(x, trees, (i, b0, bn, leaves) => {
      if (leaves !== null) {
        const { start, cls, p } = votes[i]!;
        for (let j = 0; j < bn; j++) {
          const leaf = leaves[j]!;
          const o = (b0 + j) * C;
          for (let e = start[leaf]!; e < start[leaf + 1]!; e++) out[o + cls[e]!]! += p[e]!;
        }
      } else {
        const table = dense[i]!;
        const map = classMaps[i]!;
        const k = map.length;
        for (let j = b0; j < b0 + bn; j++) for (let c = 0; c < k; c++) out[j * C + map[c]!]! += table[j * k + c]!;
      }
    });
    const inv = 1 / M;
    for (let k = 0; k < out.length; k++) out[k]! *= inv;
    return out;
  }

  /** Mean class probabilities of the members, one row per sample, in `classes` order. */
  predictProba(X: FeatureInput): number[][] {
    return splitRows(this.predictProbaFlat(X), this.labelSet.length);
  }

  /** Class codes of the largest mean probability (ties: first class, as numpy.argmax). */
  predictCodes(X: FeatureInput): Int32Array {
    const p = this.predictProbaFlat(X);
    return argmaxRows(p, this.labelSet.length);
  }

  /** The class of highest mean probability for each row (soft voting, as scikit-learn). */
  predict(X: FeatureInput): ClassLabel[] {
    return Array.from(this.predictCodes(X), (c) => this.labelSet[c]!);
  }

  /** Natural log of predictProba (log 0 = -Infinity, as scikit-learn). */
  predictLogProba(X: FeatureInput): number[][] {
    return logProba(this.predictProba(X));
  }

  /** Mean accuracy on (X, y), weighted by sampleWeight when given. */
  score(X: FeatureInput, y: LabelInput, sampleWeight?: ArrayLike<number> | null): number {
    return accuracyScore(this.predict(X), y, sampleWeight);
  }

  /** Out-of-bag accuracy (oobScore: true). */
  get oobScore(): number {
    this.check();
    if (this.oob === null) {
      if (this.loadedOobScore !== null) return this.loadedOobScore;
      throw new InvalidArgumentError('oobScore', 'true at construction to read the out-of-bag score', false);
    }
    return this.oob.score;
  }

  /** Out-of-bag class probabilities per training row (rows × classes); all zero for a row every member saw. */
  get oobDecisionFunction(): number[][] {
    this.needOobRows('oobDecisionFunction');
    return splitRows(this.oob!.decision, this.labelSet.length);
  }

  /** Each training row's probabilities averaged over the members that did not draw it (scikit-learn's rule). */
  private computeOob(x: { data: Float64Array; rows: number; cols: number }, codes: Int32Array, C: number): { decision: Float64Array; score: number } {
    const n = x.rows;
    const sum = new Float64Array(n * C);
    const votes = new Int32Array(n);
    this.members.forEach((m, i) => {
      const rows = outOfBag(this.draws[i]!.counts!);
      if (rows.length === 0) return;
      for (let j = 0; j < rows.length; j++) votes[rows[j]!]!++;
      addProba(sum, m, this.memberInput(x, i, rows), rows, C);
    });
    for (let r = 0; r < n; r++) {
      const v = votes[r]!;
      if (v > 1) for (let c = 0; c < C; c++) sum[r * C + c]! /= v;
    }
    const pred = argmaxRows(sum, C);
    let ok = 0;
    for (let r = 0; r < n; r++) if (pred[r] === codes[r]) ok++;
    return { decision: sum, score: ok / n };
  }
}

/** Ensemble regressor: the mean of the members' predictions. */
export abstract class EnsembleRegressor<M extends RegressorMember> extends Ensemble<M> {
  protected readonly task = 'regression';
  private oob: { prediction: Float64Array; score: number } | null = null;
  protected hasOobRows(): boolean {
    return this.oob !== null;
  }

  /** Fits every member on its bootstrap draw and feature subset; same data and seed, same ensemble. */
  fit(X: FeatureInput, y: ArrayLike<number>, fitOptions: EnsembleFitOptions = {}): this {
    this.fitMembers(X, y, fitOptions);
    return this;
  }

  [PREPARE_FIT](X: FeatureInput, y: unknown, fitOptions: EnsembleFitOptions, inputs: PrepareInputs = {}): PreparedFit<M> {
    const { x, sw } = this.fitInput(X, fitOptions);
    const t = toTargets(y, x.rows);
    const binned = this.forestBins(x, sw, inputs);
    this.checkTargets(t, sw);
    const bootstrap = this.options.bootstrap;
    // Sample weights are the bootstrap's draw frequencies (scikit-learn 1.9), else the members' weights.
    const draws = this.planDraws(x, bootstrap ? sw : null);
    const shared = new SharedRows(x);
    return {
      draws,
      binned,
      nClasses: 0,
      fitMember: (i) =>
        this.fitMemberOn(shared, binned, x, i, draws[i]!, bootstrap ? null : sw, (m, rows, Xm, weight) => {
          const ym = rows === null ? t : gatherF(t, rows);
          if ('index' in Xm) (m as unknown as DecisionTreeRegressor)[FIT_ROWS](Xm, ym, fitWeights(weight));
          else m.fit(Xm as DenseMatrix, ym, fitWeights(weight));
        }),
      restoreMember: (i, tree) => this.restoreMember(draws[i]!.seed, i, tree, null),
      finish: (members) => {
        this.members = members;
        this.draws = draws;
        this.oob = this.options.oobScore ? this.computeOob(x, t) : null;
      },
    };
  }

  /** The member criterion's target check (Poisson: y ≥ 0, positive sum), once on the forest's y: a bootstrap draw may hold only zeros. */
  private checkTargets(t: Float64Array, sw: Float64Array | null): void {
    const probe: unknown = this.makeMember(0, 0);
    const criterion = probe instanceof DecisionTreeRegressor ? probe.options.criterion : null;
    if (criterion?.task === 'regression') criterion.checkTargets?.(t, sw, t.length, 'y');
  }

  /** Mean of the members' predictions for each row. */
  predict(X: FeatureInput): Float64Array {
    const x = this.predictInput(X);
    const out = new Float64Array(x.rows);
    const M = this.members.length;
    // Per member: its tree's node values (dt trees, walked per block of rows) or its predictions.
    const trees = Array.from({ length: M }, (_, i) => this.walkableTree(i));
    const values = this.members.map((m, i) => (trees[i] ? trees[i].value : m.predict(this.memberInput(x, i))));
    forEachRowBlock(x, trees, (i, b0, bn, leaves) => {
      const v = values[i]!;
      if (leaves !== null) for (let j = 0; j < bn; j++) out[b0 + j]! += v[leaves[j]!]!;
      else for (let j = 0; j < bn; j++) out[b0 + j]! += v[b0 + j]!;
    });
    const inv = 1 / this.members.length;
    for (let r = 0; r < x.rows; r++) out[r]! *= inv;
    return out;
  }

  /** R² of the predictions on (X, y), weighted by sampleWeight when given. */
  score(X: FeatureInput, y: ArrayLike<number>, sampleWeight?: ArrayLike<number> | null): number {
    return r2Score(this.predict(X), y, sampleWeight);
  }

  get oobScore(): number {
    this.check();
    if (this.oob === null) {
      if (this.loadedOobScore !== null) return this.loadedOobScore;
      throw new InvalidArgumentError('oobScore', 'true at construction to read the out-of-bag score', false);
    }
    return this.oob.score;
  }

  /** Out-of-bag prediction per training row (0 for a row every member saw, as scikit-learn). */
  get oobPrediction(): Float64Array {
    this.needOobRows('oobPrediction');
    return this.oob!.prediction.slice();
  }

  private computeOob(x: { data: Float64Array; rows: number; cols: number }, t: Float64Array): { prediction: Float64Array; score: number } {
    const n = x.rows;
    const sum = new Float64Array(n);
    const votes = new Int32Array(n);
    this.members.forEach((m, i) => {
      const rows = outOfBag(this.draws[i]!.counts!);
      if (rows.length === 0) return;
      const p = m.predict(this.memberInput(x, i, rows));
      for (let j = 0; j < rows.length; j++) {
        sum[rows[j]!]! += p[j]!;
        votes[rows[j]!]!++;
      }
    });
    for (let r = 0; r < n; r++) if (votes[r]! > 1) sum[r]! /= votes[r]!;
    return { prediction: sum, score: r2Score(sum, t) };
  }
}

/** A tree's nonzero leaf probabilities: node v's are entries [start[v], start[v+1]) of (cls, p); none for split nodes. */
interface LeafVotes {
  start: Int32Array;
  cls: Int32Array;
  p: Float64Array;
}

/** The tree's leaf probabilities (Tree.leafProba's values) with the member's classes mapped to the forest's. */
function leafVotes(tree: Tree, map: Int32Array): LeafVotes {
  const nodes = tree.nodeCount;
  let nLeaves = 0;
  for (let v = 0; v < nodes; v++) if (tree.isLeaf(v)) nLeaves++;
  const leafIds = new Int32Array(nLeaves);
  for (let v = 0, j = 0; v < nodes; v++) if (tree.isLeaf(v)) leafIds[j++] = v;
  const k = map.length;
  const probs = tree.leafProba(leafIds);
  let nz = 0;
  for (let e = 0; e < probs.length; e++) if (probs[e] !== 0) nz++;
  const start = new Int32Array(nodes + 1);
  const cls = new Int32Array(nz);
  const p = new Float64Array(nz);
  let e = 0;
  for (let v = 0, j = 0; v < nodes; v++) {
    start[v] = e;
    if (j < nLeaves && leafIds[j] === v) {
      for (let c = 0; c < k; c++) {
        const q = probs[j * k + c]!;
        if (q !== 0) {
          cls[e] = map[c]!;
          p[e++] = q;
        }
      }
      j++;
    }
  }
  start[nodes] = e;
  return { start, cls, p };
}

/** Bytes of X per block of the fused prediction loop: a block's rows stay in cache while every tree is walked. */
const PREDICT_BLOCK_BYTES = 1 << 20;

/** Rows per block of the fused prediction loop for a row-major matrix of this type and width. */
function blockRows(x: DenseMatrix): number {
  return Math.max(16, Math.floor(PREDICT_BLOCK_BYTES / (Math.max(1, x.cols) * x.data.BYTES_PER_ELEMENT)));
}

/**
 * Walks the rows of x in cache-sized blocks through every member, members in index order within a
 * block: visit(i, b0, bn, leaves) gets the leaves of rows [b0, b0 + bn) in member i's tree, or null
 * for a member without a walkable tree (its predictions were computed up front).
 */
function forEachRowBlock(x: DenseMatrix, trees: readonly (Tree | null)[], visit: (i: number, b0: number, bn: number, leaves: Int32Array | null) => void): void {
  const block = blockRows(x);
  for (let b0 = 0; b0 < x.rows; b0 += block) {
    const bn = Math.min(block, x.rows - b0);
    const xb = x.data.subarray(b0 * x.cols, (b0 + bn) * x.cols);
    for (let i = 0; i < trees.length; i++) {
      const tree = trees[i]!;
      visit(i, b0, bn, tree === null ? null : tree.apply(xb, bn));
    }
  }
}

/** The fit options that pass sample weights (none at all when there are none). */
function fitWeights(weight: Float64Array | null): never {
  return (weight === null ? {} : { sampleWeight: weight }) as never;
}

/** The rows a member is fitted on (drawn rows, each once, ascending; null: every row) and their weights (draw count × base weight). */
function drawnRows(counts: Int32Array | null, baseWeight: Float64Array | null): { rows: Int32Array | null; weight: Float64Array | null } {
  if (counts === null) return { rows: null, weight: baseWeight };
  let m = 0;
  for (let r = 0; r < counts.length; r++) if (counts[r]! > 0) m++;
  const rows = new Int32Array(m);
  const weight = new Float64Array(m);
  for (let r = 0, j = 0; r < counts.length; r++) {
    if (counts[r]! > 0) {
      rows[j] = r;
      weight[j++] = counts[r]! * (baseWeight ? baseWeight[r]! : 1);
    }
  }
  return { rows, weight };
}

/** A dt tree whose search reads only the feature index (axis splits, no categorical features): SharedRows serves it. */
function isAxisTree(m: unknown): boolean {
  return (m instanceof DecisionTreeClassifier || m instanceof DecisionTreeRegressor) && m.options.projection === null && m.options.categoricalFeatures === null;
}

/** Rows a member did not draw. */
export function outOfBag(counts: Int32Array): Int32Array {
  let m = 0;
  for (let r = 0; r < counts.length; r++) if (counts[r] === 0) m++;
  const out = new Int32Array(m);
  for (let r = 0, j = 0; r < counts.length; r++) if (counts[r] === 0) out[j++] = r;
  return out;
}

/** Adds a member's probabilities (its classes are codes) into out rows (rows[j] or j). */
function addProba(out: Float64Array, m: ClassifierMember, X: DenseMatrix, rows: Int32Array | null, C: number): void {
  const p = m.predictProbaFlat(X);
  const cls = m.classes;
  const k = cls.length;
  const map = Int32Array.from(cls, (c) => c as number);
  for (let j = 0; j < X.rows; j++) {
    const o = (rows === null ? j : rows[j]!) * C;
    for (let c = 0; c < k; c++) out[o + map[c]!]! += p[j * k + c]!;
  }
}

function argmaxRows(p: Float64Array, C: number): Int32Array {
  const n = p.length / C;
  const out = new Int32Array(n);
  for (let r = 0; r < n; r++) {
    let best = 0;
    for (let c = 1; c < C; c++) if (p[r * C + c]! > p[r * C + best]!) best = c;
    out[r] = best;
  }
  return out;
}

function gather(a: Int32Array, rows: Int32Array): Int32Array {
  const out = new Int32Array(rows.length);
  for (let j = 0; j < rows.length; j++) out[j] = a[rows[j]!]!;
  return out;
}

function gatherF(a: Float64Array, rows: Int32Array): Float64Array {
  const out = new Float64Array(rows.length);
  for (let j = 0; j < rows.length; j++) out[j] = a[rows[j]!]!;
  return out;
}

/**
 * Sample weights × class weights: 'balanced' = W / (C·W_c) with W_c the Σ sample weights of class c
 * (counts without weights; scikit-learn's compute_class_weight), over the rows (or, with `counts`,
 * over a bootstrap draw — 'balanced_subsample'; classes not drawn weigh 0), or per label.
 */
export function applyClassWeight(
  cw: EnsembleClassWeight,
  codes: Int32Array,
  classes: ClassLabel[],
  sw: Float64Array | null,
  counts: Int32Array | null,
): Float64Array | null {
  if (cw === null) return sw;
  const C = classes.length;
  const per = new Float64Array(C);
  if (cw === 'balanced' || cw === 'balanced_subsample') {
    const count = new Float64Array(C);
    let total = 0;
    for (let i = 0; i < codes.length; i++) {
      const k = (counts === null ? 1 : counts[i]!) * (sw === null ? 1 : sw[i]!);
      count[codes[i]!]! += k;
      total += k;
    }
    let present = 0;
    for (let c = 0; c < C; c++) if (count[c]! > 0) present++;
    for (let c = 0; c < C; c++) per[c] = count[c]! > 0 ? total / (present * count[c]!) : 0;
  } else {
    per.fill(1);
    const entries = cw instanceof Map ? [...cw.entries()] : Object.entries(cw);
    for (const [label, w] of entries) {
      const k = classes.findIndex((c) => String(c) === String(label));
      if (k < 0) throw new InvalidArgumentError(`classWeight[${JSON.stringify(label)}]`, `a label of y (${classes.join(', ')})`, label);
      if (typeof w !== 'number' || !Number.isFinite(w) || w < 0) throw new InvalidArgumentError(`classWeight[${JSON.stringify(label)}]`, 'a finite number >= 0', w);
      per[k] = w;
    }
  }
  const out = new Float64Array(codes.length);
  for (let i = 0; i < codes.length; i++) out[i] = (sw ? sw[i]! : 1) * per[codes[i]!]!;
  return out;
}
