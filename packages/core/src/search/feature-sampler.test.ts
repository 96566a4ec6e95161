import { createRandom } from '@dt/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FeatureSampler } from './feature-sampler.js';

/** The draw as the searches wrote it inline before the sampler existed (the oracle). */
function reference(d: number, maxFeatures: number, seed: number, constants: number[], isConst: (f: number) => boolean, nodes: number): number[][] {
  const rng = createRandom(seed);
  const features = Int32Array.from({ length: d }, (_, i) => i);
  const out: number[][] = [];
  for (let n = 0; n < nodes; n++) {
    const flag = new Uint8Array(d);
    for (const c of constants) flag[c] = 1;
    const sampling = maxFeatures < d - constants.length;
    const seen: number[] = [];
    let visited = 0;
    for (let i = 0; i < d; i++) {
      if (sampling) {
        if (visited >= maxFeatures) break;
        const j = i + rng.int(d - i);
        const t = features[i]!;
        features[i] = features[j]!;
        features[j] = t;
      }
      const f = features[i]!;
      if (flag[f] === 1) continue;
      seen.push(f);
      if (!isConst(f)) visited++;
    }
    if (sampling) for (let i = 0; i < d; i++) features[i] = i;
    out.push(seen);
  }
  return out;
}

describe('FeatureSampler', () => {
  it('draws exactly the features and generator calls of the inline draw it replaces', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 1000 }), fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 4 }), (d, mf, seed, raw) => {
        const constants = [...new Set(raw.filter((f) => f < d))];
        const isConst = (f: number): boolean => f % 3 === 1;
        const want = reference(d, Math.min(mf, d), seed, constants, isConst, 3);
        const rng = createRandom(seed);
        const s = new FeatureSampler(d, Math.min(mf, d), rng);
        const got: number[][] = [];
        for (let n = 0; n < 3; n++) {
          const seen: number[] = [];
          s.begin(constants);
          for (let f = s.next(); f >= 0; f = s.next()) {
            seen.push(f);
            if (!isConst(f)) s.evaluated();
          }
          s.end(constants);
          got.push(seen);
        }
        expect(got).toEqual(want);
      }),
      { seed: 26, numRuns: 300 },
    );
  });
});
