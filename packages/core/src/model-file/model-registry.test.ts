import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, ModelFormatError } from '@dt/errors';
import { DecisionTreeClassifier } from '../estimators/decision-tree-classifier.js';
import { serializeModel } from './model-format.js';
import { listModelFormats, loadAnyModel, registerModelFormat, type ModelFormat } from './model-registry.js';

const X = [[0], [1], [2], [3]];
const y = ['a', 'a', 'b', 'b'];

describe('loadAnyModel: formats as values', () => {
  it('reads dt-model files with nothing passed, and a format passed as a value by its field', () => {
    const tree = new DecisionTreeClassifier().fit(X, y);
    expect((loadAnyModel(serializeModel(tree)) as DecisionTreeClassifier).predict(X)).toEqual(y);
    const toy: ModelFormat<{ kind: string }> = { format: 'dt-toy', load: (doc) => ({ kind: String(doc.kind) }) };
    expect(loadAnyModel({ format: 'dt-toy', kind: 'k' }, [toy])).toEqual({ kind: 'k' });
    expect(() => loadAnyModel({ format: 'dt-toy' })).toThrow(ModelFormatError);
    expect(() => loadAnyModel({ format: 'dt-toy' })).toThrow(/format is "dt-toy", expected one of "dt-model"/);
    expect(listModelFormats([toy]).slice(0, 2)).toEqual(['dt-model', 'dt-toy']);
  });

  it('refuses a formats argument that is not an array of { format, load } with a typed error naming it', () => {
    for (const bad of [{}, [null], [{ format: 1, load: () => 0 }], [{ format: 'x' }], 'dt-stream']) {
      expect(() => loadAnyModel('{"format":"dt-model"}', bad as never)).toThrow(InvalidArgumentError);
      expect(() => loadAnyModel('{"format":"dt-model"}', bad as never)).toThrow(/formats/);
    }
  });

  it('keeps registered formats on a global symbol, so a second copy of @dt/core reads them too', () => {
    registerModelFormat('dt-registry-test' as never, (() => ({ ok: true })) as never);
    const store = (globalThis as Record<symbol, Map<string, unknown>>)[Symbol.for('@dt/core/model-formats')]!;
    expect(store.has('dt-registry-test')).toBe(true);
    expect(loadAnyModel({ format: 'dt-registry-test' })).toEqual({ ok: true });
    store.delete('dt-registry-test');
  });
});
