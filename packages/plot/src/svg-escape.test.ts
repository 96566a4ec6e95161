import { describe, expect, it } from 'vitest';
import { DecisionTreeClassifier } from '@dt/core';
import { renderHtml, renderSvg } from './render-svg.js';

/** Characters XML 1.0 forbids anywhere in a document (no escape exists for them). */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('SVG of names holding control characters (issue 31: invalid SVG)', () => {
  it('C0 controls render as their visible control pictures (U+2400 block), lone surrogates as U+FFFD: nothing XML forbids remains', () => {
    const X = Array.from({ length: 20 }, (_, i) => [i, (i * 7) % 5]);
    const y = X.map(([a]) => (a! < 10 ? 'cl\u0001ass' : 'b\uD800'));
    const m = new DecisionTreeClassifier({ maxDepth: 2 }).fit(X, y, { featureNames: ['x\u0000\u001Fy', 'z\uFFFF😀'] });
    for (const out of [renderSvg(m), renderHtml(m)]) {
      expect(out).not.toMatch(NOT_XML);
      expect(out).toContain('x\u2400\u241Fy');
      expect(out).toContain('cl\u2401ass');
    }
  });
});
