/**
 * Fuzzing the model file reader: random mutations of valid boosting model files (a value replaced by
 * another JSON value or a special number, a key deleted, an array truncated or extended) are either
 * refused with a typed DtError or load into a model whose predictions are finite (probabilities in
 * [0, 1] summing to 1). Seeded, so a failure reproduces.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DtError } from '@dt/errors';
import { HistGradientBoostingClassifier } from './hist-gradient-boosting-classifier.js';
import { HistGradientBoostingRegressor } from './hist-gradient-boosting-regressor.js';
import { arrayOf } from './testing-fixtures/sklearn-fixture.js';

const X = (arrayOf('reg_missing', 'X') as number[][]).slice(0, 120);
const rows = X.slice(0, 8);
const clf = new HistGradientBoostingClassifier({ maxIter: 3, maxLeafNodes: 5 }).fit(X, (arrayOf('multi', 'y') as number[]).slice(0, 120));
const reg = new HistGradientBoostingRegressor({ maxIter: 3, maxLeafNodes: 5 }).fit(X, (arrayOf('reg', 'y') as number[]).slice(0, 120));

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path to a value in a JSON document. */
function paths(v: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) paths(v[k]!, [...at, k], out);
  return out;
}

const special = fc.constantFrom<Json>(null, -1, 0, 1, 0.5, 1e308, -1e308, 2 ** 31, 1e-320, '', 'x', true, [], {});
const mutation = fc.tuple(fc.nat(), fc.oneof(special, fc.jsonValue() as fc.Arbitrary<Json>), fc.constantFrom('set', 'delete', 'truncate', 'extend'));

function mutate(doc: Json, pick: number, value: Json, how: string): Json {
  const copy = structuredClone(doc);
  const all = paths(copy).filter((p) => p.length > 0);
  const path = all[pick % all.length]!;
  let parent = copy as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, Json>;
  const key = path.at(-1)!;
  const target = parent[key];
  if (how === 'delete') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else if (how === 'truncate' && Array.isArray(target)) target.length = Math.floor(target.length / 2);
  else if (how === 'extend' && Array.isArray(target)) target.push(value);
  else parent[key] = value;
  return copy;
}

function check(load: () => HistGradientBoostingClassifier | HistGradientBoostingRegressor): void {
  let m: HistGradientBoostingClassifier | HistGradientBoostingRegressor;
  try {
    m = load();
  } catch (e) {
    if (e instanceof DtError) return;
    throw e;
  }
  if (m instanceof HistGradientBoostingClassifier) {
    for (const p of m.predictProba(rows)) {
      let s = 0;
      for (const v of p) {
        expect(v >= 0 && v <= 1).toBe(true);
        s += v;
      }
      expect(Math.abs(s - 1)).toBeLessThan(1e-9);
    }
  } else {
    for (const v of m.predict(rows)) expect(Number.isNaN(v)).toBe(false);
  }
}

describe('fuzzed boosting model files are refused with a typed error or load into a working model', () => {
  for (const [name, model, load] of [
    ['classifier', clf, (j: Json) => HistGradientBoostingClassifier.fromJSON(j)],
    ['regressor', reg, (j: Json) => HistGradientBoostingRegressor.fromJSON(j)],
  ] as const) {
    it(name, () => {
      const doc = JSON.parse(JSON.stringify(model.toJSON())) as Json;
      fc.assert(
        fc.property(mutation, ([pick, value, how]) => check(() => load(mutate(doc, pick, value, how)) as never)),
        { seed: 27, numRuns: 400 },
      );
    });
  }
});
