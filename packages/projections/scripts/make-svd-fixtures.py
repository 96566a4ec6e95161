#!/usr/bin/env python3
"""Writes fixtures/svd-small-components.json: numpy's SVD of centred data with a real component far
below ε of the total variance, for node-features-pca's SVD-level refinement (issue #33, item 7).

Run from packages/projections:  /work/.venv/bin/python scripts/make-svd-fixtures.py
The tests only read the JSON. Deterministic (seeded numpy generator).

Each case: rows (n × d), numpy's singular values of the centred rows, the variances σ²/n, numpy's
rank (σ > max(n, d)·ε·σ_max, np.linalg.matrix_rank's rule) and the right singular vectors of the kept
components (signs as numpy gives them; the tests compare |cos|).
"""
import json
import os

import numpy as np

rng = np.random.default_rng(33)


def case(name, rows):
    X = np.asarray(rows, dtype=np.float64)
    n, d = X.shape
    A = X - X.mean(axis=0)
    _, s, vt = np.linalg.svd(A, full_matrices=False)
    tol = s.max() * max(n, d) * np.finfo(np.float64).eps
    rank = int((s > tol).sum())
    return {
        "name": name,
        "rows": X.tolist(),
        "singularValues": s.tolist(),
        "variances": (s**2 / n).tolist(),
        "rank": rank,
        "vectors": vt[:rank].tolist(),
    }


cases = []
# Primal route (n > d): f0 at scale 1, f1 at scale 1e-9 (independent: 1e-18 of the variance),
# f2 = f0 (a duplicate: one exact zero), f3 constant (another).
n = 50
f0 = rng.standard_normal(n)
f1 = 1e-9 * rng.standard_normal(n)
cases.append(case("primal: scale 1, scale 1e-9, duplicate, constant", np.column_stack([f0, f1, f0, np.full(n, 3.0)])))
# Two independent features only, 1 and 3e-10 (1e-19 of the variance), offset 5.
g0 = rng.standard_normal(40)
g1 = 3e-10 * rng.standard_normal(40)
cases.append(case("primal: scale 1 and 3e-10, offset 5", np.column_stack([5 + g0, 5 + g1])))
# Dual route (n < d): 6 rows, 9 features: three at scale 1, one at 1e-9, five copies of f0..f4.
m = 6
base = np.column_stack([rng.standard_normal(m), rng.standard_normal(m), rng.standard_normal(m), 1e-9 * rng.standard_normal(m)])
cases.append(case("dual: 6 rows, 9 features, one at 1e-9, five duplicates", np.column_stack([base, base, base[:, :1]])))

out = {"numpy": np.__version__, "cases": cases}
path = os.path.join(os.path.dirname(__file__), "..", "fixtures", "svd-small-components.json")
with open(path, "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
for c in cases:
    print(c["name"], "rank", c["rank"], "variances/trace", [v / sum(c["variances"]) for v in c["variances"]])
