#!/usr/bin/env python3
"""One peer measurement for `bench hist`: scikit-learn's exact CART or XGBoost's `hist` tree.

Job (JSON on stdin):
    {"lib": "sklearn" | "xgboost", "X_train_path", "y_train_path", "X_test_path", "y_test_path",
     "n_features", "x_dtype": "f8" | "u1", "repeats", "hot_loop": int (optional)}
(X little-endian row-major float64 or uint8, y little-endian int32). Prints one JSON line:
    {"fit_cpu_s", "fit_wall_s", "test_accuracy", "n_leaves", "fit_peak_rss_mb", "fit_rss_growth_mb", "version"}
Times are medians over `repeats` fits (CPU: time.process_time). fit_peak_rss_mb (= fit_rss_growth_mb) is the
first fit's peak resident set above the resident set right before it, with the kernel's peak reset just
before the fit (bench_job.start_peak_measure). With hot_loop = k, the fit is repeated
k times after k warm-up fits and fit_cpu_s is the mean per fit (a service fitting small trees).

XGBoost stands in for a single fully grown tree: one boosting round, tree_method 'hist' (256 bins),
lossguide growth with no depth or leaf limit, learning rate 1, no L2 penalty (lambda 0), no minimum
hessian per child (min_child_weight 0), one thread. Binary labels only. Its fit time includes building
the DMatrix (XGBoost's quantile sketch and bin codes), as dt's includes its binning.

Run with Debian's packages: PYENV_VERSION=system python3 apps/bench/python/hist_peers.py < job.json
"""

import json
import statistics
import sys
import time

import numpy as np

from bench_job import start_peak_measure


def read(path, dtype, d=None):
    a = np.fromfile(path, dtype=dtype)
    return a.reshape(-1, d) if d else a


def count_xgb_leaves(booster):
    return sum(line.count("leaf=") for line in booster.get_dump())


def fit_sklearn(X, y):
    from sklearn.tree import DecisionTreeClassifier

    est = DecisionTreeClassifier(criterion="gini", random_state=0)
    est.fit(X, y)
    return est


def fit_xgboost(X, y):
    import xgboost as xgb

    dtrain = xgb.DMatrix(X, label=y, nthread=1)
    params = {
        "tree_method": "hist",
        "max_bin": 256,
        "grow_policy": "lossguide",
        "max_depth": 0,
        "max_leaves": 0,
        "learning_rate": 1.0,
        "lambda": 0.0,
        "min_child_weight": 0.0,
        "objective": "binary:logistic",
        "nthread": 1,
        "verbosity": 0,
    }
    return xgb.train(params, dtrain, num_boost_round=1)


def main():
    try:
        job = json.load(sys.stdin)
        d = job["n_features"]
        xdt = "<f8" if job.get("x_dtype", "f8") == "f8" else "u1"
        X_train = read(job["X_train_path"], xdt, d)
        y_train = read(job["y_train_path"], "<i4")
        X_test = read(job["X_test_path"], xdt, d)
        y_test = read(job["y_test_path"], "<i4")
        lib = job["lib"]
        repeats = int(job.get("repeats", 1))
        hot = int(job.get("hot_loop", 0))
    except (OSError, ValueError, KeyError) as e:
        print(f"hist_peers.py: {e}", file=sys.stderr)
        return 2
    if lib == "sklearn":
        import sklearn

        fit, version = fit_sklearn, sklearn.__version__
    elif lib == "xgboost":
        import xgboost

        if len(np.unique(y_train)) > 2:
            print("hist_peers.py: xgboost runs binary sets only", file=sys.stderr)
            return 2
        fit, version = fit_xgboost, xgboost.__version__
    else:
        print(f"hist_peers.py: unknown lib {lib}", file=sys.stderr)
        return 2
    cpu, wall = [], []
    peak = 0.0
    growth = 0.0
    model = None
    if hot > 0:
        for _ in range(hot):
            fit(X_train, y_train)
        c0, w0 = time.process_time(), time.perf_counter()
        for _ in range(hot):
            model = fit(X_train, y_train)
        cpu.append((time.process_time() - c0) / hot)
        wall.append((time.perf_counter() - w0) / hot)
    else:
        for r in range(repeats):
            peak_of = start_peak_measure()
            c0, w0 = time.process_time(), time.perf_counter()
            model = fit(X_train, y_train)
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - w0)
            if r == 0:
                # The fit's own peak above the resident set right before it (the peak was reset).
                peak = peak_of()
                growth = peak
    if lib == "sklearn":
        pred = model.predict(X_test)
        leaves = int(model.get_n_leaves())
    else:
        import xgboost as xgb

        pred = (model.predict(xgb.DMatrix(X_test, nthread=1)) > 0.5).astype(np.int32)
        leaves = count_xgb_leaves(model)
    print(json.dumps({
        "fit_cpu_s": statistics.median(cpu),
        "fit_wall_s": statistics.median(wall),
        "test_accuracy": float(np.mean(pred == y_test)),
        "n_leaves": leaves,
        "fit_peak_rss_mb": peak,
        "fit_rss_growth_mb": growth,
        "version": version,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
