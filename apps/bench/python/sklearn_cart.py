#!/usr/bin/env python3
"""Times scikit-learn's DecisionTreeClassifier (CART) for the dt speed benchmark.

Job mode (what the bench harness uses): a JSON job on stdin,
    {"X_train_path": "...", "y_train_path": "...", "X_test_path": "...", "y_test_path": "...",
     "n_features": 784, "criterion": "gini", "max_depth": null, "repeats": 1}
where X files are raw little-endian float64 row-major and y files little-endian int32. Optional keys:
"random_state" (0), "min_samples_split" (2), "min_samples_leaf" (1), "max_leaf_nodes" (null).
Prints one JSON line:
    {"fit_cpu_s", "fit_wall_s", "predict_wall_s", "predict_rows_per_s", "test_accuracy",
     "n_leaves", "depth", "node_count", "sklearn_version", ...}
With repeats > 1 the times are medians over the repeats (each repeat fits a fresh estimator).

Manual mode, same measurement on data read here:
    sklearn_cart.py --train-csv PATH [--test-frac 0.25] [--seed 0]   (label = last column,
        stratified split with train_test_split(random_state=seed))
    sklearn_cart.py --fashion-mnist DIR                               (standard 60k/10k split)
  plus --criterion, --max-depth, --repeats, and --write-job DIR to write the .bin files and a
  job.json for job mode instead of running.

Run with Debian's scikit-learn: PYENV_VERSION=system python3 apps/bench/python/sklearn_cart.py
The fit is given float64 arrays, so scikit-learn's own float32 conversion is inside fit time, as a
user would see it.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import os
import platform
import statistics
import struct
import sys
import time

import numpy as np
import sklearn
from sklearn.model_selection import train_test_split
from sklearn.tree import DecisionTreeClassifier

from bench_job import JobError, read_bin, read_job

JOB_KEYS = {"X_train_path", "y_train_path", "X_test_path", "y_test_path", "n_features", "criterion", "max_depth",
            "repeats", "random_state", "min_samples_split", "min_samples_leaf", "max_leaf_nodes"}
REQUIRED = ("X_train_path", "y_train_path", "X_test_path", "y_test_path", "n_features")


def run(X_train, y_train, X_test, y_test, criterion="gini", max_depth=None, repeats=1, random_state=0,
        min_samples_split=2, min_samples_leaf=1, max_leaf_nodes=None):
    if len(X_train) != len(y_train) or len(X_test) != len(y_test):
        raise JobError("X and y row counts differ")
    if X_train.shape[1] != X_test.shape[1]:
        raise JobError("train and test feature counts differ")
    fit_cpu, fit_wall, pred_wall = [], [], []
    est = pred = None
    for _ in range(repeats):
        est = DecisionTreeClassifier(criterion=criterion, max_depth=max_depth, random_state=random_state,
                                     min_samples_split=min_samples_split, min_samples_leaf=min_samples_leaf,
                                     max_leaf_nodes=max_leaf_nodes)
        c0, w0 = time.process_time(), time.perf_counter()
        est.fit(X_train, y_train)
        w1, c1 = time.perf_counter(), time.process_time()
        fit_cpu.append(c1 - c0)
        fit_wall.append(w1 - w0)
        w0 = time.perf_counter()
        pred = est.predict(X_test)
        pred_wall.append(time.perf_counter() - w0)
    pw = statistics.median(pred_wall)
    return {
        "fit_cpu_s": statistics.median(fit_cpu),
        "fit_wall_s": statistics.median(fit_wall),
        "predict_wall_s": pw,
        "predict_rows_per_s": len(X_test) / pw if pw > 0 else None,
        "test_accuracy": float(np.mean(pred == y_test)),
        "n_leaves": int(est.get_n_leaves()),
        "depth": int(est.get_depth()),
        "node_count": int(est.tree_.node_count),
        "sklearn_version": sklearn.__version__,
        "n_train": int(len(X_train)),
        "n_test": int(len(X_test)),
        "n_features": int(X_train.shape[1]),
        "repeats": repeats,
        "python_version": platform.python_version(),
        "numpy_version": np.__version__,
    }


def run_job(job):
    if not isinstance(job, dict):
        raise JobError("the job must be a JSON object")
    unknown = set(job) - JOB_KEYS
    if unknown:
        raise JobError(f"unknown job keys: {sorted(unknown)}")
    missing = [k for k in REQUIRED if k not in job]
    if missing:
        raise JobError(f"missing job keys: {missing}")
    d = job["n_features"]
    if not isinstance(d, int) or d < 1:
        raise JobError(f"n_features must be a positive integer, got {d!r}")
    repeats = job.get("repeats", 1)
    if not isinstance(repeats, int) or repeats < 1:
        raise JobError(f"repeats must be a positive integer, got {repeats!r}")
    X_train = read_bin(job["X_train_path"], "<f8", d)
    y_train = read_bin(job["y_train_path"], "<i4")
    X_test = read_bin(job["X_test_path"], "<f8", d)
    y_test = read_bin(job["y_test_path"], "<i4")
    return run(X_train, y_train, X_test, y_test, criterion=job.get("criterion", "gini"),
               max_depth=job.get("max_depth"), repeats=repeats, random_state=job.get("random_state", 0),
               min_samples_split=job.get("min_samples_split", 2), min_samples_leaf=job.get("min_samples_leaf", 1),
               max_leaf_nodes=job.get("max_leaf_nodes"))


def load_csv(path, test_frac, seed):
    with open(path, newline="") as fh:
        rows = list(csv.reader(fh))[1:]
    rows = [r for r in rows if r and all(v.strip() != "" for v in r)]
    try:
        X = np.array([[float(v) for v in r[:-1]] for r in rows])
    except ValueError as e:
        raise JobError(f"{path}: only numeric feature columns are supported ({e})") from None
    labels = sorted({r[-1] for r in rows})
    code = {v: i for i, v in enumerate(labels)}
    y = np.array([code[r[-1]] for r in rows], dtype=np.int32)
    return train_test_split(X, y, test_size=test_frac, random_state=seed, stratify=y)


def read_idx(path):
    with gzip.open(path, "rb") as fh:
        data = fh.read()
    zero, dtype_code, ndim = struct.unpack(">HBB", data[:4])
    if zero != 0 or dtype_code != 0x08:
        raise JobError(f"{path}: not an unsigned-byte IDX file")
    dims = struct.unpack(">" + "I" * ndim, data[4:4 + 4 * ndim])
    return np.frombuffer(data, dtype=np.uint8, offset=4 + 4 * ndim).reshape(dims)


def load_fashion_mnist(directory):
    def part(prefix):
        X = read_idx(os.path.join(directory, f"{prefix}-images-idx3-ubyte.gz"))
        y = read_idx(os.path.join(directory, f"{prefix}-labels-idx1-ubyte.gz"))
        return X.reshape(len(X), -1).astype(np.float64), y.astype(np.int32)

    X_train, y_train = part("train")
    X_test, y_test = part("t10k")
    return X_train, X_test, y_train, y_test


def write_job(directory, X_train, X_test, y_train, y_test, criterion, max_depth, repeats):
    os.makedirs(directory, exist_ok=True)
    paths = {k: os.path.join(directory, f"{k[:-5]}.bin") for k in REQUIRED[:4]}
    np.ascontiguousarray(X_train, dtype="<f8").tofile(paths["X_train_path"])
    np.ascontiguousarray(y_train, dtype="<i4").tofile(paths["y_train_path"])
    np.ascontiguousarray(X_test, dtype="<f8").tofile(paths["X_test_path"])
    np.ascontiguousarray(y_test, dtype="<i4").tofile(paths["y_test_path"])
    job = {**paths, "n_features": int(X_train.shape[1]), "criterion": criterion, "max_depth": max_depth,
           "repeats": repeats}
    with open(os.path.join(directory, "job.json"), "w") as fh:
        json.dump(job, fh, indent=2)
    return os.path.join(directory, "job.json")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    src = ap.add_mutually_exclusive_group()
    src.add_argument("--train-csv", metavar="PATH")
    src.add_argument("--fashion-mnist", metavar="DIR")
    ap.add_argument("--test-frac", type=float, default=0.25)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--criterion", default="gini", choices=["gini", "entropy", "log_loss"])
    ap.add_argument("--max-depth", type=int, default=None)
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--write-job", metavar="DIR", help="write .bin files and job.json, do not run")
    args = ap.parse_args(argv)
    try:
        if args.train_csv or args.fashion_mnist:
            if args.train_csv:
                parts = load_csv(args.train_csv, args.test_frac, args.seed)
            else:
                parts = load_fashion_mnist(args.fashion_mnist)
            if args.write_job:
                print(write_job(args.write_job, *parts, args.criterion, args.max_depth, args.repeats))
                return 0
            X_train, X_test, y_train, y_test = parts
            result = run(X_train, y_train, X_test, y_test, criterion=args.criterion, max_depth=args.max_depth,
                         repeats=args.repeats, random_state=args.seed)
        else:
            result = run_job(read_job())
    except (JobError, OSError, ValueError) as e:
        print(f"sklearn_cart.py: {e}", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
