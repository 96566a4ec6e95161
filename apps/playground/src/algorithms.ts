import { ALGORITHMS } from '@dt/core';

/** CART, the eight algorithms of the Max-Cut paper, HHCART (A) and (D), and Decision Stream. */
export const PLAYGROUND_ALGORITHMS: { name: string; label: string }[] = [
  { name: 'cart', label: 'CART (gini, axis splits)' },
  ...Object.entries(ALGORITHMS).map(([name, a]) => ({ name, label: a.paperName })),
  { name: 'stream', label: 'Decision Stream' },
];
