import { expect, it } from 'vitest';
import { keptFromPrevious } from './provenance.js';

it('keptFromPrevious: the previous report\'s text when nothing was measured, else now', () => {
  const prev = 'title\n\nMeasured 2026-11-22 by `pnpm bench hhcart` on Intel(R) Xeon(R) Processor (2 cores), Node v20.20.2. Paper: x';
  const re = /^Measured \d{4}-\d{2}-\d{2} by .*?, Node v\d+(?:\.\d+)*/m;
  expect(keptFromPrevious(prev, re, true, 'NOW')).toBe('Measured 2026-11-22 by `pnpm bench hhcart` on Intel(R) Xeon(R) Processor (2 cores), Node v20.20.2');
  expect(keptFromPrevious(prev, re, false, 'NOW')).toBe('NOW');
  expect(keptFromPrevious('', re, true, 'NOW')).toBe('NOW');
  expect(keptFromPrevious('on CPU X (4 cores, shared', /on (.+? \(\d+ cores), shared/, true, 'NOW')).toBe('CPU X (4 cores');
});
