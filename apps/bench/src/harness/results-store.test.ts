import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ResultsStore, appendJsonLine, readJsonLines, type TornLine } from './results-store.js';

const dir = mkdtempSync(join(tmpdir(), 'dt-bench-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = (content: string): string => {
  const p = join(dir, `r${n++}.jsonl`);
  writeFileSync(p, content);
  return p;
};
type Rec = { key: string; v: number };
const line = (r: Rec): string => JSON.stringify(r) + '\n';

describe('ResultsStore after a killed run', () => {
  it('keeps every complete record, reports the torn last line, and loses nothing on resume', () => {
    // A run killed while writing b: a is complete, b is half a line.
    const p = fresh(line({ key: 'a', v: 1 }) + line({ key: 'b', v: 2 }).slice(0, 9));
    const torn: TornLine[] = [];
    const s1 = new ResultsStore<Rec>(p, { onTorn: (t) => torn.push(t) });
    expect(s1.records()).toEqual([{ key: 'a', v: 1 }]);
    expect(torn).toEqual([{ path: p, line: 2, text: '{"key":"b', reason: 'no newline (cut off mid-write)' }]);
    // The resumed run redoes b and goes on with c: the next resume must see all three.
    s1.add({ key: 'b', v: 2 });
    s1.add({ key: 'c', v: 3 });
    const torn2: TornLine[] = [];
    const s2 = new ResultsStore<Rec>(p, { onTorn: (t) => torn2.push(t) });
    expect(s2.records()).toEqual([{ key: 'a', v: 1 }, { key: 'b', v: 2 }, { key: 'c', v: 3 }]);
    expect(torn2).toEqual([]);
    // The partial line is gone from the file: each line is one whole record.
    expect(readFileSync(p, 'utf8')).toBe(line({ key: 'a', v: 1 }) + line({ key: 'b', v: 2 }) + line({ key: 'c', v: 3 }));
  });

  it('reports a bad complete line (an older run glued two records) and keeps the lines around it', () => {
    const p = fresh(line({ key: 'a', v: 1 }) + '{"key":"b{"key":"b","v":2}\n' + line({ key: 'c', v: 3 }));
    const torn: TornLine[] = [];
    expect(readJsonLines<Rec>(p, { onTorn: (t) => torn.push(t) })).toEqual([{ key: 'a', v: 1 }, { key: 'c', v: 3 }]);
    expect(torn.map((t) => [t.line, t.reason])).toEqual([[2, 'not valid JSON']]);
  });

  it('accept filters records (e.g. by format version) and says so', () => {
    const p = fresh(line({ key: 'a', v: 1 }) + line({ key: 'b', v: 2 }));
    const torn: TornLine[] = [];
    const rs = readJsonLines<Rec>(p, { accept: (r): r is Rec => (r as Rec).v === 2, onTorn: (t) => torn.push(t) });
    expect(rs).toEqual([{ key: 'b', v: 2 }]);
    expect(torn.map((t) => t.reason)).toEqual(['rejected by the reader']);
  });

  it('keyOf: a later record of the same cell replaces the earlier one', () => {
    const p = fresh(line({ key: 'x', v: 1 }) + line({ key: 'y', v: 1 }) + line({ key: 'x', v: 2 }));
    const s = new ResultsStore<Rec>(p, { keyOf: (r) => r.key });
    expect(s.get('x')).toEqual({ key: 'x', v: 2 });
    expect(s.size).toBe(2);
  });

  it('appendJsonLine creates the file and its folder, one line per record, and cuts a torn tail first', () => {
    const p = join(dir, 'sub', 'new.jsonl');
    expect(appendJsonLine(p, { key: 'a', v: 1 })).toBe(false);
    writeFileSync(p, readFileSync(p, 'utf8') + '{"key":"tor');
    expect(appendJsonLine(p, { key: 'b', v: 2 })).toBe(true);
    expect(readFileSync(p, 'utf8')).toBe(line({ key: 'a', v: 1 }) + line({ key: 'b', v: 2 }));
  });

  it('a missing file is empty; path null keeps records in memory only', () => {
    expect(readJsonLines(join(dir, 'none.jsonl'))).toEqual([]);
    const s = new ResultsStore<Rec>(null);
    s.add({ key: 'a', v: 1 });
    expect(s.has('a')).toBe(true);
    expect(s.path).toBeNull();
  });
});
