#!/usr/bin/env python3
"""scikit-learn side of `bench pruning`: the same splits, folds and alpha-selection rules as dt.

A JSON job on stdin; X is a raw little-endian float64 row-major file, y little-endian int32 codes.

    {"task": "unpruned", "X_path", "y_path", "n_features", "criteria": ["gini", "entropy"],
     "train": [rows], "eval": {"val": [rows], "test": [rows]}}
  -> {"sklearn_version", "results": {criterion: {"fit_cpu_s", "n_leaves", "pred": {name: [codes]}}}}

    {"task": "ccp", "X_path", "y_path", "n_features", "criterion": "gini", "rules": ["min", "one-se"],
     "random_states": [0, ...], "splits": [{"train": [rows], "test": [rows],
                                           "folds": [{"train": [pos], "test": [pos]}]}]}
  (fold indices are positions in the split's train list)
  -> {"sklearn_version", "splits": [{"random_state": rs, "unpruned": {...}, "pruned": {rule: {...}}}
                                     for each split and random_state]}

Alpha selection, as dt's chooseCcpAlpha: candidates are the geometric means of consecutive distinct
alphas of cost_complexity_pruning_path on the split's training rows (0 for the first interval), then
the last alpha; each fold fits DecisionTreeClassifier(ccp_alpha=candidate) and scores accuracy on its
test rows; 'min' takes the best mean (ties: larger alpha), 'one-se' the largest alpha whose mean is
within one standard error (sample std / sqrt(k)) of the best.

Run with Debian's scikit-learn: PYENV_VERSION=system python3 apps/bench/python/sklearn_pruning.py
"""

from __future__ import annotations

import sys
import time

import numpy as np
import sklearn
from sklearn.tree import DecisionTreeClassifier

from bench_job import JobError, read_bin, serve


def candidates(alphas):
    u = []
    for a in np.sort(np.maximum(np.asarray(alphas, dtype=np.float64), 0.0)).tolist():
        if not u or a - u[-1] > 1e-9 * a:  # equal up to rounding: one step
            u.append(a)
    return [float(np.sqrt(a * b)) for a, b in zip(u[:-1], u[1:])] + [float(u[-1])]


def choose(table, rule):
    tol = lambda v: 1e-12 * max(1.0, abs(v))  # noqa: E731
    best = 0
    for c in range(1, len(table)):
        if table[c]["mean"] >= table[best]["mean"] - tol(table[best]["mean"]):
            best = c
    if rule == "min":
        return best
    floor = table[best]["mean"] - table[best]["se"]
    for c in range(len(table) - 1, best, -1):
        if table[c]["mean"] >= floor - tol(floor):
            return c
    return best


def tree_summary(est, Xtr, ytr, Xte, yte):
    return {"train_acc": float(np.mean(est.predict(Xtr) == ytr)), "test_acc": float(np.mean(est.predict(Xte) == yte)),
            "n_leaves": int(est.get_n_leaves())}


def ccp_split(X, y, split, criterion, rules, rs):
    tr, te = np.asarray(split["train"]), np.asarray(split["test"])
    Xtr, ytr, Xte, yte = X[tr], y[tr], X[te], y[te]
    make = lambda a: DecisionTreeClassifier(criterion=criterion, random_state=rs, ccp_alpha=a)  # noqa: E731
    out = {"random_state": rs, "unpruned": tree_summary(make(0.0).fit(Xtr, ytr), Xtr, ytr, Xte, yte)}
    path = make(0.0).cost_complexity_pruning_path(Xtr, ytr)
    cands = candidates(path.ccp_alphas)
    k = len(split["folds"])
    scores = np.zeros((len(cands), k))
    for f, fold in enumerate(split["folds"]):
        ftr, fte = np.asarray(fold["train"]), np.asarray(fold["test"])
        for c, a in enumerate(cands):
            est = make(a).fit(Xtr[ftr], ytr[ftr])
            scores[c, f] = np.mean(est.predict(Xtr[fte]) == ytr[fte])
    table = [{"alpha": a, "mean": float(s.mean()), "se": float(s.std(ddof=1) / np.sqrt(k)) if k > 1 else 0.0}
             for a, s in zip(cands, scores)]
    out["n_candidates"] = len(cands)
    out["pruned"] = {}
    for rule in rules:
        i = choose(table, rule)
        est = make(table[i]["alpha"]).fit(Xtr, ytr)
        out["pruned"][rule] = {"alpha": table[i]["alpha"], "cv_mean": table[i]["mean"], "cv_se": table[i]["se"],
                               **tree_summary(est, Xtr, ytr, Xte, yte)}
    return out


def run_job(job):
    if not isinstance(job, dict):
        raise JobError("the job must be a JSON object")
    d = job.get("n_features")
    if not isinstance(d, int) or d < 1:
        raise JobError(f"n_features must be a positive integer, got {d!r}")
    X = read_bin(job["X_path"], "<f8", d)
    y = read_bin(job["y_path"], "<i4")
    if len(X) != len(y):
        raise JobError("X and y row counts differ")
    if job.get("task") == "unpruned":
        tr = np.asarray(job["train"])
        results = {}
        for crit in job["criteria"]:
            est = DecisionTreeClassifier(criterion=crit, random_state=0)
            c0 = time.process_time()
            est.fit(X[tr], y[tr])
            fit_cpu = time.process_time() - c0
            results[crit] = {"fit_cpu_s": fit_cpu, "n_leaves": int(est.get_n_leaves()),
                             "pred": {name: est.predict(X[np.asarray(rows)]).tolist() for name, rows in job["eval"].items()}}
        return {"sklearn_version": sklearn.__version__, "results": results}
    if job.get("task") == "ccp":
        out = []
        for split in job["splits"]:
            for rs in job["random_states"]:
                out.append(ccp_split(X, y, split, job["criterion"], job["rules"], rs))
        return {"sklearn_version": sklearn.__version__, "splits": out}
    raise JobError(f"unknown task {job.get('task')!r} (unpruned, ccp)")


def main():
    return serve(run_job, "sklearn_pruning.py")


if __name__ == "__main__":
    sys.exit(main())
