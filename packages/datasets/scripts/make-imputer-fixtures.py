"""Writes fixtures/simple-imputer.json: scikit-learn's SimpleImputer answers for simple-imputer.test.ts.

Run with scikit-learn 1.9.1 (pip, in a virtualenv):  ../../.venv/bin/python scripts/make-imputer-fixtures.py
(from packages/datasets). The tests read the JSON and never run Python. NaN is written as null.
"""
import json
import os

import numpy as np
import sklearn
from sklearn.impute import SimpleImputer

rng = np.random.default_rng(20261126)


def matrix(rows, cols, p_missing, integers, missing=np.nan):
    X = rng.integers(0, 5, size=(rows, cols)).astype(float) if integers else np.round(rng.normal(size=(rows, cols)) * 10, 3)
    X[rng.random((rows, cols)) < p_missing] = missing
    return X


def plain(a):
    return [[None if np.isnan(v) else float(v) for v in row] for row in np.asarray(a, dtype=float)]


cases = []
for name, (rows, cols, p, integers) in {
    "reals": (40, 4, 0.2, False),
    "small-integers-with-ties": (25, 5, 0.3, True),
    "one-row": (1, 3, 0.0, False),
    "even-counts": (6, 3, 0.34, True),
}.items():
    for empty_column in [False, True]:
        X_fit = matrix(rows, cols, p, integers)
        X_new = matrix(7, cols, 0.4, integers)
        if empty_column:
            X_fit[:, 1] = np.nan
        for strategy in ["mean", "median", "most_frequent", "constant"]:
            for keep in [False, True]:
                kwargs = {"strategy": strategy, "keep_empty_features": keep}
                if strategy == "constant":
                    kwargs["fill_value"] = -1.5
                imp = SimpleImputer(**kwargs).fit(X_fit)
                cases.append({
                    "name": f"{name}{'-empty-column' if empty_column else ''}",
                    "options": {"strategy": strategy, "keepEmptyFeatures": keep, **({"fillValue": -1.5} if strategy == "constant" else {})},
                    "fit": plain(X_fit),
                    "statistics": [None if np.isnan(v) else float(v) for v in imp.statistics_],
                    "transformFit": plain(imp.transform(X_fit)),
                    "new": plain(X_new),
                    "transformNew": plain(imp.transform(X_new)),
                })

# A number as the missing marker (pima's zeros).
X_fit = matrix(30, 3, 0.25, True, missing=0.0)
X_new = matrix(6, 3, 0.3, True, missing=0.0)
for strategy in ["mean", "median", "most_frequent"]:
    imp = SimpleImputer(strategy=strategy, missing_values=0).fit(X_fit)
    cases.append({
        "name": "zero-marks-missing",
        "options": {"strategy": strategy, "missingValues": 0},
        "fit": plain(X_fit),
        "statistics": [float(v) for v in imp.statistics_],
        "transformFit": plain(imp.transform(X_fit)),
        "new": plain(X_new),
        "transformNew": plain(imp.transform(X_new)),
    })

out = os.path.join(os.path.dirname(__file__), "..", "fixtures", "simple-imputer.json")
with open(out, "w") as f:
    json.dump({"sklearn": sklearn.__version__, "cases": cases}, f, indent=None, separators=(",", ":"))
    f.write("\n")
print(f"wrote {len(cases)} cases to {out}")
