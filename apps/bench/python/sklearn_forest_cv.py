#!/usr/bin/env python3
"""scikit-learn's forests on 10 stratified CV folds, for dt's paired comparison (issue #14).

Job (JSON on stdin, the protocol of bench_job.py):
    {"X_path", "y_path", "n_features", "folds", "seed", "n_estimators"}
(X little-endian float64 row-major, y little-endian int32 class codes). Makes StratifiedKFold(folds,
shuffle=True, random_state=seed), fits RandomForestClassifier and ExtraTreesClassifier (scikit-learn's
defaults but n_estimators; random_state = seed + fold) on each training part and prints one JSON line:
    {"fold": [fold of each row], "random_forest": [accuracy per fold], "extra_trees": [...],
     "sklearn_version"}

Run by apps/bench/scripts/forest-cv-fixture.ts (which writes the committed fixture); Debian's
scikit-learn: PYENV_VERSION=system python3.
"""

import numpy as np
import sklearn
from sklearn.ensemble import ExtraTreesClassifier, RandomForestClassifier
from sklearn.model_selection import StratifiedKFold

from bench_job import read_bin, serve


def run(job):
    d = int(job["n_features"])
    X = read_bin(job["X_path"], "<f8", d)
    y = read_bin(job["y_path"], "<i4")
    k, seed, n_est = int(job["folds"]), int(job["seed"]), int(job["n_estimators"])
    fold = np.zeros(len(y), dtype=int)
    scores = {"random_forest": [], "extra_trees": []}
    skf = StratifiedKFold(n_splits=k, shuffle=True, random_state=seed)
    for f, (train, test) in enumerate(skf.split(X, y)):
        fold[test] = f
        for name, cls in (("random_forest", RandomForestClassifier), ("extra_trees", ExtraTreesClassifier)):
            est = cls(n_estimators=n_est, random_state=seed + f, n_jobs=int(job.get("n_jobs", 1)))
            est.fit(X[train], y[train])
            scores[name].append(float(np.mean(est.predict(X[test]) == y[test])))
    return {"fold": fold.tolist(), **scores, "sklearn_version": sklearn.__version__}


if __name__ == "__main__":
    raise SystemExit(serve(run, "sklearn_forest_cv.py"))
