import { parse as csvParse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DataFormatError } from '@dt/errors';
import { tokenizeCsv } from './csv-tokenize.js';

const at = (line: number) => `line ${line}`;
const tok = (text: string, delimiter = ',') => tokenizeCsv(text, delimiter, at);

describe('tokenizeCsv', () => {
  it('splits records on LF, CRLF and CR, and tracks the starting line', () => {
    expect(tok('a,b\n1,2\r\n3,4\r5,6')).toEqual({
      records: [['a', 'b'], ['1', '2'], ['3', '4'], ['5', '6']],
      lines: [1, 2, 3, 4],
    });
  });

  it('skips a BOM, blank lines and the final newline', () => {
    expect(tok('\ufeffa,b\n\n1,2\n\n')).toEqual({ records: [['a', 'b'], ['1', '2']], lines: [1, 3] });
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(tok('a,,b,\n,x,,').records).toEqual([['a', '', 'b', ''], ['', 'x', '', '']]);
  });

  it('reads quoted fields with delimiters, doubled quotes and newlines, and counts lines inside them', () => {
    const { records, lines } = tok('h1,h2\n"a,b","say ""hi"""\n"two\nlines",x\nlast,"\r\n"\n');
    expect(records).toEqual([['h1', 'h2'], ['a,b', 'say "hi"'], ['two\nlines', 'x'], ['last', '\r\n']]);
    expect(lines).toEqual([1, 2, 3, 5]);
  });

  it('trims unquoted fields but keeps quoted ones as written', () => {
    expect(tok(' a ,\tb\t, " c " ').records).toEqual([['a', 'b', ' c ']]);
  });

  it('honours another delimiter', () => {
    expect(tok('a;b\n"x;y";2', ';').records).toEqual([['a', 'b'], ['x;y', '2']]);
  });

  it('rejects an unterminated quote and junk after a closing quote, naming the line', () => {
    expect(() => tok('a,b\n1,"open\n2,3\n')).toThrow(new DataFormatError('unterminated quoted field (no closing ")', 'line 2'));
    expect(() => tok('a,b\n1,"x"y\n')).toThrow(/line 2: unexpected "y" after the closing quote of field 2/);
  });

  it('agrees with csv-parse on random well-formed CSV', () => {
    const field = fc.oneof(
      fc.stringMatching(/^[a-z0-9 .-]{0,6}$/).map((s) => s.trim()),
      fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r\n', ' ', 'x'), maxLength: 6 }).map((s) => `"${s.replaceAll('"', '""')}"`),
    );
    const csv = fc
      .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 6 }), fc.constantFrom('\n', '\r\n'))
      .chain(([cols, rows, eol]) =>
        fc.tuple(fc.array(fc.array(field, { minLength: cols, maxLength: cols }), { minLength: rows, maxLength: rows }), fc.constant(eol)),
      )
      // A lone empty unquoted field would be a blank line, which both parsers skip.
      .filter(([rows]) => rows.every((r) => r.length > 1 || r[0] !== ''))
      .map(([rows, eol]) => rows.map((r) => r.join(',')).join(eol) + eol);
    fc.assert(
      fc.property(csv, (text) => {
        const expected = csvParse(text, { relax_column_count: true, skip_empty_lines: true }) as string[][];
        expect(tok(text).records).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
