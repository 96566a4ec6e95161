#!/usr/bin/env python3
"""scikit-learn and LightGBM peers of `bench forest-files`: model size and single-thread predict.

Job (JSON on stdin): {"X_train_path", "y_train_path", "X_pred_path", "n_features", "n_estimators"};
X row-major float64, y int32. Fits scikit-learn's RandomForestClassifier(n_estimators, n_jobs=1,
random_state=0) (defaults otherwise) and LightGBM's random forest (boosting 'rf', bagging_fraction
0.632, bagging_freq 1, feature_fraction sqrt(d)/d, unlimited leaves, min_data_in_leaf 1, 1 thread),
prints one JSON line with pickle sizes (protocol 5, the default of pickle.dumps), fit CPU seconds
and the median CPU/wall seconds of three predict_proba calls on X_pred.
"""
import math
import pickle
import statistics
import time

import lightgbm
import numpy as np
import sklearn
from sklearn.ensemble import RandomForestClassifier

from bench_job import read_bin, serve


def timed(fn):
    walls, cpus = [], []
    for _ in range(3):
        c0, w0 = time.process_time(), time.perf_counter()
        fn()
        walls.append(time.perf_counter() - w0)
        cpus.append(time.process_time() - c0)
    return statistics.median(cpus), statistics.median(walls)


def run(job):
    d = int(job["n_features"])
    X = read_bin(job["X_train_path"], "<f8", d)
    y = read_bin(job["y_train_path"], "<i4")
    Xp = read_bin(job["X_pred_path"], "<f8", d)
    n = int(job["n_estimators"])
    rf = RandomForestClassifier(n_estimators=n, n_jobs=1, random_state=0)
    c0 = time.process_time()
    rf.fit(X, y)
    fit_cpu = time.process_time() - c0
    blob = pickle.dumps(rf)
    proba_cpu, proba_wall = timed(lambda: rf.predict_proba(Xp))
    result = {
        "sklearn": sklearn.__version__,
        "lightgbm": lightgbm.__version__,
        "pickle_bytes": len(blob),
        "nodes": int(sum(t.tree_.node_count for t in rf.estimators_)),
        "fit_cpu_s": fit_cpu,
        "predict_cpu_s": proba_cpu,
        "predict_wall_s": proba_wall,
        "predict_rows": int(Xp.shape[0]),
    }
    C = len(np.unique(y))
    params = {
        "boosting": "rf",
        "objective": "multiclass" if C > 2 else "binary",
        "bagging_fraction": 0.632,
        "bagging_freq": 1,
        "feature_fraction": math.sqrt(d) / d,
        "num_leaves": int(job.get("lgb_leaves", 131072)),
        "max_depth": -1,
        "min_data_in_leaf": 1,
        "min_sum_hessian_in_leaf": 0,
        "num_threads": 1,
        "verbose": -1,
        "seed": 0,
    }
    if C > 2:
        params["num_class"] = C
    if not job.get("lightgbm", True):
        return result
    c0 = time.process_time()
    booster = lightgbm.train(params, lightgbm.Dataset(X, y), num_boost_round=n)
    lgb_fit_cpu = time.process_time() - c0
    lgb_cpu, lgb_wall = timed(lambda: booster.predict(Xp, num_threads=1))
    result.update({
        "lgb_leaves": params["num_leaves"],
        "lgb_fit_cpu_s": lgb_fit_cpu,
        "lgb_model_bytes": len(booster.model_to_string()),
        "lgb_predict_cpu_s": lgb_cpu,
        "lgb_predict_wall_s": lgb_wall,
    })
    return result


if __name__ == "__main__":
    raise SystemExit(serve(run, "forest_files.py"))
