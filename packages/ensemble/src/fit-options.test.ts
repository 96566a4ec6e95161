import { describe, expect, it } from 'vitest';
import { makeClassification } from '@dt/datasets';
import { InvalidArgumentError } from '@dt/errors';
import { algorithmForest } from './bagging.js';
import { ExtraTreesClassifier, ExtraTreesRegressor, RandomForestClassifier } from './random-forest.js';

/** Options and fit options a forest would have ignored are refused, naming what the user passed (issue 31). */
const data = makeClassification({ nSamples: 60, nFeatures: 4, nClasses: 2, nInformative: 2, seed: 1 });

describe('forest options are refused, not ignored', () => {
  it('fit-option typos are refused as the trees refuse them', () => {
    const f = new RandomForestClassifier({ nEstimators: 2, seed: 1 });
    expect(() => f.fit(data.X, data.y, { sampleWieght: [1] } as never)).toThrowError(/fitOptions.*sampleWieght/);
    expect(() => f.fit(data.X, data.y, { onProgress: 3 } as never)).toThrowError(InvalidArgumentError);
  });

  it('extra trees (no bootstrap) refuse maxSamples instead of ignoring it', () => {
    expect(() => new ExtraTreesClassifier({ maxSamples: 0.5 })).toThrowError(/maxSamples must be null when bootstrap is false.*0\.5/);
    expect(() => new ExtraTreesRegressor({ maxSamples: 10 })).toThrowError(/maxSamples/);
    expect(() => new RandomForestClassifier({ bootstrap: false, maxSamples: 3 })).toThrowError(/maxSamples/);
    expect(new ExtraTreesClassifier({ bootstrap: true, maxSamples: 0.5 }).options.maxSamples).toBe(0.5);
  });

  it('a Decision Stream forest given classWeight without bootstrap names classWeight (it named sampleWeight)', () => {
    const f = algorithmForest('decision-stream', { nEstimators: 2, seed: 1, classWeight: 'balanced', bootstrap: false });
    expect(() => f.fit(data.X, data.y)).toThrowError(/^classWeight must be null for members fitted on repeated rows/);
    const g = algorithmForest('decision-stream', { nEstimators: 2, seed: 1, bootstrap: false });
    expect(() => g.fit(data.X, data.y, { sampleWeight: new Float64Array(60).fill(1) })).toThrowError(/^sampleWeight must be null/);
  });
});
