import type { Crimcoord } from './crimcoord.js';
import type { CategoricalMap, NodeView } from '../split-record.js';

/**
 * The working columns of the categorical features under CRIMCOORD: before a node's search, each
 * categorical column (of every working copy — raw, and standardised when the fit scales) is rewritten
 * with the node's level scores. Shared by the strategies that read categorical features.
 */
export class CategoricalColumns {
  readonly features: Int32Array;
  private readonly crim: Crimcoord;
  private readonly columns: Float64Array[];
  private readonly rows: number;

  constructor(crim: Crimcoord, columns: Float64Array[], rows: number) {
    this.crim = crim;
    this.features = crim.features;
    this.columns = columns;
    this.rows = rows;
  }

  /** Rewrites the working columns with this node's CRIMCOORD values; returns the level → value maps. */
  transform(node: NodeView): CategoricalMap[] {
    const crim = this.crim;
    return Array.from(crim.features, (feature, k) => ({
      feature,
      values: crim.transform(k, node.samples, node.start, node.end, this.columns, this.rows),
    }));
  }
}
