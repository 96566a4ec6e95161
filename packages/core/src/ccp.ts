/**
 * @dt/core/ccp: import once (for its effect) to use the ccpAlpha option in a browser bundle —
 *
 *   import '@dt/core/ccp';
 *
 * It registers minimal cost-complexity pruning (cost-complexity.ts) for the estimators' ccpAlpha.
 * Node's main @dt/core entry, @dt/core/node and @dt/prune import it already. The functions
 * (pruneTree, costComplexityPath, ...) are exported by the main entry either way.
 */
import { registerCcpPruning } from './ccp-slot.js';
import { pruneTree } from './cost-complexity.js';

registerCcpPruning(pruneTree);
