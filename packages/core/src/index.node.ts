/**
 * @dt/core's main entry under Node (the `node` export condition): the same exports as src/index.ts,
 * with the split strategies a browser bundle opts into registered up front — splitter 'hist' (and
 * 'auto' binning large data) and 'random' work without further imports.
 */
import './hist.js';
import './random.js';

export * from './index.js';
