import { closeSync, existsSync, fstatSync, fsyncSync, mkdirSync, openSync, readFileSync, readSync, ftruncateSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The bench's one results format: JSON lines, one finished cell (fit, fold, measurement) per line,
 * appended as soon as it is done, so that a killed run resumes where it stopped.
 *
 * - A record is appended with a single write of the whole line (JSON + '\n') followed by fsync, so a
 *   crash leaves at most the last line torn, never a record half-merged into another.
 * - Reading keeps every complete line (newline-terminated, valid JSON) and reports and discards a
 *   torn one: the last line without its newline (a run killed mid-write) or a line that does not
 *   parse. The cell it held simply runs again.
 * - Before the first append to a file whose last line is torn, that partial line is cut off, so the
 *   new record starts on a line of its own (appending after it would glue both into one bad line
 *   and lose the new record too).
 */

/** Something wrong with one line of a results file, as reported to `onTorn`. */
export interface TornLine {
  path: string;
  /** 1-based line number. */
  line: number;
  /** The start of the line's text (at most 80 characters). */
  text: string;
  reason: 'no newline (cut off mid-write)' | 'not valid JSON' | 'rejected by the reader';
}

export interface ReadJsonLinesOptions<R> {
  /** Keeps only the records it returns true for (e.g. a format version); others are reported. */
  accept?: (record: unknown) => record is R;
  /** Called once per torn or rejected line; default: a warning on stderr. */
  onTorn?: (t: TornLine) => void;
}

export function describeTornLine(t: TornLine): string {
  return `${t.path}:${t.line}: discarded a torn results line (${t.reason}): ${JSON.stringify(t.text)}; that cell runs again`;
}

const warn = (t: TornLine): void => console.error(`bench: ${describeTornLine(t)}`);

/** Every complete record of a JSON-lines file ([] when it does not exist); torn lines are reported and skipped. */
export function readJsonLines<R>(path: string, opts: ReadJsonLinesOptions<R> = {}): R[] {
  if (!existsSync(path)) return [];
  const onTorn = opts.onTorn ?? warn;
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  // After the last '\n' comes either '' (a clean end) or a line cut off mid-write.
  const tail = lines.pop()!;
  const out: R[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let r: unknown;
    try {
      r = JSON.parse(line);
    } catch {
      onTorn({ path, line: i + 1, text: line.slice(0, 80), reason: 'not valid JSON' });
      return;
    }
    if (opts.accept && !opts.accept(r)) {
      onTorn({ path, line: i + 1, text: line.slice(0, 80), reason: 'rejected by the reader' });
      return;
    }
    out.push(r as R);
  });
  if (tail.trim() !== '') onTorn({ path, line: lines.length + 1, text: tail.slice(0, 80), reason: 'no newline (cut off mid-write)' });
  return out;
}

/**
 * Appends one record as one line: a single write of the whole line, then fsync. A torn last line
 * already in the file (a killed run) is cut off first; returns whether that happened.
 */
export function appendJsonLine(path: string, record: unknown): boolean {
  const line = Buffer.from(JSON.stringify(record) + '\n', 'utf8');
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'a+');
  try {
    const repaired = cutTornTail(fd);
    // O_APPEND: the write lands at the end whatever the position; one call for the whole line.
    let off = 0;
    while (off < line.length) off += writeSync(fd, line, off, line.length - off);
    fsyncSync(fd);
    return repaired;
  } finally {
    closeSync(fd);
  }
}

/** Truncates the file after its last '\n' when it does not end with one. */
function cutTornTail(fd: number): boolean {
  const size = fstatSync(fd).size;
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  if (last[0] === 0x0a) return false;
  const all = Buffer.alloc(size);
  let got = 0;
  while (got < size) got += readSync(fd, all, got, size - got, got);
  ftruncateSync(fd, all.lastIndexOf(0x0a) + 1);
  return true;
}

export interface ResultsStoreOptions<R> extends ReadJsonLinesOptions<R> {
  /** The cell a record belongs to; a later record of the same cell replaces an earlier one. Default `r.key`. */
  keyOf?: (r: R) => string;
}

/**
 * A resumable results file: the records already on disk by cell key, and `add` to append a new one.
 * `path` null keeps everything in memory (quick runs).
 */
export class ResultsStore<R> {
  private readonly byKey = new Map<string, R>();
  private readonly keyOf: (r: R) => string;

  constructor(
    readonly path: string | null,
    opts: ResultsStoreOptions<R> = {},
  ) {
    this.keyOf = opts.keyOf ?? ((r: R) => (r as { key: string }).key);
    if (path === null) return;
    for (const r of readJsonLines<R>(path, opts)) this.byKey.set(this.keyOf(r), r);
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  get(key: string): R | undefined {
    return this.byKey.get(key);
  }

  add(record: R): void {
    this.byKey.set(this.keyOf(record), record);
    if (this.path !== null) appendJsonLine(this.path, record);
  }

  /** Every record, in the order their cells were first stored. */
  records(): R[] {
    return [...this.byKey.values()];
  }

  get size(): number {
    return this.byKey.size;
  }
}
