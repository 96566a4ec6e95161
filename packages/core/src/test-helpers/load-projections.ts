// Test setup: registers the oblique projections and split searches, as an application does with
// `import '@dt/core/oblique'` (the main @dt/core entry leaves them out so plain CART bundles stay small).
import '../oblique.js';
// and the 'hist' and 'random' split searches and ccpAlpha's pruning, as Node's main entry (src/index.node.ts) does.
import '../hist.js';
import '../random.js';
import '../ccp.js';
import '../scale.js';
import '../load.js';
