import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, ShapeMismatchError } from '@dt/errors';
import { createProjectionData } from './projection-data.js';

describe('createProjectionData', () => {
  it('stores rows column-major with class codes and weights', () => {
    const d = createProjectionData([[1, 2], [3, 4], [5, 6]], [0, 2, 1], [1, 0.5, 2]);
    expect(Array.from(d.data)).toEqual([1, 3, 5, 2, 4, 6]);
    expect(d).toMatchObject({ rows: 3, cols: 2, nClasses: 3 });
    expect(Array.from(d.labels!)).toEqual([0, 2, 1]);
    expect(Array.from(d.weights!)).toEqual([1, 0.5, 2]);
    expect(createProjectionData([[1]])).toMatchObject({ labels: null, weights: null, nClasses: 0 });
  });

  it('names the bad value', () => {
    expect(() => createProjectionData([])).toThrow(InvalidArgumentError);
    expect(() => createProjectionData([[1, 2], [3]])).toThrow(new ShapeMismatchError('rows[1] has 1 values, rows[0] has 2'));
    expect(() => createProjectionData([[1, Number.NaN]])).toThrow('rows[0][1] must be a finite number, got NaN');
    expect(() => createProjectionData([[1], [2]], [0, -1])).toThrow('labels[1] must be a class code (integer >= 0), got -1');
    expect(() => createProjectionData([[1], [2]], [0])).toThrow(ShapeMismatchError);
    expect(() => createProjectionData([[1], [2]], null, [1, -2])).toThrow(/weights\[1\]/);
  });
});
