#!/usr/bin/env python3
"""One peer measurement for `bench boost`: LightGBM or scikit-learn's HistGradientBoostingClassifier.

Job (JSON on stdin): {"lib": "lightgbm" | "sklearn", "X_train_path", "y_train_path", "X_test_path",
"y_test_path", "n_features", "iterations", "leaves", "learning_rate", "bins"} (X little-endian row-major
float64, y int32, binary labels). Prints one JSON line: {"fit_cpu_s", "fit_wall_s", "test_log_loss",
"test_accuracy", "version", "split", "predict_rows_per_s"} (predict: CPU time of
predict_proba on the test set after a warm-up call). One thread each: LightGBM num_threads=1, scikit-learn under
OMP_NUM_THREADS=1 (set by the caller). Early stopping off, min 20 samples per leaf, no L2, both fit
times include their binning (LightGBM's Dataset construction, scikit-learn's _BinMapper).
scikit-learn's split comes from its verbose output (histograms, split finding, applying splits,
predicting); the rest of its fit is binning, gradients and bookkeeping.

Run with the venv: OMP_NUM_THREADS=1 /work/.venv/bin/python apps/bench/python/boost_peers.py < job.json
"""
import contextlib
import io
import json
import re
import sys
import time

import numpy as np


def read(path, dtype, d=None):
    a = np.fromfile(path, dtype=dtype)
    return a.reshape(-1, d) if d else a


def log_loss(y, p):
    p = np.clip(p, 1e-15, 1 - 1e-15)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main():
    job = json.load(sys.stdin)
    d = job["n_features"]
    Xtr = read(job["X_train_path"], "<f8", d)
    ytr = read(job["y_train_path"], "<i4")
    Xte = read(job["X_test_path"], "<f8", d)
    yte = read(job["y_test_path"], "<i4")
    split = None
    if job["lib"] == "lightgbm":
        import lightgbm as lgb

        params = {
            "objective": "binary", "num_leaves": job["leaves"], "learning_rate": job["learning_rate"],
            "max_bin": job["bins"], "min_data_in_leaf": 20, "min_sum_hessian_in_leaf": 1e-3, "lambda_l2": 0.0,
            "num_threads": 1, "verbose": -1, "deterministic": True,
        }
        c0, w0 = time.process_time(), time.perf_counter()
        booster = lgb.train(params, lgb.Dataset(Xtr, label=ytr), num_boost_round=job["iterations"])
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        booster.predict(Xte[:100])
        p0 = time.process_time()
        proba = booster.predict(Xte, num_threads=1)
        predict_s = time.process_time() - p0
        version = lgb.__version__
    else:
        import sklearn
        from sklearn.ensemble import HistGradientBoostingClassifier

        est = HistGradientBoostingClassifier(
            max_iter=job["iterations"], max_leaf_nodes=job["leaves"], learning_rate=job["learning_rate"],
            max_bins=job["bins"], early_stopping=False, random_state=0, verbose=1,
        )
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            c0, w0 = time.process_time(), time.perf_counter()
            est.fit(Xtr, ytr)
            cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        text = out.getvalue()
        split = {}
        for key, label in (("binning", r"Binning [0-9.]+ GB of training data: +([0-9.]+) s"),
                           ("histograms", r"computing histograms: +([0-9.]+)s"),
                           ("split finding", r"finding best splits: +([0-9.]+)s"),
                           ("partition", r"applying splits: +([0-9.]+)s"),
                           ("prediction update", r"predicting: +([0-9.]+)s")):
            m = re.search(label, text)
            if m:
                split[key] = float(m.group(1))
        est.predict_proba(Xte[:100])
        p0 = time.process_time()
        proba = est.predict_proba(Xte)[:, 1]
        predict_s = time.process_time() - p0
        version = sklearn.__version__
    print(json.dumps({
        "fit_cpu_s": cpu, "fit_wall_s": wall, "test_log_loss": log_loss(yte, proba),
        "test_accuracy": float(np.mean((proba > 0.5) == yte)), "version": version, "split": split,
        "predict_rows_per_s": len(yte) / predict_s,
    }))


if __name__ == "__main__":
    main()
