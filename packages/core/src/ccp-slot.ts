import type { Tree } from './tree.js';
import { notLoaded } from './opt-in.js';

type Prune = (tree: Tree, alpha: number) => Tree;

// Filled by `import '@dt/core/ccp'` (src/ccp.ts; Node's main entry, @dt/core/node and @dt/prune import
// it), so a browser bundle of CART without ccpAlpha leaves cost-complexity pruning out.
let prune: Prune | null = null;

/** Registers cost-complexity pruning for the ccpAlpha option; called by `@dt/core/ccp`. */
export function registerCcpPruning(fn: Prune): void {
  prune = fn;
}

/** Pruning for ccpAlpha = alpha > 0, or a typed error naming the import that loads it. */
export function ccpPruning(alpha: number): Prune {
  if (prune) return prune;
  throw notLoaded('ccpAlpha', alpha, 'ccp', 'cost-complexity pruning');
}
