#!/usr/bin/env python3
"""One scikit-learn speed measurement for `bench speed`, with the peak memory of the fit.

Job (JSON on stdin): the binary files of sklearn_cart.py's job mode,
    {"X_train_path", "y_train_path", "X_test_path", "y_test_path", "n_features", "repeats"}
(X little-endian float64 row-major, y little-endian int32). Prints one JSON line:
    {"fit_wall_s", "fit_cpu_s", "predict_wall_s", "test_accuracy", "n_leaves",
     "fit_peak_rss_mb", "peak_rss_mb", "sklearn_version"}
fit_peak_rss_mb is the first fit's peak resident set above the resident set right before it (the
kernel's peak reset just before the fit: bench_job.start_peak_measure), so it counts scikit-learn's float32 copy of X and the tree it builds. Times are medians over repeats.

Run with Debian's scikit-learn: PYENV_VERSION=system python3 apps/bench/python/sklearn_speed.py < job.json
"""

import json
import resource
import statistics
import sys
import time

import numpy as np
import sklearn
from sklearn.tree import DecisionTreeClassifier

from bench_job import JobError, read_bin, start_peak_measure


def max_rss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def main():
    try:
        job = json.load(sys.stdin)
        d = job["n_features"]
        repeats = int(job.get("repeats", 1))
        X_train = read_bin(job["X_train_path"], "<f8", d)
        y_train = read_bin(job["y_train_path"], "<i4")
        X_test = read_bin(job["X_test_path"], "<f8", d)
        y_test = read_bin(job["y_test_path"], "<i4")
    except (JobError, OSError, ValueError, KeyError) as e:
        print(f"sklearn_speed.py: {e}", file=sys.stderr)
        return 2
    wall, cpu = [], []
    peak = 0.0
    est = None
    for r in range(repeats):
        peak_of = start_peak_measure()
        est = DecisionTreeClassifier(criterion="gini", random_state=0)
        c0, w0 = time.process_time(), time.perf_counter()
        est.fit(X_train, y_train)
        wall.append(time.perf_counter() - w0)
        cpu.append(time.process_time() - c0)
        if r == 0:
            peak = peak_of()
    # Median of three predict calls, as the Node worker does.
    times = []
    for _ in range(3):
        w0 = time.perf_counter()
        pred = est.predict(X_test)
        times.append(time.perf_counter() - w0)
    predict_wall = statistics.median(times)
    print(json.dumps({
        "fit_wall_s": statistics.median(wall),
        "fit_cpu_s": statistics.median(cpu),
        "predict_wall_s": predict_wall,
        "test_accuracy": float(np.mean(pred == y_test)),
        "n_leaves": int(est.get_n_leaves()),
        "fit_peak_rss_mb": peak,
        "peak_rss_mb": max_rss_mb(),
        "sklearn_version": sklearn.__version__,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
