/**
 * What an estimator class composes its fits from: the tables its option names resolve through and
 * the capabilities its options may ask for, all values. @dt/core's DecisionTreeClassifier and
 * DecisionTreeRegressor pass BUILT_INS (built-ins.ts: every name); the value-only TreeClassifier
 * and TreeRegressor pass a values-only kit (values-only.ts), so a bundle carries what it imports.
 */
import type { Criterion } from '@dt/criteria';
import type { ProjectionFactory } from '@dt/projections/registry';
import type { ScaleStrategy } from '../search/compose-search.js';
import type { ObliqueStrategies } from '../search/oblique/oblique-searches.js';
import type { SplitStrategy } from '../search/split-strategy.js';
import type { Tree } from '../tree/tree.js';

/**
 * What an estimator class composes its fits from: name tables (criteria, projections, splitters) and the
 * capabilities its options may ask for (null: refused), all values.
 */
export interface FitKit {
  /** Criteria known by name (user-registered ones are found too). */
  readonly criteria: readonly Criterion[];
  /** Projections known by name. */
  readonly projections: Readonly<Record<string, ProjectionFactory>>;
  /** Splitters known by name. */
  readonly splitters: Readonly<Record<string, SplitStrategy>>;
  /** The splitter when none is given. */
  readonly defaultSplitter: SplitStrategy;
  /** Per-node and global projections, categorical features; null: refused. */
  readonly oblique: ObliqueStrategies | null;
  /** scale: true; null: refused. */
  readonly scaling: ScaleStrategy | null;
  /** ccpAlpha > 0 (minimal cost-complexity pruning); null: refused. */
  readonly prune: ((tree: Tree, alpha: number) => Tree) | null;
}
