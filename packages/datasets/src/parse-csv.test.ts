import { describe, expect, it } from 'vitest';
import { DataFormatError, DtError, InvalidArgumentError } from '@dt/errors';
import { parseCsv } from './parse-csv.js';

const rowsOf = (d: { X: { data: Float64Array; rows: number; cols: number } }) =>
  Array.from({ length: d.X.rows }, (_, i) => Array.from(d.X.data.subarray(i * d.X.cols, (i + 1) * d.X.cols)));

describe('parseCsv: layout and types', () => {
  it('reads numeric features row-major and string labels with sorted classes', () => {
    const d = parseCsv('a,b,kind\n1,2.5,y\n3,.5,x\n-1e2,0,y\n', { name: 'toy' });
    expect(d).toMatchObject({
      name: 'toy',
      task: 'classification',
      featureNames: ['a', 'b'],
      featureTypes: ['numeric', 'numeric'],
      categories: [null, null],
      targetName: 'kind',
      y: ['y', 'x', 'y'],
      classes: ['x', 'y'],
    });
    expect(d.X.data).toBeInstanceOf(Float64Array);
    expect(rowsOf(d)).toEqual([[1, 2.5], [3, 0.5], [-100, 0]]);
  });

  it('reads labels as numbers when every label parses as a finite number, and sorts classes numerically', () => {
    const d = parseCsv('x,c\n1,10\n2,9\n3,10.0\n4,2\n');
    expect(d.y).toEqual([10, 9, 10, 2]);
    expect(d.classes).toEqual([2, 9, 10]);
  });

  it('keeps labels as strings when one of them is not a number', () => {
    const d = parseCsv('x,c\n1,10\n2,9\n3,many\n4,0x10\n');
    expect(d.y).toEqual(['10', '9', 'many', '0x10']);
    expect(d.classes).toEqual(['0x10', '10', '9', 'many']);
  });

  it('makes non-numeric columns categorical with sorted levels and codes', () => {
    const d = parseCsv('color,size,n,label\nred,10,1,a\nblue,2,2,b\nred,2,3,a\ngreen,10,4,b\n', { categorical: ['size'] });
    expect(d.featureTypes).toEqual(['categorical', 'categorical', 'numeric']);
    // Levels that are all numbers sort numerically ("2" before "10").
    expect(d.categories).toEqual([['blue', 'green', 'red'], ['2', '10'], null]);
    expect(rowsOf(d)).toEqual([[2, 1, 1], [0, 0, 2], [2, 0, 3], [1, 1, 4]]);
  });

  it('accepts column indices (negative from the end) for label and categorical', () => {
    const d = parseCsv('y,a,b\n1,5,6\n0,7,8\n', { label: 0, categorical: [-1] });
    expect(d.targetName).toBe('y');
    expect(d.featureNames).toEqual(['a', 'b']);
    expect(d.featureTypes).toEqual(['numeric', 'categorical']);
    expect(parseCsv('y,a,b\n1,5,6\n0,7,8\n', { label: 'a' }).featureNames).toEqual(['y', 'b']);
  });

  it('reads files without a header, naming columns col0, col1, ...', () => {
    const d = parseCsv('1;2;a\n3;4;b\n', { header: false, delimiter: ';' });
    expect(d.featureNames).toEqual(['col0', 'col1']);
    expect(d.targetName).toBe('col2');
    expect(d.X.rows).toBe(2);
  });
});

describe('parseCsv: task', () => {
  const many = ['x,t', ...Array.from({ length: 30 }, (_, i) => `${i},${i * 3}`)].join('\n');
  it('auto: integer labels with few distinct values are classes', () => {
    expect(parseCsv('x,t\n1,3\n2,4\n3,3\n').task).toBe('classification');
  });
  it('auto: a non-integer or more than 20 distinct numeric labels make a regression', () => {
    const frac = parseCsv('x,t\n1,3.5\n2,4\n3,3\n');
    expect(frac.task).toBe('regression');
    expect(frac.y).toEqual(new Float64Array([3.5, 4, 3]));
    expect(frac.classes).toBeUndefined();
    expect(parseCsv(many).task).toBe('regression');
  });
  it('an explicit task wins', () => {
    const d = parseCsv(many, { task: 'classification' });
    expect(d.task).toBe('classification');
    expect(d.classes).toHaveLength(30);
    expect(parseCsv('x,t\n1,3\n2,4\n', { task: 'regression' }).y).toBeInstanceOf(Float64Array);
  });
  it('regression with a non-numeric target is an error naming line, column and value', () => {
    expect(() => parseCsv('x,t\n1,3\n2,high\n', { task: 'regression' })).toThrow(
      new DataFormatError('non-numeric target "high" for a regression task', 'line 3, column 2 ("t")'),
    );
  });
});

describe('parseCsv: missing values', () => {
  const text = 'a,b,c\n1,2,x\n3,,y\n,4,\n5,6,z\n';
  it('by default an empty field is an error naming line and column', () => {
    expect(() => parseCsv(text)).toThrow(DataFormatError);
    expect(() => parseCsv(text)).toThrow(
      `3 missing values in 2 rows, the first an empty field at line 3, column 2 ("b"); pass missing: 'drop' (command line: --missing drop) to drop such rows, or 'native' to keep them as NaN`,
    );
  });
  it("missing: 'drop' drops every row with an empty field, including an empty label", () => {
    const d = parseCsv(text, { missing: 'drop' });
    expect(rowsOf(d)).toEqual([[1, 2], [5, 6]]);
    expect(d.y).toEqual(['x', 'z']);
  });
  it('a whitespace-only field counts as missing; a quoted one too', () => {
    expect(() => parseCsv('a,b\n1,  \n')).toThrow(/line 2, column 2/);
    expect(() => parseCsv('a,b\n"",1\n')).toThrow(/line 2, column 1/);
  });
  it('"?", "NA", "N/A" and "NaN" are missing values in any column, never levels that change a column\'s type', () => {
    for (const marker of ['?', 'NA', 'N/A', 'NaN', ' ? ']) {
      const csv = `a,b,y\n1,2,x\n3,${marker},y\n5,6,x\n`;
      expect(() => parseCsv(csv)).toThrow(`1 missing value in 1 row, the first ${JSON.stringify(marker.trim())} at line 3, column 2 ("b")`);
      const d = parseCsv(csv, { missing: 'drop' });
      expect(d.featureTypes).toEqual(['numeric', 'numeric']);
      expect(rowsOf(d)).toEqual([[1, 2], [5, 6]]);
      expect(d.missing).toEqual({ policy: 'drop', cells: 1, rows: 1 });
    }
    expect(() => parseCsv('a,y\n1,x\n2,?\n')).toThrow(/line 3, column 2 \("y"\)/);
    expect(parseCsv('a,b,y\n1,2,x\n').missing).toBeUndefined();
  });
  it("missing: 'native' keeps the rows: NaN in numeric columns, NaN as the code of a categorical column's missing level", () => {
    const d = parseCsv('a,colour,y\n1,red,x\n?,blue,y\n3,,x\nNA,NA,y\n5,red,x\n', { missing: 'native' });
    expect(d.featureTypes).toEqual(['numeric', 'categorical']);
    expect(d.categories[1]).toEqual(['blue', 'red']); // no level for "missing"
    expect(rowsOf(d)).toEqual([[1, 1], [NaN, 0], [3, NaN], [NaN, NaN], [5, 1]]);
    expect(d.y).toEqual(['x', 'y', 'x', 'y', 'x']);
    expect(d.missing).toEqual({ policy: 'native', cells: 4, rows: 3 });
  });
  it("missing: 'native' reads a column of numbers and markers as numeric, and an all-missing column as numeric NaN", () => {
    const d = parseCsv('a,b,y\n?,1.5,x\n?,?,y\n', { missing: 'native' });
    expect(d.featureTypes).toEqual(['numeric', 'numeric']);
    expect(rowsOf(d)).toEqual([[NaN, 1.5], [NaN, NaN]]);
  });
  it("missing: 'native' refuses a missing label, naming the cell", () => {
    expect(() => parseCsv('a,y\n1,x\n2,?\n', { missing: 'native' })).toThrow(
      new DataFormatError(`missing label "?": missing: 'native' keeps missing features, not labels; pass missing: 'drop' to drop such rows`, 'line 3, column 2 ("y")'),
    );
  });
  it('label: null reads every column as a feature (data to predict on), y empty', () => {
    const d = parseCsv('a,b\n1,x\n?,y\n', { label: null, missing: 'native' });
    expect(d.featureNames).toEqual(['a', 'b']);
    expect(rowsOf(d)).toEqual([[1, 0], [NaN, 1]]);
    expect(d).toMatchObject({ y: [], targetName: '', classes: [] });
    expect(parseCsv('a\n1\n', { label: null }).X.cols).toBe(1);
  });
  it('missingMarkers replaces the list of markers; [] makes no field missing', () => {
    const csv = 'a,b,y\n1,-999,x\n?,2,y\n';
    expect(() => parseCsv(csv, { missingMarkers: ['-999'] })).toThrow(/the first "-999" at line 2, column 2/);
    const d = parseCsv(csv, { missingMarkers: ['-999'], missing: 'native', categorical: ['a'] });
    expect(rowsOf(d)).toEqual([[0, NaN], [1, 2]]);
    expect(d.categories[0]).toEqual(['1', '?']);
    expect(parseCsv('a,y\n,x\n1,y\n', { missingMarkers: [], categorical: ['a'] }).categories[0]).toEqual(['', '1']);
    expect(() => parseCsv(csv, { missingMarkers: '?' as never })).toThrow(new InvalidArgumentError('options.missingMarkers', 'an array of strings', '?'));
  });
  it('numbers are decimal or scientific: hex, Infinity and overflow in a numeric column are errors naming the cell', () => {
    expect(() => parseCsv('a,y\n1,x\n0x10,y\n')).toThrow(/line 3, column 1 \("a"\): non-numeric value "0x10" in a column of numbers/);
    expect(() => parseCsv('a,y\n1,x\nInfinity,y\n')).toThrow(/line 3, column 1 \("a"\): non-numeric value "Infinity"/);
    expect(() => parseCsv('a,y\n1,x\n-1e309,y\n')).toThrow(new DataFormatError('"-1e309" overflows a 64-bit float', 'line 3, column 1 ("a")'));
    expect(() => parseCsv('a,y\n1,1e309\n2,3\n', { task: 'regression' })).toThrow('"1e309" overflows a 64-bit float');
    expect(() => parseCsv('a,y\n1,x\nabc,y\n')).toThrow(/non-numeric value "abc" in a column of numbers/);
    // listed as categorical, a mixed column is read as levels
    expect(parseCsv('a,y\n1,x\nabc,y\n', { categorical: ['a'] }).categories[0]).toEqual(['1', 'abc']);
    expect(rowsOf(parseCsv('a,y\n 1.5e2 ,x\n-.5,y\n+3.,x\n'))).toEqual([[150], [-0.5], [3]]);
  });
  it('dropping every row is an error', () => {
    expect(() => parseCsv('a,b\n1,\n', { missing: 'drop' })).toThrow('no rows to read: every row has a missing value');
  });
});

describe('parseCsv: malformed input', () => {
  it('empty text or only blank lines', () => {
    expect(() => parseCsv('')).toThrow(new DataFormatError('the CSV text is empty (no header row)'));
    expect(() => parseCsv('\n\n')).toThrow(DataFormatError);
  });
  it('a header without rows', () => {
    expect(() => parseCsv('a,b\n')).toThrow('no rows to read: no data rows');
  });
  it('a single column', () => {
    expect(() => parseCsv('a\n1\n')).toThrow('line 1: expected at least 2 columns (features and a label), got 1');
  });
  it('ragged rows name the line and the counts', () => {
    expect(() => parseCsv('a,b,c\n1,2,3\n\n4,5\n')).toThrow(new DataFormatError('expected 3 fields as in the header, got 2', 'line 4'));
    expect(() => parseCsv('a,b\n1,2,3\n')).toThrow('line 2: expected 2 fields as in the header, got 3');
  });
  it('a multi-line quoted field shifts the reported line numbers correctly', () => {
    expect(() => parseCsv('a,b\n"x\ny",1\n2\n')).toThrow('line 4: expected 2 fields');
  });
  it('a non-numeric value in a column forced numeric', () => {
    expect(() => parseCsv('a,b,c\n1,2,x\n3,4 kg,y\n', { numeric: ['b'] })).toThrow(
      new DataFormatError('non-numeric value "4 kg" in a numeric column', 'line 3, column 2 ("b")'),
    );
    expect(() => parseCsv('a,b\nInfinity,x\n', { numeric: [0] })).toThrow(/"Infinity" in a numeric column/);
  });
  it('unknown or out-of-range label column', () => {
    expect(() => parseCsv('a,b\n1,2\n', { label: 'target' })).toThrow(
      new DataFormatError('label column "target" is not in the header; columns: a, b', 'line 1'),
    );
    expect(() => parseCsv('a,b\n1,2\n', { label: 2 })).toThrow('label column index 2 is out of range: the data has 2 columns');
    expect(() => parseCsv('a,b\n1,2\n', { categorical: ['zz'] })).toThrow('categorical column "zz" is not in the header');
  });
  it('duplicate header names', () => {
    expect(() => parseCsv('a,b,a,y\n1,2,3,4\n')).toThrow('line 1: duplicate column name "a" (columns 1 and 3)');
  });
  it('errors of readCsv-style callers are all DtErrors with code DATA_FORMAT', () => {
    try {
      parseCsv('a,b\n1\n');
    } catch (e) {
      expect(e).toBeInstanceOf(DtError);
      expect((e as DtError).code).toBe('DATA_FORMAT');
    }
    expect.assertions(2);
  });
});

describe('parseCsv: options are validated', () => {
  it('rejects unknown keys and bad values with InvalidArgumentError', () => {
    expect(() => parseCsv('a,b\n1,2\n', { lable: 'b' } as never)).toThrow(InvalidArgumentError);
    expect(() => parseCsv('a,b\n1,2\n', { task: 'ranking' as never })).toThrow('options.task must be one of');
    expect(() => parseCsv('a,b\n1,2\n', { missing: 'fill' as never })).toThrow('options.missing must be one of "error", "drop"');
    expect(() => parseCsv('a,b\n1,2\n', { delimiter: '\n' })).toThrow('options.delimiter must be a single character');
    expect(() => parseCsv('a,b\n1,2\n', { categorical: 'a' as never })).toThrow('options.categorical must be an array');
    expect(() => parseCsv(42 as never)).toThrow('text must be a string of CSV text, got 42');
  });
  it('the label cannot be listed as categorical or numeric; a column cannot be both', () => {
    expect(() => parseCsv('a,b\n1,2\n', { categorical: ['b'] })).toThrow(/options.categorical must be a list of feature columns/);
    expect(() => parseCsv('a,b,c\n1,2,3\n', { categorical: ['a'], numeric: ['a'] })).toThrow(InvalidArgumentError);
  });
});

describe('parseCsv: onProgress', () => {
  it("reports 'reading' through the text (monotone, ending at its length), then 'parsing' one step per feature column and one for the labels", () => {
    const rows = Array.from({ length: 2000 }, (_, i) => `${i},${(i * 7) % 13},${i % 3 === 0 ? 'a' : 'b'},${i % 2}`);
    const text = `x,y,z,label\n${rows.join('\n')}\n`;
    const calls: [string, number, number][] = [];
    const ds = parseCsv(text, { onProgress: (stage, done, total) => calls.push([stage, done, total]) });
    expect(ds.X.rows).toBe(2000);
    const reading = calls.filter((c) => c[0] === 'reading');
    expect(reading.length).toBeGreaterThan(100); // about every 1/256 of the text
    expect(reading.every((c, k) => c[2] === text.length && (k === 0 || c[1] >= reading[k - 1]![1]))).toBe(true);
    expect(reading.at(-1)).toEqual(['reading', text.length, text.length]);
    expect(calls.slice(reading.length)).toEqual([0, 1, 2, 3, 4].map((k) => ['parsing', k, 4]));
  });
  it('must be a function', () => {
    expect(() => parseCsv('a,b\n1,2\n', { onProgress: 'yes' as never })).toThrow(new InvalidArgumentError('options.onProgress', 'a function (stage, done, total) => void', 'yes'));
  });
});
