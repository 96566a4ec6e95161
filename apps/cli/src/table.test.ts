import { describe, expect, it } from 'vitest';
import { formatTable } from './table.js';
import { meanSd, ms } from './format.js';

describe('formatTable', () => {
  it('pads columns to the widest cell and right-aligns numbers', () => {
    const t = formatTable(
      [{ header: 'name' }, { header: 'n', align: 'right' }],
      [
        ['iris', '150'],
        ['magic-gamma', '19,020'],
      ],
    );
    expect(t).toBe(['name              n', '-----------  ------', 'iris            150', 'magic-gamma  19,020', ''].join('\n'));
  });

  it('handles no rows', () => {
    expect(formatTable([{ header: 'a' }], [])).toBe('a\n-\n');
  });
});

describe('number formatting', () => {
  it('formats mean ± sd and milliseconds', () => {
    expect(meanSd(0.95333, 0.04271)).toBe('0.9533 ± 0.0427');
    expect(meanSd(0.5, null)).toBe('0.5000');
    expect([ms(1234.4), ms(12.34), ms(1.234)]).toEqual(['1234', '12.3', '1.23']);
  });
});
