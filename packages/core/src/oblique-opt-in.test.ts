import { describe, expect, it, vi } from 'vitest';
import type * as Core from './index.js';

// The test setup imports '@dt/core/oblique'; a fresh module graph shows what an application sees
// without it (the main entry leaves the oblique split searches out of plain CART bundles).
async function freshCore(): Promise<typeof Core> {
  vi.resetModules();
  return import('./index.js');
}

const X = [
  [0, 1.5],
  [1, 0.5],
  [2, 2.5],
  [0, 3.5],
  [1, 1.0],
  [2, 0.2],
];
const y = [0, 1, 0, 0, 1, 1];

describe('oblique split searches are opt-in (@dt/core/oblique)', () => {
  it('plain axis fits work without the import', async () => {
    const core = await freshCore();
    await import('./hist.js');
    await import('./random.js');
    for (const splitter of ['best', 'hist', 'random'] as const) {
      const clf = new core.DecisionTreeClassifier({ splitter, seed: 1 }).fit(X, y);
      expect(clf.predict(X)).toHaveLength(6);
    }
  });

  it('categoricalFeatures without the import throws a typed error naming the import', async () => {
    const core = await freshCore();
    const errors = await import('@dt/errors');
    const fit = () => new core.DecisionTreeClassifier({ categoricalFeatures: [0] }).fit(X, y);
    expect(fit).toThrow(errors.InvalidArgumentError);
    expect(fit).toThrow("import '@dt/core/oblique'");
  });

  it('a projection without the import throws a typed error naming the import', async () => {
    const core = await freshCore();
    const fit = () => new core.DecisionTreeRegressor({ projection: 'node-features-pca' }).fit(X, [1, 2, 3, 4, 5, 6]);
    expect(fit).toThrow("import '@dt/core/oblique'");
  });

  it('after the import the same fits work', async () => {
    const core = await freshCore();
    await import('./oblique.js');
    const clf = new core.DecisionTreeClassifier({ categoricalFeatures: [0] }).fit(X, y);
    expect(clf.predict(X)).toHaveLength(6);
    expect(new core.DecisionTreeClassifier({ projection: 'node-features-pca' }).fit(X, y).predict(X)).toHaveLength(6);
  });
});
