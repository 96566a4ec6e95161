/** Reads the committed conformance fixtures (made by scripts/make-fixtures.py). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

export interface Expected {
  library: string;
  versions: Record<string, string>;
  note: string;
  X: (number | null)[][];
  raw: number[][];
  predict: number[][];
  leaves: number[][];
  [output: string]: unknown;
}

export function fixtureText(file: string): string {
  return readFileSync(DIR + file, 'utf8');
}

export function fixtureBytes(file: string): Uint8Array {
  return new Uint8Array(readFileSync(DIR + file));
}

export function expected(name: string): Expected {
  return JSON.parse(readFileSync(`${DIR}${name}.expected.json`, 'utf8')) as Expected;
}

/** The fixture's inputs with NaN for null. */
export function inputs(e: Expected): number[][] {
  return e.X.map((row) => row.map((v) => (v === null ? Number.NaN : v)));
}

/** Largest |a - b| / max(|b|, 1e-300) over two row-major tables. */
export function maxRelativeError(actual: ArrayLike<number>, want: readonly (readonly number[])[]): number {
  const flat = want.flat();
  if (flat.length !== actual.length) throw new Error(`length ${actual.length} vs ${flat.length}`);
  let worst = 0;
  for (let i = 0; i < flat.length; i++) {
    const b = flat[i]!;
    const a = actual[i]!;
    const err = a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);
    if (!(err <= worst)) worst = err;
  }
  return worst;
}
