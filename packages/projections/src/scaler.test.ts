import { describe, expect, it } from 'vitest';
import { ShapeMismatchError } from '@dt/errors';
import { applyScaler, fitScaler } from './scaler.js';
import { fromRows, rowOf } from './test-helpers/data.js';

describe('fitScaler / applyScaler', () => {
  it('weighted mean and population sd; constant features get scale 1', () => {
    const data = fromRows([[1, 5, 1e9], [3, 5, 1e9], [7, 5, 1e9]], [0, 1, 0], [1, 2, 1]);
    const { mean, scale } = fitScaler(data);
    // mean of 1, 3, 3, 7 = 3.5; variance (6.25 + 0.25 + 0.25 + 12.25) / 4 = 4.75.
    expect(mean[0]).toBeCloseTo(3.5, 14);
    expect(scale[0]).toBeCloseTo(Math.sqrt(4.75), 14);
    expect(Array.from(scale.subarray(1))).toEqual([1, 1]);
    expect(Array.from(mean.subarray(1))).toEqual([5, 1e9]);
  });

  it('produces a standardised column-major copy sharing labels and weights', () => {
    const data = fromRows([[1, 10], [2, 20], [3, 30], [4, 40]], [0, 1, 1, 0]);
    const z = applyScaler(data, fitScaler(data));
    expect(z.data).not.toBe(data.data);
    expect(z.labels).toBe(data.labels);
    expect(z.rows).toBe(4);
    const s = Math.sqrt(1.25);
    expect(rowOf(z, 0)).toEqual([expect.closeTo(-1.5 / s, 14), expect.closeTo(-1.5 / s, 14)]);
    let sum = 0;
    let sq = 0;
    for (let i = 0; i < 4; i++) {
      sum += z.data[i]!;
      sq += z.data[i]! ** 2;
    }
    expect(sum).toBeCloseTo(0, 14);
    expect(sq / 4).toBeCloseTo(1, 14);
  });

  it('rejects data whose arrays are too short', () => {
    expect(() => fitScaler({ data: new Float64Array(3), rows: 2, cols: 2, labels: null, nClasses: 0, weights: null })).toThrow(ShapeMismatchError);
  });
});
