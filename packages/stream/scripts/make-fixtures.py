#!/usr/bin/env python3
"""Writes fixtures/two-sample-tests.json: scipy's p-values for the @dt/stream two-sample tests.

Run from packages/stream:  PYENV_VERSION=system python3 scripts/make-fixtures.py
The tests only read the JSON; Python is never needed to run them. Deterministic (fixed seed).

What is referenced (scipy 1.10 from Debian's python3-scipy):
- Kolmogorov-Smirnov: scipy.stats.ks_2samp (methods auto/exact/asymp), scipy.stats.kstwo.sf (the
  finite-n distribution 'asymp' uses) and scipy.special.kolmogorov (the n -> infinity limit, used by
  the learner's 'fast' policy). Small exact cases are also checked here against an exact count of
  lattice paths with Python integers, so the fixture itself is known to be right.
- Mann-Whitney U: scipy.stats.mannwhitneyu (default two-sided, continuity correction, auto method).
- Student's t: scipy.stats.ttest_ind (equal_var=True, the pooled-variance test).
- Z-test: scipy has none; it is computed here from numpy moments (ddof=1, unpooled standard error)
  and scipy.stats.norm.sf.
Samples that are too long for JSON are produced by a formula both sides evaluate identically:
  gen(n, a, b)[i] = a + b * ((i * 0.6180339887498949) % 1.0)   (IEEE double arithmetic)
"""
import json
import math
import os
from fractions import Fraction
from math import comb

import numpy as np
import scipy
from scipy import special, stats

rng = np.random.default_rng(20240601)
GOLDEN = 0.6180339887498949


def gen(n, a, b):
    i = np.arange(n, dtype=np.float64)
    return a + b * np.fmod(i * GOLDEN, 1.0)


def f(v):
    return float(v)


def rounded(a, digits=6):
    return [float(round(float(v), digits)) for v in a]


def exact_ks_p(x, y):
    """P(D >= d_observed) under H0 by counting lattice paths with Python integers."""
    n1, n2 = len(x), len(y)
    xs, ys = sorted(x), sorted(y)
    allv = sorted(set(xs) | set(ys))
    dint = 0
    i = j = 0
    for v in allv:
        while i < n1 and xs[i] <= v:
            i += 1
        while j < n2 and ys[j] <= v:
            j += 1
        dint = max(dint, abs(i * n2 - j * n1))
    if dint == 0:
        return Fraction(1)
    # paths from (0,0) to (n1,n2) with |i*n2 - j*n1| < dint everywhere
    row = [0] * (n2 + 1)
    for i in range(n1 + 1):
        new = [0] * (n2 + 1)
        for j in range(n2 + 1):
            if abs(i * n2 - j * n1) >= dint:
                new[j] = 0
                continue
            if i == 0 and j == 0:
                new[j] = 1
                continue
            new[j] = (row[j] if i > 0 else 0) + (new[j - 1] if j > 0 else 0)
        row = new
    return 1 - Fraction(row[n2], comb(n1 + n2, n1))


def student_t(x, y):
    """ttest_ind(equal_var=True); for a sample of size 1 (scipy returns NaN: its variance with ddof=1 is
    0/0) the same pooled formula with that sample's sum of squares taken as 0, and scipy's t.sf."""
    if len(x) >= 2 and len(y) >= 2:
        r = stats.ttest_ind(x, y, equal_var=True)
        return f(r.statistic), f(r.pvalue), "scipy.stats.ttest_ind"
    xa, ya = np.array(x), np.array(y)
    n1, n2 = len(x), len(y)
    df = n1 + n2 - 2
    ss = ((xa - xa.mean()) ** 2).sum() + ((ya - ya.mean()) ** 2).sum()
    t = (xa.mean() - ya.mean()) / math.sqrt(ss / df * (1 / n1 + 1 / n2))
    return f(t), f(2 * stats.t.sf(abs(t), df)), "pooled formula + scipy.stats.t.sf"


out = {"scipy": scipy.__version__, "numpy": np.__version__, "golden": GOLDEN}

# ---------------------------------------------------------------- Kolmogorov-Smirnov, explicit samples
ks = []


def add_ks(x, y, method, note):
    r = stats.ks_2samp(x, y, method=method)
    ks.append({"x": x, "y": y, "method": method, "statistic": f(r.statistic), "pvalue": f(r.pvalue), "note": note})


sizes = [(1, 1), (1, 2), (2, 2), (1, 7), (2, 9), (3, 3), (3, 5), (4, 11), (5, 5), (6, 13), (8, 8), (9, 20),
         (12, 12), (13, 31), (17, 40), (25, 25), (30, 45), (44, 60), (60, 61), (100, 100), (80, 150)]
for n1, n2 in sizes:
    for shift in (0.0, 0.7, 2.0):
        x = rounded(rng.normal(0, 1, n1))
        y = rounded(rng.normal(shift, 1.3, n2))
        add_ks(x, y, "auto", f"continuous n=({n1},{n2}) shift {shift}")
        p_exact = exact_ks_p(x, y) if n1 * n2 <= 4000 else None
        if p_exact is not None:
            got = stats.ks_2samp(x, y, method="exact").pvalue
            assert math.isclose(got, float(p_exact), rel_tol=1e-11, abs_tol=1e-300), (n1, n2, got, float(p_exact))
for n1, n2 in [(4, 6), (10, 10), (15, 22), (40, 41), (70, 30)]:
    x = [float(v) for v in rng.integers(0, 5, n1)]
    y = [float(v) for v in rng.integers(1, 6, n2)]
    add_ks(x, y, "auto", f"integer ties n=({n1},{n2})")
    add_ks(x, y, "asymp", f"integer ties n=({n1},{n2})")
# extremes: identical samples, disjoint samples (tiny exact p-values)
add_ks([1.0, 2.0, 3.0], [1.0, 2.0, 3.0], "auto", "identical")
add_ks([float(v) for v in range(50)], [float(v) + 100 for v in range(60)], "auto", "disjoint, p = 2/C(110,50)")
add_ks([float(v) for v in range(50)], [float(v) + 100 for v in range(50)], "auto", "disjoint equal sizes")
add_ks([float(v) for v in range(7)], [float(v) + 0.5 for v in range(300)], "auto", "short vs long")
for n1, n2 in [(30, 45), (100, 100), (200, 333), (500, 20)]:
    x = rounded(rng.normal(0, 1, n1))
    y = rounded(rng.normal(0.3, 1, n2))
    add_ks(x, y, "asymp", f"asymp n=({n1},{n2})")
    add_ks(x, y, "exact", f"exact n=({n1},{n2})")
out["ks"] = ks

# ---------------------------------------------------------------- KS with generated (long) samples
ks_gen = []
for (n1, a1, b1), (n2, a2, b2), method in [
    ((10050, 0.0, 1.0), (40, 0.1, 1.0), "auto"),
    ((10050, 0.0, 1.0), (900, 0.02, 1.0), "auto"),
    ((12000, 0.0, 1.0), (11000, 0.01, 1.0), "auto"),
    ((3000, 0.0, 1.0), (2000, 0.05, 1.0), "auto"),
    ((3000, 0.0, 1.0), (2000, 0.05, 1.0), "asymp"),
    ((700, 0.0, 1.0), (650, 0.0, 1.02), "auto"),
]:
    x, y = gen(n1, a1, b1), gen(n2, a2, b2)
    r = stats.ks_2samp(x, y, method=method)
    ks_gen.append({"x": [n1, a1, b1], "y": [n2, a2, b2], "method": method, "statistic": f(r.statistic), "pvalue": f(r.pvalue)})
out["ksGenerated"] = ks_gen

# ---------------------------------------------------------------- kstwo.sf: every branch of scipy's _kolmogn
kstwo = []
for n in [1, 2, 3, 5, 10, 37, 100, 140, 141, 500, 1000, 5000, 20000, 150000]:
    xs = set()
    for s in [0.01, 0.1, 0.3, 0.6, 0.754, 0.76, 1.0, 1.5, 2.0, 2.1, 2.3, 3.0, 3.9, 4.1, 6.0, 10.0, 17.0, 19.0, 50.0, 200.0, 369.0, 371.0]:
        xs.add(math.sqrt(s / n))
    for t in [0.3, 0.6, 0.9, 1.0, 1.2]:
        xs.add(t / n)
    for x in [0.45, 0.5, 0.55, 0.8, 1 - 1.0 / n, 1 - 0.5 / n]:
        xs.add(x)
    for x in sorted(xs):
        if 0 < x < 1:
            kstwo.append({"n": n, "x": x, "sf": f(stats.kstwo.sf(x, n))})
out["kstwoSf"] = kstwo

# ---------------------------------------------------------------- Kolmogorov limit distribution
out["kolmogorovSf"] = [{"x": x, "sf": f(special.kolmogorov(x))}
                       for x in [0.03, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 0.819, 0.821, 1.0, 1.2, 1.5, 2.0, 3.0, 5.0, 8.0, 12.0, 19.0, 27.0]]

# ---------------------------------------------------------------- Mann-Whitney U
mwu = []


def add_mwu(x, y, method, continuity, note):
    r = stats.mannwhitneyu(x, y, method=method, use_continuity=continuity)
    mwu.append({"x": x, "y": y, "method": method, "continuity": continuity, "statistic": f(r.statistic), "pvalue": f(r.pvalue), "note": note})


for n1, n2 in [(1, 1), (1, 2), (2, 2), (1, 5), (2, 8), (3, 4), (5, 8), (8, 8), (2, 40), (1, 300), (8, 9), (9, 9), (12, 15), (30, 25)]:
    for shift in (0.0, 1.5):
        x = rounded(rng.normal(0, 1, n1))
        y = rounded(rng.normal(shift, 1, n2))
        add_mwu(x, y, "auto", True, f"continuous n=({n1},{n2}) shift {shift}")
    add_mwu(x, y, "asymptotic", False, f"no continuity n=({n1},{n2})")
for n1, n2 in [(1, 3), (2, 2), (2, 10), (5, 7), (20, 25)]:
    x = [float(v) for v in rng.integers(0, 3, n1)]
    y = [float(v) for v in rng.integers(0, 4, n2)]
    add_mwu(x, y, "auto", True, f"ties n=({n1},{n2})")
add_mwu([1.0, 1.0], [1.0, 1.0, 1.0], "auto", True, "all tied")
add_mwu([0.0], [1.0] * 50, "auto", True, "one sample vs 50 tied")
for n1, n2 in [(8, 200), (12, 30), (25, 25)]:
    x = rounded(rng.normal(0, 1, n1))
    y = rounded(rng.normal(0.8, 1, n2))
    add_mwu(x, y, "exact", True, f"forced exact n=({n1},{n2})")
out["mwu"] = mwu

# ---------------------------------------------------------------- Student's t (pooled) and Z
tt = []
zt = []
for n1, n2 in [(2, 2), (1, 3), (2, 5), (3, 3), (5, 9), (10, 4), (20, 30), (31, 31), (45, 100), (300, 250)]:
    for shift, sd in ((0.0, 1.0), (0.6, 2.0), (4.0, 0.5)):
        x = rounded(rng.normal(0, 1, n1))
        y = rounded(rng.normal(shift, sd, n2))
        t, p, how = student_t(x, y)
        tt.append({"x": x, "y": y, "statistic": t, "pvalue": p, "df": n1 + n2 - 2, "reference": how})
        if n1 >= 2 and n2 >= 2:
            xa, ya = np.array(x), np.array(y)
            se = math.sqrt(xa.var(ddof=1) / n1 + ya.var(ddof=1) / n2)
            z = (xa.mean() - ya.mean()) / se
            zt.append({"x": x, "y": y, "statistic": f(z), "pvalue": f(2 * stats.norm.sf(abs(z)))})
x = [float(v) for v in range(40)]
y = [float(v) + 30 for v in range(40)]
t, p, how = student_t(x, y)
tt.append({"x": x, "y": y, "statistic": t, "pvalue": p, "df": 78, "reference": how})
out["tTest"] = tt
out["zTest"] = zt

# ---------------------------------------------------------------- the paper's selection rules
sel = []
for n1, n2 in [(1, 5), (2, 2), (2, 40), (3, 3), (3, 40), (30, 30), (30, 31), (31, 31), (31, 100), (5, 100)]:
    x = rounded(rng.normal(0, 1, n1))
    y = rounded(rng.normal(0.5, 1, n2))
    np_test = "ks" if (n1 > 2 and n2 > 2) else "mwu"
    p_np = stats.ks_2samp(x, y).pvalue if np_test == "ks" else stats.mannwhitneyu(x, y).pvalue
    p_test = "z" if (n1 > 30 and n2 > 30) else "t"
    if p_test == "z":
        xa, ya = np.array(x), np.array(y)
        z = (xa.mean() - ya.mean()) / math.sqrt(xa.var(ddof=1) / n1 + ya.var(ddof=1) / n2)
        p_p = 2 * stats.norm.sf(abs(z))
    else:
        p_p = student_t(x, y)[1]
    sel.append({"x": x, "y": y, "nonparametric": {"test": np_test, "pvalue": f(p_np)},
                "parametric": {"test": p_test, "pvalue": f(p_p)}})
out["selection"] = sel

here = os.path.dirname(os.path.abspath(__file__))
path = os.path.join(here, "..", "fixtures", "two-sample-tests.json")
os.makedirs(os.path.dirname(path), exist_ok=True)
with open(path, "w") as fh:
    json.dump(out, fh, indent=None, separators=(",", ":"), allow_nan=False)
    fh.write("\n")
print(f"wrote {path}: {len(ks)} ks, {len(ks_gen)} generated ks, {len(kstwo)} kstwo, {len(mwu)} mwu, "
      f"{len(tt)} t, {len(zt)} z, {len(sel)} selection cases")
