import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Each task entry registers its task's built-ins only (what keeps a classifier's browser bundle free
// of the regression criteria); the main entry registers every one. Each case starts from an empty
// shared registry (the global symbol) and fresh module instances, and puts the real one back after.
const KEY = Symbol.for('@dt/criteria/registry');
const slot = globalThis as Record<symbol, unknown>;
let saved: unknown;

describe('task entries', () => {
  beforeEach(() => {
    saved = slot[KEY];
    delete slot[KEY];
    vi.resetModules();
  });
  afterEach(() => {
    slot[KEY] = saved;
    vi.resetModules();
  });

  it("@dt/criteria/classification registers scikit-learn's classification criteria only; a left-out built-in names its import", async () => {
    const c = await import('./classification.js');
    expect(c.listCriteria()).toEqual(['gini', 'entropy', 'misclassification']);
    expect(() => c.getCriterion('twoing')).toThrow(/criterion "twoing" is not loaded: add `import '@dt\/criteria\/all';`.*import \{ twoing \} from '@dt\/criteria'/);
    expect(() => c.getCriterion('max-cut')).toThrow(/criterion "maxCut" is not loaded/);
    expect(() => c.getCriterion('mse')).toThrow(/criterion "mse" is not loaded/);
    expect(() => c.getCriterion('ginni')).toThrow(/unknown criterion "ginni"; known: gini, entropy, misclassification/);
    await import('./all.js');
    expect(c.getCriterion('twoing', 'classification').name).toBe('twoing');
  });

  it('@dt/criteria/regression registers the regression built-ins only', async () => {
    const r = await import('./regression.js');
    expect(r.listCriteria()).toEqual(['mse', 'mae']);
    expect(r.getCriterion('squared_error', 'regression').name).toBe('mse');
  });

  it('the task entries and @dt/criteria/all, in any order, give the built-ins of the main entry', async () => {
    const r = await import('./regression.js');
    await import('./classification.js');
    await import('./all.js');
    // Every built-in (a criterion added by docs/adding-a-criterion.md comes after them), each task's in its order.
    expect(r.listCriteria()).toEqual(expect.arrayContaining(['gini', 'entropy', 'misclassification', 'twoing', 'maxCut', 'mse', 'mae']));
    expect(r.listCriteria('classification').slice(0, 5)).toEqual(['gini', 'entropy', 'misclassification', 'twoing', 'maxCut']);
    expect(r.listCriteria('regression').slice(0, 2)).toEqual(['mse', 'mae']);
  });

  it('the registry store alone has no built-ins', async () => {
    const s = await import('./registry-store.js');
    expect(s.listCriteria()).toEqual([]);
  });
});
