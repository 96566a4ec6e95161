// Isolated (`@dt/isolated` project): it imports the task entries to show that loading them registers
// nothing, which holds only if this file is the first to load them (its own module graph).
import { describe, expect, it } from 'vitest';
import { maxCut } from './max-cut.js';
import { gini } from './gini.js';
import { BUILT_IN_CRITERIA, getCriterion, listCriteria } from './registry.js';
import { listCriteriaIn, resolveCriterion } from './registry-store.js';

// Built-ins are values resolved through a static table, never registered by importing a module.
describe('criterion names without registration', () => {
  it('the deprecated task entries register nothing: they re-export the main resolution', async () => {
    const before = listCriteriaIn([]);
    const c = await import('./classification.js');
    await import('./regression.js');
    await import('./all.js');
    expect(listCriteriaIn([])).toEqual(before);
    expect(c.getCriterion('twoing', 'classification').name).toBe('twoing');
    expect(c.listCriteria()).toEqual(listCriteria());
  });

  it('the main entry resolves every built-in name whatever was imported', () => {
    for (const c of BUILT_IN_CRITERIA) expect(getCriterion(c.name)).toBe(c);
    expect(getCriterion('max-cut')).toBe(maxCut);
  });

  it('an empty table (a value-only estimator) takes objects and says how to pass a built-in by value', () => {
    expect(resolveCriterion(gini, 'classification', [])).toBe(gini);
    expect(() => resolveCriterion('twoing', 'classification', [])).toThrow(/a criterion object here \(`import \{ twoing \} from '@dt\/criteria'`\)/);
    expect(() => resolveCriterion('ginni', 'classification', [])).toThrow(/unknown criterion "ginni"/);
  });

  it('capabilities are flags on the criterion, not lists of names', () => {
    expect(BUILT_IN_CRITERIA.filter((c) => c.task === 'classification' && c.symmetricImpurity).map((c) => c.name)).toEqual(['gini', 'entropy', 'misclassification']);
    expect(BUILT_IN_CRITERIA.filter((c) => c.valueScored).map((c) => c.name)).toEqual(['maxCut']);
    expect(BUILT_IN_CRITERIA.filter((c) => c.partitionScored).map((c) => c.name)).toEqual(['gini', 'entropy', 'misclassification', 'twoing', 'mse', 'mae']);
  });
});
