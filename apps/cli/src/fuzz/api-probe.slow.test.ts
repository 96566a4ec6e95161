import { describe, expect, it } from 'vitest';
import { PACKAGES, probeApi } from './api-probe.js';

/**
 * Every public export of every library package, called with wrong-typed arguments (api-probe.ts):
 * each call returns or throws a DtError — no raw TypeError, RangeError or hang at the boundary.
 * (Issue 31 item 10.) In the e2e project: about 20,000 calls, some fitting estimators.
 */
describe('the API boundary answers wrong-typed arguments with typed errors', () => {
  for (const pkg of Object.keys(PACKAGES)) {
    it(pkg, async () => {
      const { calls, findings } = await probeApi(`${pkg}.`);
      expect(calls).toBeGreaterThan(0);
      expect(findings.map((f) => `${f.call} → ${f.error}`)).toEqual([]);
    }, 180_000);
  }
});
