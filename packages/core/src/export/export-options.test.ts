import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '@dt/errors';
import { DecisionTreeClassifier, exportDot, exportText } from '../index.js';

const m = new DecisionTreeClassifier().fit([[1, 2], [2, 1], [3, 4], [4, 3]], ['a', 'a', 'b', 'b']);

describe('export options are checked at the boundary', () => {
  for (const [name, exporter] of [['exportText', exportText], ['exportDot', exportDot]] as const) {
    it(`${name}: bad decimals, maxDepth and unknown keys are typed errors naming the option`, () => {
      expect(() => exporter(m, { maxDepth: -1 })).toThrowError('options.maxDepth must be a non-negative integer, got -1');
      expect(() => exporter(m, { maxDepth: 1.5 })).toThrowError(InvalidArgumentError);
      expect(() => exporter(m, { decimals: Number.NaN })).toThrowError('options.decimals must be an integer in [0, 100], got NaN');
      expect(() => exporter(m, { decimals: 1000 })).toThrowError('options.decimals must be an integer in [0, 100], got 1000');
      expect(() => exporter(m, { decimals: '2' as never })).toThrowError(InvalidArgumentError);
      expect(() => exporter(m, { decimal: 2 } as never)).toThrowError(/options.decimal must be one of the known options .*did you mean decimals\?/);
      expect(() => exporter(m, { featureNames: 'ab' as never })).toThrowError('options.featureNames must be an array of feature names');
      expect(exporter(m, { decimals: 0, maxDepth: 0 })).not.toContain('->');
    });
  }
});
