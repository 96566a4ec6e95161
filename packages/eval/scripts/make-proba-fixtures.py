#!/usr/bin/env python3
"""Writes fixtures/proba-metrics.json: scikit-learn's answers for rocAuc, logLoss and balancedAccuracy.

Run from packages/eval:  /work/.venv/bin/python scripts/make-proba-fixtures.py
The tests only read the JSON; Python is never needed to run them. Deterministic (fixed seed).
Scores are rounded to one or two decimals so many ties occur (the AUC's tie handling is the point).
"""
import json
import os
import warnings

import numpy as np
import sklearn
from sklearn.metrics import balanced_accuracy_score, log_loss, roc_auc_score

warnings.filterwarnings("ignore")
rng = np.random.default_rng(20261128)


def labels_of(kind, k):
    return [f"c{i}" for i in range(k)] if kind == "str" else list(range(k))


def proba_rows(n, k, decimals):
    raw = rng.integers(0, 10 ** decimals, size=(n, k)).astype(float) + 1
    p = raw / raw.sum(axis=1, keepdims=True)
    return p


binary, multiclass, logloss, balanced = [], [], [], []

for case in range(30):
    n = int(rng.integers(4, 40))
    decimals = 1 if case % 2 == 0 else 2
    kind = "str" if case % 3 == 0 else "num"
    names = labels_of(kind, 2)
    y = rng.integers(0, 2, size=n)
    y[0], y[1] = 0, 1
    score = np.round(rng.random(n), decimals)
    w = (rng.integers(0, 4, size=n) + (case % 4 == 0)).astype(float) if case % 2 == 1 else None
    if w is not None:
        w[0] = w[1] = 1.0
    yl = [names[i] for i in y]
    binary.append({
        "yTrue": yl,
        "score": score.tolist(),
        "sampleWeight": None if w is None else w.tolist(),
        "auc": float(roc_auc_score(yl, score, sample_weight=w)),
    })

for case in range(16):
    k = int(rng.integers(3, 6))
    n = int(rng.integers(k * 2, 30))
    kind = "str" if case % 3 == 0 else "num"
    names = labels_of(kind, k)
    y = rng.integers(0, k, size=n)
    y[:k] = np.arange(k)
    p = proba_rows(n, k, 1 if case % 2 == 0 else 2)
    yl = [names[i] for i in y]
    w = (rng.integers(1, 5, size=n)).astype(float) if case % 4 == 1 else None
    out = {"yTrue": yl, "proba": p.tolist(), "sampleWeight": None if w is None else w.tolist()}
    for mc in ("ovr", "ovo"):
        for avg in ("macro", "weighted"):
            if mc == "ovo" and w is not None:
                continue
            out[f"{mc}_{avg}"] = float(roc_auc_score(yl, p, multi_class=mc, average=avg, sample_weight=w))
    multiclass.append(out)
    # log loss on the same rows, and on a copy with hard 0/1 probabilities (the clipping)
    ll = {"yTrue": yl, "proba": p.tolist(), "sampleWeight": None if w is None else w.tolist(),
          "loss": float(log_loss(yl, p, sample_weight=w)),
          "sum": float(log_loss(yl, p, sample_weight=w, normalize=False))}
    logloss.append(ll)
    hard = np.eye(k)[rng.integers(0, k, size=n)]
    logloss.append({"yTrue": yl, "proba": hard.tolist(), "sampleWeight": None,
                    "loss": float(log_loss(yl, hard)), "sum": float(log_loss(yl, hard, normalize=False))})

for case in range(10):
    n = int(rng.integers(4, 30))
    y = rng.integers(0, 2, size=n)
    y[0], y[1] = 0, 1
    p1 = np.round(rng.random(n), 2)
    logloss.append({"yTrue": y.tolist(), "proba": p1.tolist(), "sampleWeight": None,
                    "loss": float(log_loss(y, p1)), "sum": float(log_loss(y, p1, normalize=False))})

for case in range(20):
    k = int(rng.integers(2, 6))
    n = int(rng.integers(k, 40))
    y = rng.integers(0, k, size=n)
    y[0], y[1] = 0, 1
    pred = rng.integers(0, k + (case % 3 == 0), size=n)  # sometimes a class only in the predictions
    w = rng.integers(0, 4, size=n).astype(float) if case % 2 == 1 else None
    if w is not None:
        w[0] = w[1] = 1.0
    balanced.append({
        "yTrue": y.tolist(), "yPred": pred.tolist(), "sampleWeight": None if w is None else w.tolist(),
        "score": float(balanced_accuracy_score(y, pred, sample_weight=w)),
        "adjusted": float(balanced_accuracy_score(y, pred, sample_weight=w, adjusted=True)),
    })

out = {
    "versions": {"sklearn": sklearn.__version__, "numpy": np.__version__},
    "binaryAuc": binary,
    "multiclassAuc": multiclass,
    "logLoss": logloss,
    "balancedAccuracy": balanced,
}
path = os.path.join(os.path.dirname(__file__), "..", "fixtures", "proba-metrics.json")
with open(path, "w") as f:
    json.dump(out, f, separators=(",", ":"))
    f.write("\n")
print(path, os.path.getsize(path), "bytes")
