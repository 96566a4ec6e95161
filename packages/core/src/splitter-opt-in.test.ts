import { describe, expect, it, vi } from 'vitest';
import type * as Core from './index.js';
import type * as Classifier from './decision-tree-classifier.js';

// The test setup registers 'hist' and 'random' (as Node's main entry does); a fresh module graph
// shows what a browser bundle of the main entry sees without `import '@dt/core/hist'` / '/random'.
async function freshCore(): Promise<typeof Core> {
  vi.resetModules();
  return import('./index.js');
}

// 300 rows, 3 features with few distinct values (every column bins exactly: 'auto' bins) and one
// continuous feature that does not bin exactly with maxBins 16.
function data(): { X: number[][]; y: number[] } {
  const X: number[][] = [];
  const y: number[] = [];
  let s = 12345;
  const next = (): number => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 300; i++) {
    const row = [Math.floor(next() * 7), Math.floor(next() * 5), Math.floor(next() * 9)];
    X.push(row);
    y.push((row[0]! + row[1]! > 5 ? 1 : 0) ^ (next() < 0.1 ? 1 : 0));
  }
  return { X, y };
}

describe("splitters 'hist' and 'random' are opt-in outside Node's main entry (@dt/core/hist, @dt/core/random)", () => {
  it("an explicit 'hist' or 'random' without its import throws a typed error naming the import", async () => {
    const core = await freshCore();
    const errors = await import('@dt/errors');
    const { X, y } = data();
    for (const splitter of ['hist', 'random'] as const) {
      const fit = () => new core.DecisionTreeClassifier({ splitter, seed: 1 }).fit(X, y);
      expect(fit).toThrow(errors.InvalidArgumentError);
      expect(fit).toThrow(`import '@dt/core/${splitter}'`);
      try {
        fit();
      } catch (e) {
        expect((e as InstanceType<typeof errors.InvalidArgumentError>).argument).toBe('splitter');
        expect((e as InstanceType<typeof errors.InvalidArgumentError>).value).toBe(splitter);
      }
    }
  });

  it("'auto' without 'hist' grows the same tree as with it (it bins only when that is exact)", async () => {
    const { X, y } = data();
    const withHist = await import('./decision-tree-classifier.js');
    const binned = new withHist.DecisionTreeClassifier({ splitter: 'auto', maxBins: 16 }).fit(X, y);
    const best = new withHist.DecisionTreeClassifier({ splitter: 'best', maxBins: 16 }).fit(X, y);
    const core = await freshCore();
    const lean = new core.DecisionTreeClassifier({ splitter: 'auto', maxBins: 16 }).fit(X, y);
    expect(lean.nodeCount).toBeGreaterThan(3);
    // toJSON, not serializeModel: each model is written by its own module graph.
    expect(JSON.stringify(lean)).toBe(JSON.stringify(binned));
    expect(JSON.stringify(best).replace('"splitter":"best"', '"splitter":"auto"')).toBe(JSON.stringify(binned));
  });

  it('after the imports the same fits work', async () => {
    const core = await freshCore();
    await import('./hist.js');
    await import('./random.js');
    const { X, y } = data();
    for (const splitter of ['hist', 'random'] as const) {
      expect(new core.DecisionTreeClassifier({ splitter, seed: 1 }).fit(X, y).predict(X)).toHaveLength(300);
    }
  });
});

describe("ccpAlpha is opt-in outside Node's main entry (@dt/core/ccp)", () => {
  it('ccpAlpha > 0 without the import throws a typed error naming the argument, the value and the import; 0 needs nothing', async () => {
    const core = await freshCore();
    const errors = await import('@dt/errors');
    const { X, y } = data();
    const fit = () => new core.DecisionTreeClassifier({ ccpAlpha: 0.01 }).fit(X, y);
    expect(fit).toThrow(errors.InvalidArgumentError);
    expect(fit).toThrow("ccpAlpha 0.01 needs cost-complexity pruning: add `import '@dt/core/ccp';`");
    try {
      fit();
    } catch (e) {
      expect((e as InstanceType<typeof errors.InvalidArgumentError>).argument).toBe('ccpAlpha');
      expect((e as InstanceType<typeof errors.InvalidArgumentError>).value).toBe(0.01);
    }
    expect(new core.DecisionTreeClassifier({ ccpAlpha: 0 }).fit(X, y).nodeCount).toBeGreaterThan(3);
  });

  it('after the import ccpAlpha prunes as pruneTree does', async () => {
    const core = await freshCore();
    await import('./ccp.js');
    const { X, y } = data();
    const full = new core.DecisionTreeClassifier({ seed: 1 }).fit(X, y);
    const pruned = new core.DecisionTreeClassifier({ seed: 1, ccpAlpha: 0.01 }).fit(X, y);
    expect(pruned.nodeCount).toBe(core.pruneTree(full.tree, 0.01).nodeCount);
    expect(pruned.nodeCount).toBeLessThan(full.nodeCount);
  });
});

describe("scale is opt-in outside Node's main entry (@dt/core/scale)", () => {
  // The estimator's module alone: the main entry's createClassifier (algorithms.ts) imports the scaler,
  // which a bundler drops when createClassifier is not used but vitest's module graph keeps.
  async function freshClassifier(): Promise<typeof Classifier> {
    vi.resetModules();
    return import('./decision-tree-classifier.js');
  }

  it('scale: true without the import throws a typed error naming the argument, the value and the import', async () => {
    const core = await freshClassifier();
    const errors = await import('@dt/errors');
    const { X, y } = data();
    const fit = () => new core.DecisionTreeClassifier({ scale: true }).fit(X, y);
    expect(fit).toThrow(errors.InvalidArgumentError);
    expect(fit).toThrow("scale true needs feature scaling: add `import '@dt/core/scale';`");
    try {
      fit();
    } catch (e) {
      expect((e as InstanceType<typeof errors.InvalidArgumentError>).argument).toBe('scale');
      expect((e as InstanceType<typeof errors.InvalidArgumentError>).value).toBe(true);
    }
  });

  it('after the import scale: true fits the model the full entry fits; loading and predicting a scaled model never need it', async () => {
    const { X, y } = data();
    const full = await import('./index.js');
    const scaled = new full.DecisionTreeClassifier({ scale: true, seed: 1 }).fit(X, y);
    const lean = await freshClassifier();
    const text = JSON.stringify(scaled);
    await import('./load.js');
    expect(lean.DecisionTreeClassifier.fromJSON(JSON.parse(text)).predict(X)).toEqual(scaled.predict(X));
    await import('./scale.js');
    expect(JSON.stringify(new lean.DecisionTreeClassifier({ scale: true, seed: 1 }).fit(X, y))).toBe(text);
  });
});

describe("the estimators' fromJSON/load are opt-in outside Node's main entry (@dt/core/load)", () => {
  it('without the import they throw a typed error naming the call and the import; loadModel and toJSON need nothing', async () => {
    const { X, y } = data();
    const full = await import('./index.js');
    const clf = new full.DecisionTreeClassifier({ seed: 1 }).fit(X, y);
    const reg = new full.DecisionTreeRegressor({ seed: 1 }).fit(X, y);
    const core = await freshCore();
    const errors = await import('@dt/errors');
    const text = JSON.stringify(clf);
    const calls = [
      ['DecisionTreeClassifier.fromJSON', () => core.DecisionTreeClassifier.fromJSON(text)],
      ['DecisionTreeClassifier.load', () => core.DecisionTreeClassifier.load(JSON.parse(text))],
      ['DecisionTreeRegressor.fromJSON', () => core.DecisionTreeRegressor.fromJSON(JSON.stringify(reg))],
      ['DecisionTreeRegressor.load', () => core.DecisionTreeRegressor.load(JSON.stringify(reg))],
    ] as const;
    for (const [name, call] of calls) {
      expect(call).toThrow(errors.InvalidArgumentError);
      expect(call).toThrow(`${name} needs the model file's checks: add \`import '@dt/core/load';\``);
      try {
        call();
      } catch (e) {
        expect((e as InstanceType<typeof errors.InvalidArgumentError>).argument).toBe('json');
      }
    }
    // loadModel is imported by name (it is the reader), and writing never needs the reader.
    const loaded = core.loadModel(text) as Classifier.DecisionTreeClassifier;
    expect(loaded.predict(X)).toEqual(clf.predict(X));
    expect(JSON.stringify(new core.DecisionTreeClassifier({ seed: 1 }).fit(X, y))).toBe(text);
  });

  it('after the import they read what toJSON wrote, and still refuse the other estimator', async () => {
    const { X, y } = data();
    const core = await freshCore();
    await import('./load.js');
    const clf = new core.DecisionTreeClassifier({ seed: 1 }).fit(X, y);
    const reg = new core.DecisionTreeRegressor({ seed: 1 }).fit(X, y);
    expect(core.DecisionTreeClassifier.fromJSON(JSON.stringify(clf)).predict(X)).toEqual(clf.predict(X));
    expect(core.DecisionTreeClassifier.load(JSON.parse(JSON.stringify(clf))).predictProba(X)).toEqual(clf.predictProba(X));
    expect(core.DecisionTreeRegressor.fromJSON(JSON.stringify(reg)).predict(X)).toEqual(reg.predict(X));
    expect(() => core.DecisionTreeClassifier.fromJSON(JSON.stringify(reg))).toThrow('holds a DecisionTreeRegressor, not a DecisionTreeClassifier');
  });
});
