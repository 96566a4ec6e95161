/**
 * @dt/core's main entry under Node (the `node` export condition): the same exports as src/index.ts,
 * with the split strategies a browser bundle opts into registered up front — splitter 'hist' (and
 * 'auto' binning large data) and 'random' work without further imports — and every built-in
 * criterion by name (twoing, maxCut).
 */
import './hist.js';
import './random.js';
import './ccp.js';
import './scale.js';
import './load.js';
import '@dt/criteria/all';

export * from './index.js';
