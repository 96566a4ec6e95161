#!/usr/bin/env python3
"""Writes fixtures/small-group-mwu.json: exact permutation p-values of the two-sided Mann-Whitney test
for groups of one or two values, the default test of @dt/stream for such groups.

Run from packages/stream:  PYENV_VERSION=system python3 scripts/make-small-group-fixtures.py
The tests only read the JSON. Deterministic (fixed seed). scipy 1.10 (Debian's python3-scipy).

For each case (x = the group of 1-2 values, y = the rest):
- permutation: every split of the pooled sample into groups of len(x) and len(y) enumerated, statistic
  |U1 - n1*n2/2| with U1 from scipy.stats.mannwhitneyu: P(|U - E U| >= |u - E U|) given the ties;
- asymptotic: scipy.stats.mannwhitneyu(x, y, method='asymptotic') (tie and continuity corrections),
  what @dt/stream used before, for the record (it is anti-conservative on class labels);
- reference: the authors' code's test for a group of one value, Apache Commons Math's
  MannWhitneyUTest: normal approximation without tie or continuity correction.
"""
import itertools
import json
import math
import os

import numpy as np
import scipy
from scipy import stats

rng = np.random.default_rng(20261124)


def u1(x, y):
    return stats.mannwhitneyu(x, y, method='asymptotic').statistic


def permutation_p(x, y):
    """Every choice of len(x) of the pooled values as the group (scipy's permutation_test wants two or
    more values per sample, so the enumeration is done here), U1 from scipy.stats.mannwhitneyu."""
    n1, n2 = len(x), len(y)
    pooled = list(x) + list(y)
    mu = n1 * n2 / 2
    observed = abs(u1(x, y) - mu)
    hits = total = 0
    for group in itertools.combinations(range(n1 + n2), n1):
        a = [pooled[i] for i in group]
        b = [pooled[i] for i in range(n1 + n2) if i not in group]
        total += 1
        if abs(u1(a, b) - mu) >= observed - 1e-9:
            hits += 1
    return hits / total


def reference_p(x, y):
    n1, n2 = len(x), len(y)
    u = u1(x, y)
    umin = min(u, n1 * n2 - u)
    z = (umin - n1 * n2 / 2) / math.sqrt(n1 * n2 * (n1 + n2 + 1) / 12)
    return float(2 * stats.norm.cdf(z))


cases = []


def add(x, y, note):
    x = [float(v) for v in x]
    y = [float(v) for v in y]
    cases.append({
        'x': x, 'y': y, 'note': note,
        'permutation': permutation_p(x, y),
        'asymptotic': float(stats.mannwhitneyu(x, y, method='asymptotic').pvalue),
        'reference': reference_p(x, y) if len(x) == 1 else None,
    })


# the example: one class-1 label against 90 zeros and 10 ones
add([1], [0] * 90 + [1] * 10, 'one class-1 value vs 90 zeros + 10 ones (issue 17)')
add([0], [0] * 90 + [1] * 10, 'one class-0 value vs 90 zeros + 10 ones')
add([1, 1], [0] * 90 + [1] * 9, 'two class-1 values vs 90 zeros + 9 ones')
add([0, 1], [0] * 90 + [1] * 9, 'one of each vs 90 zeros + 9 ones')
add([2], [0] * 40 + [1] * 30 + [2] * 5, 'three classes, the rare top one')
add([0, 2], [0] * 40 + [1] * 30 + [2] * 5, 'three classes, both ends')
add([5.5], list(range(30)), 'no ties, middle value')
add([100], list(range(30)), 'no ties, above all')
add([-1, 100], list(range(30)), 'no ties, both extremes')
add([3, 3], [1, 2, 3, 3, 4, 5, 5, 5], 'ties inside the group and across')
# random small class-label and target samples with many ties
for k in range(24):
    m = 1 + k % 2
    n = int(rng.integers(3, 60))
    levels = int(rng.integers(2, 6))
    pooled = rng.integers(0, levels, size=n + m)
    add(pooled[:m].tolist(), pooled[m:].tolist(), f'random labels {k}')
for k in range(8):
    m = 1 + k % 2
    n = int(rng.integers(3, 40))
    pooled = np.round(rng.normal(size=n + m), 1)
    add(pooled[:m].tolist(), pooled[m:].tolist(), f'random rounded targets {k}')

out = {'generator': 'scripts/make-small-group-fixtures.py', 'scipy': scipy.__version__, 'cases': cases}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'fixtures', 'small-group-mwu.json')
with open(path, 'w') as f:
    json.dump(out, f, indent=1)
    f.write('\n')
print(f'wrote {len(cases)} cases to {path}')
