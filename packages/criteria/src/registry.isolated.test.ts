// Isolated (`@dt/isolated` project): it registers criteria in the process-wide registry and loads a
// second copy of the registry module, which the packages' shared module graph must not see.
import { describe, expect, it, vi } from 'vitest';
import { InvalidArgumentError, UnknownNameError } from '@dt/errors';
import { getCriterion, listCriteria, registerCriterion } from './registry.js';
import type * as Registry from './registry.js';
import { gini } from './gini.js';
import { entropy } from './entropy.js';
import { mse } from './mse.js';
import { mae } from './mae.js';
import type { ClassificationCriterion } from './types.js';

describe('registry', () => {
  it('lists the built-ins by task', () => {
    // Built-ins come first, in this order; a criterion added by docs/adding-a-criterion.md goes after them.
    expect(listCriteria('classification').slice(0, 5)).toEqual(['gini', 'entropy', 'misclassification', 'twoing', 'maxCut']);
    expect(listCriteria('regression').slice(0, 2)).toEqual(['mse', 'mae']);
    expect(listCriteria().sort()).toEqual([...listCriteria('classification'), ...listCriteria('regression')].sort());
  });

  it('resolves names and scikit-learn aliases', () => {
    expect(getCriterion('gini')).toBe(gini);
    expect(getCriterion('log_loss', 'classification')).toBe(entropy);
    expect(getCriterion('squared_error', 'regression')).toBe(mse);
    expect(getCriterion('absolute_error')).toBe(mae);
  });

  it('returns a given instance after checking it', () => {
    expect(getCriterion(gini, 'classification')).toBe(gini);
    expect(() => getCriterion({ name: 'x' } as unknown as ClassificationCriterion)).toThrow(InvalidArgumentError);
  });

  it('names the known criteria when a name is unknown', () => {
    expect(() => getCriterion('ginni')).toThrow(UnknownNameError);
    expect(() => getCriterion('ginni')).toThrow(/unknown criterion "ginni"; known: gini, entropy, .*log_loss/);
  });

  it('rejects a criterion of the wrong task', () => {
    expect(() => getCriterion('mse', 'classification')).toThrow(
      /^criterion must be a classification criterion \("gini", "entropy", "misclassification", "twoing", "maxCut"(, "\w+")*\), got "mse"$/,
    );
    expect(() => getCriterion(gini, 'regression')).toThrow(InvalidArgumentError);
    expect(() => getCriterion('gini', 'clustering' as 'regression')).toThrow(/task must be/);
  });

  it('registers new criteria and rejects duplicates and malformed objects', () => {
    const custom: ClassificationCriterion = { ...gini, name: 'myGini' };
    registerCriterion(custom);
    expect(getCriterion('myGini', 'classification')).toBe(custom);
    expect(listCriteria('classification')).toContain('myGini');
    expect(() => registerCriterion(custom)).toThrow(/criterion.name must be a name not registered yet, got "myGini"/);
    expect(() => registerCriterion({ ...gini, name: 'log_loss' })).toThrow(InvalidArgumentError);
    expect(() => registerCriterion({ ...gini, name: 'has space' })).toThrow(InvalidArgumentError);
    expect(() => registerCriterion({ ...mse, name: 'noLeaf', leafValue: undefined } as never)).toThrow(InvalidArgumentError);
    expect(() => registerCriterion(null as never)).toThrow(InvalidArgumentError);
  });

  it('survives duplicate installs: a second copy of the module shares one registry', async () => {
    vi.resetModules();
    const copy = (await import('./registry.js?second-copy' as string)) as typeof Registry;
    expect(copy.registerCriterion).not.toBe(registerCriterion); // really another module instance
    const viaCopy: ClassificationCriterion = { ...gini, name: 'fromSecondCopy' };
    copy.registerCriterion(viaCopy);
    expect(getCriterion('fromSecondCopy')).toBe(viaCopy);
    expect(copy.getCriterion('gini').name).toBe('gini');
    expect(copy.listCriteria()).toEqual(listCriteria());
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('@dt/criteria/registry')]).toBeInstanceOf(Map);
  });
});
