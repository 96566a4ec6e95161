import { DataFormatError, InvalidArgumentError, knownKeys, oneOf, plainObject } from '@dt/errors';
import { tokenizeCsv } from './csv-tokenize.js';
import { parseDecimal, sortLevels, sortedDistinct } from './labels.js';
import type { Dataset, FeatureType } from './types.js';

/** A column named by its header name or by its 0-based index (negative counts from the end). */
export type ColumnRef = string | number;

/** Options of the CSV readers: label column, task, categorical columns, missing values and name. */
export interface CsvOptions {
  /**
   * The label column; default the last column. `null`: no label — every column is a feature, `y` is
   * empty and `targetName` is '' (data to predict on).
   */
  label?: ColumnRef | null;
  /**
   * 'auto' (default): a label whose values are all numbers is regression when it has a non-integer
   * value or more than {@link AUTO_REGRESSION_MIN_DISTINCT} distinct values, classification otherwise.
   */
  task?: 'classification' | 'regression' | 'auto';
  /** Columns read as categorical even if every value is a number. Non-numeric columns always are. */
  categorical?: ColumnRef[];
  /** Columns that must be numeric: a non-numeric value there is an error instead of a category. */
  numeric?: ColumnRef[];
  /**
   * What a missing value does — a field that is one of `missingMarkers` (after trimming blanks), in
   * any column: 'error' (default) refuses the data, naming how many there are and the first one's
   * line and column; 'drop' drops every row that has one; 'native' keeps the rows, with NaN for the
   * missing cells: in a numeric column NaN, in a categorical column NaN instead of a level code (the
   * "missing level" is NaN, not an extra entry of `categories[j]`, so trees that learn a side for
   * missing values send it there and imputers see it as missing). A missing label is an error under
   * every policy but 'drop'. Both 'drop' and 'native' report the counts in `Dataset.missing`.
   */
  missing?: MissingPolicy;
  /**
   * The fields read as missing values (compared after trimming blanks); default {@link MISSING_MARKERS}.
   * An empty list means no field is missing (then an empty numeric field is a non-numeric value).
   */
  missingMarkers?: readonly string[];
  /** Dataset name; default 'csv'. */
  name?: string;
  /** Field separator, one character; default ','. */
  delimiter?: string;
  /** Whether the first record is a header; default true. Without one, columns are named col0, col1, ... */
  header?: boolean;
  /**
   * Called as the text is read, for a progress display: see {@link CsvProgress}. Synchronous, like
   * the parse: a caller that shows it must draw in the callback.
   */
  onProgress?: CsvProgress;
}

/**
 * Progress of a CSV parse, in two stages: 'reading' splits the text into fields (`done` and `total`
 * count characters of the text, reported about every 1/256 of it), 'parsing' converts the columns to
 * numbers or levels (`done` and `total` count steps: one per feature column, then one for the labels).
 * Each stage ends with `done === total`.
 */
export type CsvProgress = (stage: 'reading' | 'parsing', done: number, total: number) => void;

/** With task 'auto', a numeric label column with at least this many distinct values is read as regression. */
export const AUTO_REGRESSION_MIN_DISTINCT = 21;

/**
 * How a loader treats missing values: refuse them, drop their rows, or keep them as NaN for learners
 * that handle missing values natively (axis trees and forests) or for {@link simpleImputer}.
 */
export type MissingPolicy = 'error' | 'drop' | 'native';
/** The missing-value policies of the CSV readers: 'error', 'drop' (rows) or 'native' (NaN cells). */
export const MISSING_POLICIES: readonly MissingPolicy[] = ['error', 'drop', 'native'];

/** Fields read as missing values by default (after trimming blanks), in every column: R's NA, UCI's "?", ... */
export const MISSING_MARKERS: readonly string[] = ['', '?', 'NA', 'N/A', 'na', 'n/a', 'NaN', 'nan'];

const OPTION_KEYS = ['label', 'task', 'categorical', 'numeric', 'missing', 'missingMarkers', 'name', 'delimiter', 'header', 'onProgress'] as const;

/**
 * Parses CSV text into a {@link Dataset}. Errors are DataFormatErrors naming the line, the column
 * and the offending value.
 */
export function parseCsv(text: string, options: CsvOptions = {}): Dataset {
  return parseCsvText(text, options, undefined);
}

/** @internal `file` prefixes error locations (used by readCsv). */
export function parseCsvText(text: string, options: CsvOptions, file: string | undefined): Dataset {
  if (typeof text !== 'string') throw new InvalidArgumentError('text', 'a string of CSV text', text);
  plainObject('options', options);
  knownKeys('options', options, OPTION_KEYS);
  const task = options.task === undefined ? 'auto' : oneOf('options.task', options.task, ['classification', 'regression', 'auto'] as const);
  const missing = options.missing === undefined ? 'error' : oneOf('options.missing', options.missing, MISSING_POLICIES);
  const markers = options.missingMarkers ?? MISSING_MARKERS;
  if (!Array.isArray(markers) || !markers.every((m) => typeof m === 'string')) {
    throw new InvalidArgumentError('options.missingMarkers', 'an array of strings', options.missingMarkers);
  }
  const markerSet = new Set(markers.map((m) => m.trim()));
  const isMissing = (field: string): boolean => markerSet.has(field.trim());
  const delimiter = options.delimiter ?? ',';
  if (typeof delimiter !== 'string' || delimiter.length !== 1 || '"\r\n'.includes(delimiter)) {
    throw new InvalidArgumentError('options.delimiter', 'a single character other than a quote or newline', delimiter);
  }
  const header = options.header ?? true;
  if (typeof header !== 'boolean') throw new InvalidArgumentError('options.header', 'a boolean', header);
  const name = options.name ?? 'csv';
  if (typeof name !== 'string') throw new InvalidArgumentError('options.name', 'a string', name);
  for (const key of ['categorical', 'numeric'] as const) {
    const list = options[key];
    if (list !== undefined && (!Array.isArray(list) || !list.every((c) => typeof c === 'string' || typeof c === 'number'))) {
      throw new InvalidArgumentError(`options.${key}`, 'an array of column names or indices', list);
    }
  }
  const onProgress = options.onProgress;
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw new InvalidArgumentError('options.onProgress', 'a function (stage, done, total) => void', onProgress);
  }
  const label = options.label === undefined ? -1 : options.label;
  if (label !== null && typeof label !== 'string' && typeof label !== 'number') {
    throw new InvalidArgumentError('options.label', 'a column name or index', label);
  }

  const prefix = file === undefined ? '' : `${file} `;
  const at = (line: number): string => `${prefix}line ${line}`;
  const { records, lines } = tokenizeCsv(text, delimiter, at, onProgress === undefined ? undefined : (done, total) => onProgress('reading', done, total));
  if (records.length === 0) throw new DataFormatError('the CSV text is empty (no header row)', file);

  const ncols = records[0]!.length;
  const names = header ? records[0]!.map((h, j) => (h === '' ? `col${j}` : h)) : records[0]!.map((_, j) => `col${j}`);
  if (header) {
    const seen = new Map<string, number>();
    names.forEach((h, j) => {
      const prev = seen.get(h);
      if (prev !== undefined) {
        throw new DataFormatError(`duplicate column name ${JSON.stringify(h)} (columns ${prev + 1} and ${j + 1})`, at(lines[0]!));
      }
      seen.set(h, j);
    });
  }
  if (ncols < (label === null ? 1 : 2)) {
    throw new DataFormatError(`expected at least 2 columns (features and a label), got ${ncols}`, at(lines[0]!));
  }
  const headerLine = header ? lines[0]! : undefined;
  const resolve = (ref: ColumnRef, what: string): number => {
    if (typeof ref === 'number') {
      if (!Number.isInteger(ref) || ref < -ncols || ref >= ncols) {
        throw new DataFormatError(`${what} index ${ref} is out of range: the data has ${ncols} columns`, file);
      }
      return ref < 0 ? ncols + ref : ref;
    }
    const j = names.indexOf(ref);
    if (j < 0) {
      const loc = headerLine === undefined ? file : at(headerLine);
      throw new DataFormatError(`${what} ${JSON.stringify(ref)} is not in the header; columns: ${names.join(', ')}`, loc);
    }
    return j;
  };
  const labelCol = label === null ? -1 : resolve(label, 'label column');
  const forced = new Array<FeatureType | undefined>(ncols).fill(undefined);
  for (const key of ['categorical', 'numeric'] as const) {
    for (const ref of options[key] ?? []) {
      const j = resolve(ref, `${key} column`);
      if (j === labelCol) {
        throw new InvalidArgumentError(`options.${key}`, `a list of feature columns (the label's type follows options.task)`, ref);
      }
      const type = key === 'categorical' ? 'categorical' : 'numeric';
      if (forced[j] !== undefined && forced[j] !== type) {
        throw new InvalidArgumentError(`options.${key}`, 'columns not also listed in the other of categorical/numeric', ref);
      }
      forced[j] = type;
    }
  }

  // Row checks: ragged records, then missing values (counted; the first one located).
  const rowIdx: number[] = [];
  const where = (r: number, j: number): string => `${at(lines[r]!)}, column ${j + 1} (${JSON.stringify(names[j])})`;
  let missingCells = 0;
  let missingRows = 0;
  let first: { r: number; j: number } | null = null;
  const keep = missing === 'native';
  for (let r = header ? 1 : 0; r < records.length; r++) {
    const rec = records[r]!;
    if (rec.length !== ncols) {
      throw new DataFormatError(`expected ${ncols} fields${header ? ' as in the header' : ''}, got ${rec.length}`, at(lines[r]!));
    }
    let inRow = 0;
    for (let j = 0; j < ncols; j++) {
      if (!isMissing(rec[j]!)) continue;
      if (first === null) first = { r, j };
      if (keep && j === labelCol) {
        throw new DataFormatError(
          `missing label ${JSON.stringify(rec[j])}: missing: 'native' keeps missing features, not labels; pass missing: 'drop' to drop such rows`,
          where(r, j),
        );
      }
      inRow++;
    }
    if (inRow > 0) {
      missingCells += inRow;
      missingRows++;
      if (!keep) continue;
    }
    rowIdx.push(r);
  }
  if (first !== null && missing === 'error') {
    const shown = records[first.r]![first.j]!;
    throw new DataFormatError(
      `${missingCells} missing value${missingCells > 1 ? 's' : ''} in ${missingRows} row${missingRows > 1 ? 's' : ''}, the first ` +
        `${shown.trim() === '' ? 'an empty field' : JSON.stringify(shown)} at ${where(first.r, first.j)}; ` +
        `pass missing: 'drop' (command line: --missing drop) to drop such rows, or 'native' to keep them as NaN`,
    );
  }
  const n = rowIdx.length;
  if (n === 0) {
    const why = records.length > (header ? 1 : 0) ? 'every row has a missing value' : 'no data rows';
    throw new DataFormatError(`no rows to read: ${why}`, file);
  }

  const featureCols = names.map((_, j) => j).filter((j) => j !== labelCol);
  const d = featureCols.length;
  const data = new Float64Array(n * d);
  const featureTypes: FeatureType[] = [];
  const categories: (string[] | null)[] = [];
  const column = new Float64Array(n);
  for (let f = 0; f < d; f++) {
    onProgress?.('parsing', f, d + 1);
    const j = featureCols[f]!;
    let numeric = forced[j] !== 'categorical';
    if (numeric) {
      // A column is numeric when every value is a decimal number, categorical when none is; a mix
      // (one "abc", "Infinity" or "0x10" among numbers) is an error, never a silent change of type.
      let firstNumber = -1;
      let firstText = -1;
      for (let i = 0; i < n; i++) {
        const r = rowIdx[i]!;
        if (keep && isMissing(records[r]![j]!)) {
          column[i] = Number.NaN;
          continue;
        }
        const v = parseDecimal(records[r]![j]!);
        if (v === Number.POSITIVE_INFINITY || v === Number.NEGATIVE_INFINITY) {
          throw new DataFormatError(`${JSON.stringify(records[r]![j])} overflows a 64-bit float`, where(r, j));
        }
        if (Number.isNaN(v)) {
          if (firstText < 0) firstText = i;
        } else if (firstNumber < 0) firstNumber = i;
        column[i] = v;
      }
      if (firstText >= 0) {
        const r = rowIdx[firstText]!;
        if (forced[j] === 'numeric') {
          throw new DataFormatError(`non-numeric value ${JSON.stringify(records[r]![j])} in a numeric column`, where(r, j));
        }
        if (firstNumber >= 0) {
          throw new DataFormatError(
            `non-numeric value ${JSON.stringify(records[r]![j])} in a column of numbers (${JSON.stringify(records[rowIdx[firstNumber]!]![j])} at line ${lines[rowIdx[firstNumber]!]!}); ` +
              `numbers are decimal or scientific (no hex, no Infinity); list the column in options.categorical (--categorical) to read its values as levels`,
            where(r, j),
          );
        }
        numeric = false;
      }
    }
    if (numeric) {
      for (let i = 0; i < n; i++) data[i * d + f] = column[i]!;
      featureTypes.push('numeric');
      categories.push(null);
    } else {
      const present = keep ? rowIdx.filter((r) => !isMissing(records[r]![j]!)) : rowIdx;
      const levels = sortLevels([...new Set(present.map((r) => records[r]![j]!))]);
      const code = new Map(levels.map((l, k) => [l, k]));
      // Under 'native' a missing field has no level: its code is NaN.
      for (let i = 0; i < n; i++) data[i * d + f] = code.get(records[rowIdx[i]!]![j]!) ?? Number.NaN;
      featureTypes.push('categorical');
      categories.push(levels);
    }
  }

  onProgress?.('parsing', d, d + 1);
  const raw = labelCol < 0 ? [] : rowIdx.map((r) => records[r]![labelCol]!);
  const nums = raw.map(parseDecimal);
  const overflow = nums.findIndex((v) => v === Number.POSITIVE_INFINITY || v === Number.NEGATIVE_INFINITY);
  if (overflow >= 0) throw new DataFormatError(`${JSON.stringify(raw[overflow])} overflows a 64-bit float`, where(rowIdx[overflow]!, labelCol));
  const firstBad = nums.findIndex((v) => Number.isNaN(v));
  const numericLabels = firstBad < 0;
  let resolvedTask: Dataset['task'];
  if (task === 'auto') {
    resolvedTask =
      numericLabels && (nums.some((v) => !Number.isInteger(v)) || new Set(nums).size >= AUTO_REGRESSION_MIN_DISTINCT)
        ? 'regression'
        : 'classification';
  } else {
    resolvedTask = task;
  }
  const dataset: Dataset = {
    name,
    task: resolvedTask,
    X: { data, rows: n, cols: d },
    y: [],
    featureNames: featureCols.map((j) => names[j]!),
    featureTypes,
    categories,
    targetName: labelCol < 0 ? '' : names[labelCol]!,
  };
  if (missingRows > 0 && missing !== 'error') dataset.missing = { policy: missing, cells: missingCells, rows: missingRows };
  if (resolvedTask === 'regression') {
    if (!numericLabels) {
      throw new DataFormatError(`non-numeric target ${JSON.stringify(raw[firstBad])} for a regression task`, where(rowIdx[firstBad]!, labelCol));
    }
    dataset.y = Float64Array.from(nums);
  } else {
    const y: (string | number)[] = numericLabels ? nums : raw;
    dataset.y = y;
    dataset.classes = sortedDistinct(y);
  }
  onProgress?.('parsing', d + 1, d + 1);
  return dataset;
}
