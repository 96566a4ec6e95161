export { normalCdf, normalPdf, normalQuantile } from './normal.js';
export { tCdf, tPdf, tQuantile } from './student-t.js';
export { logBeta, logGamma } from './log-gamma.js';
export { incompleteBeta } from './incomplete-beta.js';
