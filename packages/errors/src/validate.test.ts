import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, DtError, positiveInt, oneOf, knownKeys, numberInRange, UnknownNameError } from './index.js';

describe('validators', () => {
  it('names the argument and the bad value', () => {
    expect(() => positiveInt('maxDepth', -1)).toThrowError('maxDepth must be a positive integer, got -1');
    expect(() => positiveInt('maxDepth', 2.5)).toThrowError(InvalidArgumentError);
    expect(() => oneOf('criterion', 'ginny', ['gini', 'entropy'])).toThrowError(
      'criterion must be one of "gini", "entropy", got "ginny"',
    );
    expect(() => numberInRange('frac', 1, 0, 1)).toThrowError('frac must be a number in (0, 1), got 1');
  });
  it('accepts good values and returns them', () => {
    expect(positiveInt('n', 3)).toBe(3);
    expect(oneOf('c', 'gini', ['gini'])).toBe('gini');
  });
  it('rejects unknown option keys', () => {
    try {
      knownKeys('options', { maxDepht: 3 }, ['maxDepth']);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DtError);
      expect((e as InvalidArgumentError).argument).toBe('options.maxDepht');
    }
  });
  it('suggests the nearest known option for a misspelt key', () => {
    expect(() => knownKeys('fitOptions', { sampleWeights: [] }, ['sampleWeight', 'featureNames'])).toThrowError(
      'fitOptions.sampleWeights must be one of the known options (sampleWeight, featureNames; did you mean sampleWeight?), got "sampleWeights"',
    );
    expect(() => knownKeys('options', { zzz: 1 }, ['maxDepth'])).toThrowError('options.zzz must be one of the known options (maxDepth), got "zzz"');
  });
  it('UnknownNameError suggests the nearest known name (datasets, criteria, algorithms, ...) and only a near one', () => {
    expect(new UnknownNameError('dataset', 'iriss', ['iris', 'wine']).message).toBe('unknown dataset "iriss"; known: iris, wine; did you mean iris?');
    expect(new UnknownNameError('dataset', 'irsi', ['iris', 'wine']).message).toBe('unknown dataset "irsi"; known: iris, wine; did you mean iris?');
    expect(new UnknownNameError('criterion', 'GINI', ['gini']).message).toBe('unknown criterion "GINI"; known: gini; did you mean gini?');
    expect(new UnknownNameError('dataset', 'mnist', ['iris', 'wine']).message).toBe('unknown dataset "mnist"; known: iris, wine');
    // Enumerated values too (--format, --splitter, ...).
    expect(() => oneOf('--splitter', 'hsit', ['best', 'hist', 'random'])).toThrowError('--splitter must be one of "best", "hist", "random", got "hsit"; did you mean "hist"?');
    expect(() => oneOf('--format', 'png', ['text', 'dot', 'svg', 'html'])).toThrowError(/got "png"$/);
  });
});
