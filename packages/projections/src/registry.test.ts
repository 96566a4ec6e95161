import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, UnknownNameError, createRandom } from '@dt/errors';
import { axis } from './axis.js';
import './built-ins.js';
import { getProjection, isProjectionLoaded, listProjections } from './registry.js';
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

  it('a built-in oblique projection whose code is not loaded says to import @dt/projections', () => {
    const map = (globalThis as Record<symbol, unknown>)[Symbol.for('@dt/projections/registry')] as Map<string, unknown>;
    const saved = map.get('global-pca');
    map.delete('global-pca');
    try {
      expect(isProjectionLoaded('global-pca')).toBe(false);
      expect(() => getProjection('global-pca')).toThrow(UnknownNameError);
      expect(() => getProjection('global-pca')).toThrow("projection \"global-pca\" is not loaded: add `import '@dt/core/oblique';`");
      expect(getProjection('axis')).toBe(axis());
    } finally {
      map.set('global-pca', saved);
    }
    expect(isProjectionLoaded('global-pca')).toBe(true);
  });
});
