import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, UnknownNameError, createRandom } from '@dt/errors';
import { axis } from './axis.js';
import { getProjection, isProjectionLoaded } from './built-ins.js';
import { AXIS_ONLY, listProjections, resolveProjection } from './registry.js';
import { nodeMeansPCA } from './node-means-pca.js';
import { fromRows } from './test-helpers/data.js';

describe('projection registry', () => {
  it('lists and resolves the built-ins with default options', () => {
    expect(listProjections()).toEqual(['axis', 'global-pca', 'node-features-pca', 'node-means-pca', 'householder-a', 'householder-d']);
    for (const name of listProjections()) expect(getProjection(name).name).toBe(name);
    expect(getProjection('axis')).toBe(axis());
    expect(axis().prepare(fromRows([[1]]), createRandom(1))).toEqual({ kind: 'axis' });
  });

  it('returns a given instance, and rejects unknown names and malformed objects', () => {
    const p = nodeMeansPCA();
    expect(getProjection(p)).toBe(p);
    expect(() => getProjection('pca')).toThrow(UnknownNameError);
    expect(() => getProjection('pca')).toThrow('unknown projection "pca"; known: axis, global-pca, node-features-pca, node-means-pca, householder-a, householder-d');
    expect(() => getProjection('toString')).toThrow(UnknownNameError);
    expect(() => getProjection({ name: 'x' } as never)).toThrow(InvalidArgumentError);
  });

  it('a built-in name missing from the table says to pass the object (lean bundles)', () => {
    expect(resolveProjection('axis', {}, AXIS_ONLY)).toBe(axis());
    expect(() => resolveProjection('global-pca', {}, AXIS_ONLY)).toThrow(UnknownNameError);
    expect(() => resolveProjection('global-pca', {}, AXIS_ONLY)).toThrow('projection "global-pca" is taken by value here: pass the projection object');
    expect(isProjectionLoaded('global-pca')).toBe(true);
  });
});
