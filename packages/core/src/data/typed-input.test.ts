import { describe, expect, it } from 'vitest';
import { DtError } from '@dt/errors';
import { DecisionTreeClassifier, DecisionTreeRegressor } from '../index.js';

/** Views that hold no numbers by index are refused at the boundary (issue 31: a DataView row was fitted on nothing). */
describe('typed-array inputs that hold no numbers', () => {
  const y = [0, 1];
  it.each([
    ['a DataView row', () => new DecisionTreeClassifier().fit([new DataView(new ArrayBuffer(16)), new DataView(new ArrayBuffer(16))] as never, y), /X\[0\] must be an array of feature values/],
    ['a DataView second row', () => new DecisionTreeClassifier().fit([[1, 2], new DataView(new ArrayBuffer(16))] as never, y), /X\[1\]/],
    ['a BigInt64Array row', () => new DecisionTreeClassifier().fit([new BigInt64Array(2), new BigInt64Array(2)] as never, y), /X\[0\]/],
    ['DataView targets', () => new DecisionTreeRegressor().fit([[1], [2]], new DataView(new ArrayBuffer(16)) as never), /^y must be an array of numbers/],
    ['DataView sample weights', () => new DecisionTreeClassifier().fit([[1], [2]], y, { sampleWeight: new DataView(new ArrayBuffer(16)) as never }), /^sampleWeight must be an array/],
  ])('%s is a typed error naming it', (_name, f, message) => {
    expect(f).toThrowError(DtError);
    expect(f).toThrowError(message);
  });
});
