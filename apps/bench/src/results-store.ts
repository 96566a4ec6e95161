import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Append-only JSON-lines results file: one finished cell per line, keyed by `key`. Appending after
 * each cell makes a run resumable (a rerun skips keys already present); a torn last line from a
 * killed run is ignored.
 */
export class ResultsStore<R extends { key: string }> {
  private readonly byKey = new Map<string, R>();

  constructor(readonly path: string | null) {
    if (path === null || !existsSync(path)) return;
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const r = JSON.parse(line) as R;
        if (typeof r.key === 'string') this.byKey.set(r.key, r);
      } catch {
        // A partial line from an interrupted write: that cell simply runs again.
      }
    }
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  get(key: string): R | undefined {
    return this.byKey.get(key);
  }

  add(record: R): void {
    this.byKey.set(record.key, record);
    if (this.path === null) return;
    mkdirSync(dirname(this.path), { recursive: true });
    appendFileSync(this.path, JSON.stringify(record) + '\n');
  }

  get size(): number {
    return this.byKey.size;
  }
}

/** FNV-1a of a string: a stable 32-bit seed per cell. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
