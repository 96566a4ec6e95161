#!/usr/bin/env python3
"""One scikit-learn RandomForestClassifier (or LightGBM random forest) measurement for `bench forest`.

Job (JSON on stdin): {"X_train_path", "y_train_path", "X_test_path", "y_test_path", "X_pred_path",
"n_features", "x_dtype" ("f8" or "u1"), "n_estimators", "n_jobs"}; X row-major little-endian, y int32.
Fits RandomForestClassifier(n_estimators, n_jobs, random_state=0) (defaults otherwise: gini,
max_features 'sqrt', bootstrap, fully grown), prints one JSON line:
    {"fit_cpu_s", "fit_wall_s", "predict_cpu_s", "predict_wall_s", "predict_rows", "test_accuracy",
     "mean_leaves", "mean_depth", "version"}
CPU is time.process_time() (all threads of the process). predict_* is the median of three predict
calls on X_pred (10,000 rows). peak_rss_mb: the process's peak resident memory (data included).

"peer": "lightgbm-rf" fits LightGBM's random forest instead (boosting 'rf', bagging_fraction 0.632,
bagging_freq 1, feature_fraction √d/d per tree, unlimited leaves (num_leaves = the bag size + 1: LightGBM preallocates per leaf, 131072 took minutes on 600 rows; min_data_in_leaf 1,
min_sum_hessian_in_leaf 0), num_threads n_jobs; multiclass: one tree per class per iteration).

PYENV_VERSION=system python3 apps/bench/python/sklearn_forest.py < job.json
"""
import statistics
import time

import resource

import numpy as np
import sklearn
from sklearn.ensemble import RandomForestClassifier

from bench_job import read_bin, serve


def run(job):
    d = int(job["n_features"])
    dt = "<f8" if job.get("x_dtype", "f8") == "f8" else "u1"
    X = read_bin(job["X_train_path"], dt, d)
    y = read_bin(job["y_train_path"], "<i4")
    Xt = read_bin(job["X_test_path"], dt, d)
    yt = read_bin(job["y_test_path"], "<i4")
    Xp = read_bin(job["X_pred_path"], dt, d)
    version = sklearn.__version__
    if job.get("peer") == "lightgbm-rf":
        import lightgbm

        version = lightgbm.__version__
        est = lightgbm.LGBMClassifier(
            boosting_type="rf", n_estimators=int(job["n_estimators"]), subsample=0.632, subsample_freq=1,
            colsample_bytree=max(1, int(np.sqrt(d))) / d, num_leaves=max(2, int(0.632 * X.shape[0]) + 1), max_depth=-1, min_child_samples=1,
            min_child_weight=0.0, n_jobs=int(job["n_jobs"]), random_state=0, verbose=-1,
        )
    else:
        est = RandomForestClassifier(n_estimators=int(job["n_estimators"]), n_jobs=int(job["n_jobs"]), random_state=0)
    c0, w0 = time.process_time(), time.perf_counter()
    est.fit(X, y)
    fit_wall, fit_cpu = time.perf_counter() - w0, time.process_time() - c0
    acc = float(np.mean(est.predict(Xt) == yt))
    walls, cpus = [], []
    for _ in range(3):
        c0, w0 = time.process_time(), time.perf_counter()
        est.predict(Xp)
        walls.append(time.perf_counter() - w0)
        cpus.append(time.process_time() - c0)
    return {
        "fit_cpu_s": fit_cpu,
        "fit_wall_s": fit_wall,
        "predict_cpu_s": statistics.median(cpus),
        "predict_wall_s": statistics.median(walls),
        "predict_rows": int(Xp.shape[0]),
        "test_accuracy": acc,
        "mean_leaves": leaves(est),
        "mean_depth": depth(est),
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "version": version,
    }


def leaves(est):
    if hasattr(est, "estimators_"):
        return float(np.mean([t.get_n_leaves() for t in est.estimators_]))
    info = est.booster_.dump_model()["tree_info"]
    return float(np.mean([t["num_leaves"] for t in info]))


def depth(est):
    if hasattr(est, "estimators_"):
        return float(np.mean([t.get_depth() for t in est.estimators_]))
    return -1.0  # LightGBM does not report depths


if __name__ == "__main__":
    raise SystemExit(serve(run, "sklearn_forest.py"))
