import { impurityScale, isBetterCandidate } from '@dt/criteria';
import type { AxisSearch } from '../axis-search.js';
import type { CategoricalColumns } from './categorical-columns.js';
import type { NodeProjectionSearch } from './node-projection-search.js';
import { createSplitRecord, type NodeView, type SplitRecord, type SplitSearch } from '../split-record.js';

/**
 * Axis search with CRIMCOORD categorical features (HHCART): the ordinary features are searched by
 * the exact axis search (the categorical codes are root constants there), and each categorical
 * feature — rewritten with the node's level scores — as a unit direction by a node-projection
 * search. The better of the two by the one tie rule wins (equal score and balance: lower feature
 * index); a categorical win is stored as an axis split on that feature plus its level → value map.
 */
export class AxisCrimcoordSearch implements SplitSearch {
  readonly rootConstants: Int32Array;
  private readonly axis: AxisSearch;
  private readonly columns: CategoricalColumns;
  private readonly categorical: NodeProjectionSearch;
  private readonly catRecord: SplitRecord;
  private catWon = false;

  constructor(axis: AxisSearch, columns: CategoricalColumns, categorical: NodeProjectionSearch, d: number) {
    this.axis = axis;
    this.columns = columns;
    this.categorical = categorical;
    this.catRecord = createSplitRecord(d);
    this.rootConstants = Int32Array.from(columns.features);
  }

  findBest(node: NodeView, record: SplitRecord): void {
    const maps = this.columns.transform(node);
    this.axis.findBest(node, record);
    const cat = this.catRecord;
    this.categorical.findBest(node, cat);
    this.catWon = false;
    if (!cat.found) return;
    const feature = this.columns.features[cat.candidate]!;
    if (record.found && !isBetterCandidate(cat.score, cat.balance, feature, record.score, record.balance, record.feature, impurityScale(node.impurity), node.weight)) {
      return;
    }
    this.catWon = true;
    record.found = true;
    record.feature = feature;
    record.candidate = feature;
    record.nnz = 0;
    record.threshold = cat.threshold;
    record.score = cat.score;
    record.balance = cat.balance;
    record.catMaps = [maps[cat.candidate]!];
    // As before the seam: a categorical win does not pass the axis search's constants down.
    record.newConstants.length = 0;
  }

  partition(node: NodeView, record: SplitRecord): number {
    return this.catWon ? this.categorical.partition(node, this.catRecord) : this.axis.partition(node, record);
  }
}
