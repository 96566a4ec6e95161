#!/usr/bin/env python3
"""Writes fixtures/distributions.json: scipy's (and mpmath's 40-digit) values for the @dt/stats tests.

Run from packages/stats:  PYENV_VERSION=system python3 scripts/make-fixtures.py
The tests only read the JSON; Python is never needed to run them. Deterministic (no randomness).

Each row is [x, df, scipy, exact]: `exact` from mpmath (betainc / erfc / findroot at 40 digits), so the
tests can tell a difference from scipy that is scipy's error from one that is ours. Values that
underflow in double precision (|value| < 1e-300) are left out.
"""
import json
import os

import mpmath
import scipy
from scipy import stats

mpmath.mp.dps = 60

DFS = [1, 1.5, 2, 2.5, 3, 4.7, 5, 7, 10, 17.3, 30, 63.5, 100, 1e3, 1e4, 1e5, 1e6]
TS = [0, 1e-12, 1e-6, 0.01, 0.1, 0.5, 1, 1.5, 1.7, 2, 2.5, 3, 4, 5, 7, 10, 20, 30, 50, 100, 1e3, 1e4, 1e6, 1e10, 1e50, 1e150]
PS = [1e-300, 1e-200, 1e-100, 1e-50, 1e-20, 1e-12, 1e-8, 1e-5, 1e-3, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.4, 0.45,
      0.49, 0.499, 0.4999999, 0.5 - 1e-12]
PS = PS + [1 - p for p in PS if 1 - p != 1] + [0.5]
ZS = [0, 1e-12, 1e-6, 0.01, 0.1, 0.5, 0.8, 0.84375 * 2 ** 0.5, 1, 1.5, 1.75, 2, 2.5, 3, 4, 5, 6, 8, 10, 15, 20, 25,
      30, 35, 37.5]


def ibeta_cf(a, b, x):
    """I_x(a, b) by its continued fraction at 40 digits (mpmath's betainc is too slow for a = 5e5)."""
    tiny = mpmath.mpf(10) ** -300
    c, d = mpmath.mpf(1), 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    m = 1
    while True:
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((a + m2 - 1) * (a + m2)), -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))):
            d = 1 + aa * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < mpmath.mpf(10) ** -38:
            break
        m += 1
    return mpmath.exp(a * mpmath.log(x) + b * mpmath.log(1 - x) - mpmath.log(a) - mpmath.log(mpmath.beta(a, b))) * h


def ibeta(a, b, x):
    if x == 0:
        return mpmath.mpf(0)
    if x < (a + 1) / (a + b + 2):
        return ibeta_cf(a, b, x)
    return 1 - ibeta_cf(b, a, 1 - x)


def t_cdf_exact(t, df):
    t = mpmath.mpf(t)
    df = mpmath.mpf(df)
    x = df / (df + t * t)
    tail = ibeta(df / 2, mpmath.mpf(1) / 2, x) / 2
    return tail if t <= 0 else 1 - tail


def norm_cdf_exact(z):
    return mpmath.erfc(-mpmath.mpf(z) / mpmath.sqrt(2)) / 2


def t_ppf_exact(p, df):
    """Root of log P(T <= t) = log q on the lower side (q = min(p, 1 - p), exact in mpmath), by symmetry."""
    p = mpmath.mpf(p)
    if p == 0.5:
        return mpmath.mpf(0)
    q = p if p < 0.5 else 1 - p
    # bracketing on u = log(-t): scipy's own answer is no safe start (t.ppf(1e-300, 1) gives -1e100)
    f = lambda u: mpmath.log(t_cdf_exact(-mpmath.exp(u), df)) - mpmath.log(q)
    lo, hi = mpmath.mpf(-60), mpmath.mpf(700)  # f decreases in u
    for _ in range(45):
        mid = (lo + hi) / 2
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    u = mpmath.findroot(f, (lo + hi) / 2, verify=False)
    s = -mpmath.exp(u)
    return s if p < 0.5 else -s


def norm_ppf_exact(p):
    p = mpmath.mpf(p)
    if p == 0.5:
        return mpmath.mpf(0)
    q = p if p < 0.5 else 1 - p
    f = lambda z: mpmath.log(norm_cdf_exact(z)) - mpmath.log(q)  # increasing in z
    lo, hi = mpmath.mpf(-40), mpmath.mpf(0)
    for _ in range(45):
        mid = (lo + hi) / 2
        if f(mid) < 0:
            lo = mid
        else:
            hi = mid
    z = mpmath.findroot(f, (lo + hi) / 2, verify=False)
    return z if p < 0.5 else -z


def keep(v):
    return v == 0 or abs(v) >= 1e-300


out = {"scipy": scipy.__version__, "mpmath": mpmath.__version__,
       "tCdf": [], "tQuantile": [], "normalCdf": [], "normalQuantile": []}
for df in DFS:
    for a in TS:
        for t in sorted({a, -a}):
            s = float(stats.t.cdf(t, df))
            if keep(s):
                out["tCdf"].append([t, df, s, float(t_cdf_exact(t, df))])
    for p in PS:
        s = float(stats.t.ppf(p, df))
        if abs(s) < 1e300:
            out["tQuantile"].append([p, df, s, float(t_ppf_exact(p, df))])
for a in ZS:
    for z in sorted({a, -a}):
        s = float(stats.norm.cdf(z))
        if keep(s):
            out["normalCdf"].append([z, None, s, float(norm_cdf_exact(z))])
for p in PS:
    out["normalQuantile"].append([p, None, float(stats.norm.ppf(p)), float(norm_ppf_exact(p))])

path = os.path.join(os.path.dirname(__file__), "..", "fixtures", "distributions.json")
with open(path, "w") as fh:
    json.dump(out, fh, separators=(",", ":"))
    fh.write("\n")
print(path, {k: len(v) for k, v in out.items() if isinstance(v, list)})
