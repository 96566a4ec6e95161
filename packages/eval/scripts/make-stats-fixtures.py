#!/usr/bin/env python3
"""Writes fixtures/stats.json: scipy's answers for the @dt/eval statistics tests.

Run from packages/eval:  PYENV_VERSION=system python3 scripts/make-stats-fixtures.py
The tests only read the JSON; Python is never needed to run them. Deterministic (fixed seed).

- paired t-test: scipy.stats.ttest_rel for the three alternatives;
- t interval of a mean: scipy.stats.t.interval(level, n - 1, loc=mean, scale=sem);
- Holm-adjusted p-values and rejections: computed here from the textbook step-down rule
  (statsmodels is not in Debian's python3-scipy; this is written independently of the TS code);
- ratio of paired means: Fieller's interval as the roots of the quadratic in theta,
  (a - theta*b)^2 = t^2 * Var(a - theta*b), solved with numpy.roots, and the delta-method interval.
"""
import json
import os

import numpy as np
import scipy
from scipy import stats

rng = np.random.default_rng(20251122)


def f(v):
    return [float(x) for x in v]


def paired_cases():
    cases = []
    for n, shift, sd in [(2, 0.3, 1.0), (5, 0.1, 0.2), (10, 0.0, 1.0), (30, 0.02, 0.05), (30, -0.01, 0.03), (100, 0.001, 0.01), (7, 5.0, 0.5)]:
        a = rng.normal(0.8, 0.05, n)
        b = a - shift + rng.normal(0, sd, n) * 0.1
        case = {"a": f(a), "b": f(b)}
        for alt in ["two-sided", "greater", "less"]:
            r = stats.ttest_rel(a, b, alternative=alt)
            case[alt] = {"statistic": float(r.statistic), "pValue": float(r.pvalue)}
        cases.append(case)
    return cases


def mean_ci_cases():
    cases = []
    for n, level in [(2, 0.95), (5, 0.9), (30, 0.95), (30, 0.99), (1000, 0.95)]:
        x = rng.normal(1.0, 0.01, n)
        lo, hi = stats.t.interval(level, n - 1, loc=np.mean(x), scale=stats.sem(x))
        cases.append({"values": f(x), "level": level, "lower": float(lo), "upper": float(hi)})
    return cases


def holm(p, alpha):
    m = len(p)
    order = np.argsort(p, kind="stable")
    adjusted = np.empty(m)
    rejected = np.zeros(m, dtype=bool)
    running = 0.0
    still = True
    for k, i in enumerate(order):
        running = max(running, min(1.0, (m - k) * p[i]))
        adjusted[i] = running
        if still and p[i] <= alpha / (m - k):
            rejected[i] = True
        else:
            still = False
    return adjusted, rejected


def holm_cases():
    cases = []
    fixed = [
        [0.01, 0.04, 0.03, 0.005],
        [0.001, 0.2, 0.011, 0.012, 0.02],
        [0.5],
        [0.0, 1.0, 0.025, 0.025],
    ]
    for p in fixed + [list(rng.uniform(0, 0.08, 7)) for _ in range(4)]:
        for alpha in [0.05, 0.1]:
            adj, rej = holm(np.array(p), alpha)
            cases.append({"p": f(p), "alpha": alpha, "adjusted": f(adj), "rejected": [bool(r) for r in rej]})
    return cases


def ratio_cases():
    cases = []
    for n, level, mb, noise in [(5, 0.95, 0.8, 0.05), (30, 0.95, 0.85, 0.02), (30, 0.9, 0.6, 0.1), (200, 0.99, 0.9, 0.01), (10, 0.95, 0.05, 0.5)]:
        b = rng.normal(mb, noise, n)
        a = b * rng.normal(1.02, 0.03, n)
        ma, mbar = np.mean(a), np.mean(b)
        C = np.cov(a, b, ddof=1) / n
        t = stats.t.ppf(1 - (1 - level) / 2, n - 1)
        # (a - th b)^2 - t^2 (vaa - 2 th vab + th^2 vbb) = 0
        coeffs = [mbar**2 - t**2 * C[1, 1], -2 * (ma * mbar - t**2 * C[0, 1]), ma**2 - t**2 * C[0, 0]]
        case = {"a": f(a), "b": f(b), "level": level, "estimate": float(ma / mbar)}
        if coeffs[0] > 0:
            r = np.sort(np.roots(coeffs).real)
            case["fieller"] = {"bounded": True, "lower": float(r[0]), "upper": float(r[1])}
        else:
            case["fieller"] = {"bounded": False}
        R = ma / mbar
        h = t * np.sqrt(C[0, 0] - 2 * R * C[0, 1] + R * R * C[1, 1]) / abs(mbar)
        case["delta"] = {"lower": float(R - h), "upper": float(R + h)}
        cases.append(case)
    return cases


def main():
    out = {
        "scipy_version": scipy.__version__,
        "pairedTTest": paired_cases(),
        "meanCI": mean_ci_cases(),
        "holm": holm_cases(),
        "ratioCI": ratio_cases(),
    }
    path = os.path.join(os.path.dirname(__file__), "..", "fixtures", "stats.json")
    with open(path, "w") as fh:
        json.dump(out, fh, indent=1)
        fh.write("\n")
    print(f"wrote {os.path.normpath(path)}")


if __name__ == "__main__":
    main()
