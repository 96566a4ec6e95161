import type { ColumnMajor } from './input.js';
import type { IndexSource } from './split-search/fit-data.js';

/** The key of a tree's fit on MemberRows (forests; exported by @dt/core/internal only). */
export const FIT_ROWS: unique symbol = Symbol('dt.core.fitRows');

/** What a tree is fitted on when it is one of many fitted on rows of one matrix (shared-rows.ts). */
export interface MemberRows {
  /** The member's rows; `data` (column-major) is gathered only if a search reads it. */
  X: ColumnMajor;
  /** The member's feature index, derived from the shared one. */
  index: IndexSource;
}
