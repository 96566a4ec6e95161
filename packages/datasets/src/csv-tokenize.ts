import { DataFormatError } from '@dt/errors';

/** Records of a CSV text and the 1-based line on which each record starts. */
export interface CsvRecords {
  records: string[][];
  lines: number[];
}

const QUOTE = 34;
const CR = 13;
const LF = 10;
const SPACE = 32;
const TAB = 9;

/**
 * RFC 4180 tokenizer: quoted fields may hold delimiters, newlines and doubled quotes; LF, CRLF or CR
 * end a record; a leading BOM is skipped; blank lines are skipped. Unquoted fields lose surrounding blanks,
 * quoted ones are kept as written. Blanks are spaces and tabs. A hand parser rather than csv-parse: csv-parse's sync API needs
 * Node's global Buffer, and its browser build bundles a Buffer polyfill and is ~20x slower.
 */
export function tokenizeCsv(text: string, delimiter: string, where: (line: number) => string, onProgress?: (done: number, total: number) => void): CsvRecords {
  const delim = delimiter.charCodeAt(0);
  const n = text.length;
  // Progress is reported about every 1/256 of the text (and at the end): a comparison per record.
  const step = Math.max(1, Math.ceil(n / 256));
  let nextReport = onProgress === undefined ? Number.POSITIVE_INFINITY : step;
  const records: string[][] = [];
  const lines: number[] = [];
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (pos < n) {
    const recordLine = line;
    const fields: string[] = [];
    let quotedAny = false;
    for (;;) {
      // Leading blanks may precede an opening quote.
      let p = pos;
      while (p < n && (text.charCodeAt(p) === SPACE || text.charCodeAt(p) === TAB)) p++;
      let c = p < n ? text.charCodeAt(p) : -1;
      if (c === QUOTE) {
        quotedAny = true;
        const fieldLine = line;
        let value = '';
        let start = p + 1;
        p = start;
        for (;;) {
          if (p >= n) throw new DataFormatError('unterminated quoted field (no closing ")', where(fieldLine));
          const d = text.charCodeAt(p);
          if (d === QUOTE) {
            if (p + 1 < n && text.charCodeAt(p + 1) === QUOTE) {
              value += text.slice(start, p + 1);
              p += 2;
              start = p;
              continue;
            }
            value += text.slice(start, p);
            p++;
            break;
          }
          if (d === LF || (d === CR && text.charCodeAt(p + 1) !== LF)) line++;
          p++;
        }
        while (p < n && (text.charCodeAt(p) === SPACE || text.charCodeAt(p) === TAB)) p++;
        c = p < n ? text.charCodeAt(p) : -1;
        if (c !== delim && c !== LF && c !== CR && c !== -1) {
          throw new DataFormatError(
            `unexpected ${JSON.stringify(text[p])} after the closing quote of field ${fields.length + 1}`,
            where(line),
          );
        }
        fields.push(value);
      } else {
        const start = p;
        while (p < n) {
          c = text.charCodeAt(p);
          if (c === delim || c === LF || c === CR) break;
          p++;
        }
        if (p >= n) c = -1;
        let end = p;
        while (end > start && (text.charCodeAt(end - 1) === SPACE || text.charCodeAt(end - 1) === TAB)) end--;
        fields.push(text.slice(start, end));
      }
      if (c === delim) {
        pos = p + 1;
        continue;
      }
      if (c === CR) p = text.charCodeAt(p + 1) === LF ? p + 2 : p + 1;
      else if (c === LF) p++;
      if (c !== -1) line++;
      pos = p;
      break;
    }
    if (pos >= nextReport) {
      onProgress?.(pos, n);
      nextReport = pos + step;
    }
    if (fields.length === 1 && fields[0] === '' && !quotedAny) continue;
    records.push(fields);
    lines.push(recordLine);
  }
  onProgress?.(n, n);
  return { records, lines };
}
