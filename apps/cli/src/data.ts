import { existsSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { Command } from 'commander';
import { listDatasets, loadDataset, parseCsv, type CsvOptions, type Dataset } from '@dt/datasets';
import { readCsv } from '@dt/datasets/node';
import { closestName, DataFormatError, DtError, oneOf } from '@dt/errors';
import { CLI_IMPUTE, CLI_MISSING, describeMissing, missingFrom, type MissingSettings } from './missing.js';
import type { Task } from './algorithms.js';
import { UsageError } from './errors.js';
import type { InputStream } from './io.js';
import type { Progress } from './progress.js';

export interface DataOptions {
  /** CSV label column name (default: the last column). */
  label?: string;
  /** CSV columns to read as categorical. */
  categorical?: string[];
  /** Force the task; for a CSV the default is the parser's guess. */
  task?: Task;
  /** CSV missing values ("", "?", "NA", ...): refuse the file (default), drop their rows, keep them as NaN or impute them. */
  missing: MissingSettings;
}

export function isBuiltin(spec: string): boolean {
  return listDatasets().some((d) => d.name === spec);
}

function looksLikePath(spec: string): boolean {
  return spec.includes('/') || spec.includes('\\') || /\.(csv|tsv|txt)$/i.test(spec);
}

export function resolvePath(cwd: string, path: string): string {
  return isAbsolute(path) ? path : resolve(cwd, path);
}

/** Adds --data, --label, --categorical and --task to a command. */
export function addDataOptions(cmd: Command): Command {
  return cmd
    .requiredOption('--data <name|file.csv|->', 'a built-in dataset (see dt datasets), a CSV file, or - for CSV on standard input')
    .option('--label <column>', 'CSV label column (default: the last column)')
    .option('--categorical <columns>', 'comma-separated CSV columns to read as categorical')
    .option('--task <task>', 'classification or regression (default: from the data)')
    .option(
      '--missing <policy>',
      `CSV missing values ("", "?", "NA", ...): ${CLI_MISSING.join(', ')} (error refuses the file; drop drops their rows; ` +
        'native keeps them as NaN for axis trees to learn where they go; impute fills them from the training rows)',
      'error',
    )
    .option('--impute <strategy>', `with --missing impute, the fill value of numeric columns: ${CLI_IMPUTE.join(', ')} (default mean; categorical columns get their most frequent level)`);
}

/** Reads --label/--categorical/--task as commander parsed them. */
export function dataOptionsFrom(opts: Record<string, unknown>): DataOptions {
  const out: DataOptions = { missing: missingFrom(opts) };
  if (opts.label !== undefined) out.label = String(opts.label);
  if (opts.categorical !== undefined) {
    out.categorical = String(opts.categorical)
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  }
  if (opts.task !== undefined) out.task = oneOf<Task>('--task', opts.task, ['classification', 'regression']);
  return out;
}

/** The task the data will have, when it is known without reading it (for early option checks). */
export function knownTask(spec: string, o: DataOptions): Task | undefined {
  return o.task ?? listDatasets().find((d) => d.name === spec)?.task;
}

/** The built-in dataset `spec` names, unless a file of that name exists (then it is a CSV). */
export function builtinName(spec: string, cwd: string): string | null {
  return isBuiltin(spec) && !existsSync(resolvePath(cwd, spec)) ? spec : null;
}

/** `--data -`: CSV text on standard input. */
export const STDIN = '-';

/**
 * The CSV file `spec` names; a name that is neither a built-in nor a path says which built-ins exist
 * (with the nearest one when the name looks misspelt).
 */
export function csvPath(spec: string, cwd: string): string {
  const path = resolvePath(cwd, spec);
  if (!looksLikePath(spec) && !existsSync(path)) {
    const names = listDatasets().map((d) => d.name);
    const near = closestName(spec, names);
    throw new DtError(
      'UNKNOWN_NAME',
      `unknown dataset ${JSON.stringify(spec)}: not a built-in (${names.join(', ')}) nor a file${near === null ? '' : `; did you mean ${near}?`}`,
    );
  }
  return path;
}

/** All of standard input as text (`progress`: the bytes read so far; the total is unknown). */
async function readAll(stdin: InputStream, progress: Progress | undefined): Promise<string> {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let text = '';
  let bytes = 0;
  progress?.stage('reading standard input', undefined, 'bytes');
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    bytes += typeof chunk === 'string' ? chunk.length : chunk.byteLength;
    progress?.update(bytes);
  }
  return text + decoder.decode();
}

/**
 * Parse options that draw a CSV parse on `progress`: the 'reading' stage in MB of the input (`bytes`,
 * scaled from the characters the parser has read), then 'parsing' in columns.
 */
function csvProgress(progress: Progress | undefined, bytes: number): Pick<CsvOptions, 'onProgress'> {
  if (progress === undefined) return {};
  let current = '';
  return {
    onProgress(stage, done, total) {
      if (stage !== current) {
        current = stage;
        if (stage === 'reading') progress.stage('reading', bytes, 'bytes');
        else progress.stage('parsing', total, 'columns');
      }
      progress.update(stage === 'reading' ? Math.round((done / Math.max(total, 1)) * bytes) : done);
    },
  };
}

/**
 * Reads CSV data from `spec` — a file, or standard input for `-` (read once; parse it as often as
 * needed) — with options; errors that name a library option name the command-line flag instead.
 * `progress`: each parse shows the MB read and the columns parsed (a 44 MB file takes seconds).
 */
export async function csvReader(spec: string, cwd: string, stdin: InputStream | undefined, progress?: Progress): Promise<(o: CsvOptions) => Dataset> {
  if (spec === STDIN) {
    if (stdin === undefined) throw new UsageError('--data - reads CSV from standard input, which this run has none of');
    const text = await readAll(stdin, progress);
    const shown = csvProgress(progress, Buffer.byteLength(text, 'utf8'));
    return (o) => withFlagHints(() => parseCsv(text, { name: 'stdin', ...o, ...shown }));
  }
  const path = csvPath(spec, cwd);
  return (o) => withFlagHints(() => readCsv(path, { ...o, ...csvProgress(progress, fileBytes(path)) }));
}

/** The file's size for the progress line (0 when it cannot be read: readCsv then names the error). */
function fileBytes(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** Library option names in CSV errors ("pass missing: 'drop'") become the flags that set them ("--missing drop"). */
function withFlagHints<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof DataFormatError) {
      e.message = e.message.replace(/\bmissing: '([a-z-]+)'(?: \(command line: --missing [a-z-]+\))?/g, '--missing $1');
    }
    throw e;
  }
}

/** A built-in dataset by name, else a CSV file (relative to `cwd`), or CSV on `stdin` for `-` (`progress`: see csvReader). */
export async function loadData(spec: string, o: DataOptions, cwd: string, stdin?: InputStream, progress?: Progress): Promise<Dataset> {
  if (builtinName(spec, cwd) !== null) {
    if (o.label !== undefined || o.categorical !== undefined) {
      throw new UsageError(`--label and --categorical apply to CSV files, not to the built-in dataset ${spec}`);
    }
    return withTask(await loadDataset(spec), o.task);
  }
  const read = await csvReader(spec, cwd, stdin, progress);
  return read({
    task: o.task ?? 'auto',
    ...(o.label === undefined ? {} : { label: o.label }),
    ...(o.categorical === undefined ? {} : { categorical: o.categorical }),
    // 'impute' reads missing cells as NaN; the imputer is fitted later, on the training rows only.
    missing: o.missing.policy === 'impute' ? 'native' : o.missing.policy,
  });
}

/** Reads a built-in classification dataset with numeric labels as regression, or the reverse. */
function withTask(ds: Dataset, task: Task | undefined): Dataset {
  if (task === undefined || task === ds.task) return ds;
  if (task === 'regression') {
    const y = ds.y as (string | number)[];
    const bad = y.find((v) => typeof v !== 'number');
    if (bad !== undefined) {
      throw new DataFormatError(`cannot read ${ds.name} as regression: label ${JSON.stringify(bad)} is not a number`);
    }
    const { classes: _classes, ...rest } = ds;
    return { ...rest, task, y: Float64Array.from(y as number[]) };
  }
  const y = Array.from(ds.y as Float64Array);
  return { ...ds, task, y, classes: [...new Set(y)].sort((a, b) => a - b) };
}

/** `imputedOn`: for --missing impute, which rows the fill values came from. */
export function describeData(ds: Dataset, missing?: MissingSettings, imputedOn = 'the training rows'): string {
  const classes = ds.task === 'classification' ? `, ${ds.classes?.length ?? '?'} classes` : '';
  const m = describeMissing(ds.missing, missing ?? { policy: 'error', strategy: 'mean' }, imputedOn);
  return `${ds.name} (${ds.X.rows.toLocaleString('en-US')} rows, ${ds.X.cols} features${classes}${m})`;
}
