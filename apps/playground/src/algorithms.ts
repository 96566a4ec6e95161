import { ALGORITHMS } from '@dt/core';

/** CART, the eight algorithms of the Max-Cut paper, HHCART (A) and (D), Decision Stream and gradient boosting. */
export const PLAYGROUND_ALGORITHMS: { name: string; label: string }[] = [
  { name: 'cart', label: 'CART (gini, axis splits)' },
  ...Object.entries(ALGORITHMS).map(([name, a]) => ({ name, label: a.paperName })),
  { name: 'stream', label: 'Decision Stream' },
  { name: 'hist-gradient-boosting', label: 'Gradient boosting (HistGradientBoosting)' },
];

/** The playground's name of @dt/boost's estimators. */
export const BOOSTING = 'hist-gradient-boosting';
