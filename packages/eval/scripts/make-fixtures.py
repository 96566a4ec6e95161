#!/usr/bin/env python3
"""Writes fixtures/metrics.json: scikit-learn's answers for the @dt/eval metric and fold tests.

Run from packages/eval:  PYENV_VERSION=system python3 scripts/make-fixtures.py
The tests only read the JSON; Python is never needed to run them. Deterministic (fixed seed).
"""
import json
import os
import warnings

import numpy as np
import sklearn
from sklearn.metrics import (
    accuracy_score,
    classification_report,
    confusion_matrix,
    fbeta_score,
    mean_absolute_error,
    mean_squared_error,
    precision_score,
    r2_score,
    recall_score,
)
from sklearn.model_selection import KFold, StratifiedKFold

warnings.filterwarnings("ignore")  # zero-division and small-class warnings are the point of some cases
rng = np.random.default_rng(20240601)


def py(v):
    """numpy scalars/arrays -> JSON-able Python values."""
    if isinstance(v, np.ndarray):
        return [py(x) for x in v.tolist()]
    if isinstance(v, (list, tuple)):
        return [py(x) for x in v]
    if isinstance(v, np.integer):
        return int(v)
    if isinstance(v, np.floating):
        return float(v)
    if isinstance(v, np.str_):
        return str(v)
    return v


def noisy(y_true, classes, p_correct):
    """Predictions equal to y_true with probability p_correct, else a random class."""
    y_pred = y_true.copy()
    flip = rng.random(len(y_true)) >= p_correct
    y_pred[flip] = rng.choice(classes, size=int(flip.sum()))
    return y_pred


def weights(n):
    return np.round(rng.uniform(0.1, 3.0, size=n), 3)


def class_case(name, y_true, y_pred, sample_weight=None, pos_labels=(), label_sets=()):
    y_true = np.asarray(y_true)
    y_pred = np.asarray(y_pred)
    present = np.unique(np.concatenate([y_true, y_pred]))
    binary = len(present) <= 2
    sw = sample_weight
    case = {
        "name": name,
        "yTrue": py(y_true),
        "yPred": py(y_pred),
        "sampleWeight": None if sw is None else py(sw),
        "accuracy": float(accuracy_score(y_true, y_pred, sample_weight=sw)),
        "confusionMatrix": {
            "labels": py(present),
            "matrix": py(confusion_matrix(y_true, y_pred, sample_weight=sw).astype(float)),
        },
        "scores": [],
        "reports": [],
    }
    settings = []
    for pos in pos_labels:
        if binary:
            settings.append({"average": "binary", "posLabel": py(pos), "labels": None})
    for avg in ("macro", "weighted", "micro"):
        settings.append({"average": avg, "posLabel": None, "labels": None})
        for ls in label_sets:
            settings.append({"average": avg, "posLabel": None, "labels": py(ls)})
    for s in settings:
        kw = {"average": s["average"], "sample_weight": sw, "zero_division": 0}
        if s["posLabel"] is not None:
            kw["pos_label"] = s["posLabel"]
        if s["labels"] is not None:
            kw["labels"] = s["labels"]
        for beta in (0.5, 1.0, 2.0):
            case["scores"].append(
                {
                    **s,
                    "beta": beta,
                    "precision": float(precision_score(y_true, y_pred, **kw)),
                    "recall": float(recall_score(y_true, y_pred, **kw)),
                    "f": float(fbeta_score(y_true, y_pred, beta=beta, **kw)),
                }
            )
    for ls in [None, *label_sets]:
        kw = {"sample_weight": sw, "zero_division": 0}
        if ls is not None:
            kw["labels"] = ls
        case["confusionMatrices"] = case.get("confusionMatrices", [])
        if ls is not None:
            case["confusionMatrices"].append(
                {"labels": py(ls), "matrix": py(confusion_matrix(y_true, y_pred, labels=ls, sample_weight=sw).astype(float))}
            )
        for digits in (2, 4):
            case["reports"].append(
                {
                    "labels": None if ls is None else py(ls),
                    "digits": digits,
                    "dict": py_dict(classification_report(y_true, y_pred, output_dict=True, **kw)),
                    "text": classification_report(y_true, y_pred, digits=digits, **kw),
                }
            )
    return case


def py_dict(d):
    return {str(k): (py_dict(v) if isinstance(v, dict) else py(v)) for k, v in d.items()}


classification = []

# Binary 0/1, unweighted and weighted; default posLabel (1) and explicit 0.
yt = rng.integers(0, 2, size=60)
classification.append(class_case("binary 0/1", yt, noisy(yt, [0, 1], 0.7), pos_labels=[1, 0]))
yt = rng.integers(0, 2, size=45)
classification.append(class_case("binary 0/1 weighted", yt, noisy(yt, [0, 1], 0.6), weights(45), pos_labels=[1, 0]))
# Binary -1/1.
yt = rng.choice([-1, 1], size=40, p=[0.7, 0.3])
classification.append(class_case("binary -1/1 imbalanced", yt, noisy(yt, [-1, 1], 0.65), pos_labels=[1, -1]))
# Binary 1/2: sklearn's default pos_label=1 is the smaller label here.
yt = rng.choice([1, 2], size=30)
classification.append(class_case("binary 1/2", yt, noisy(yt, [1, 2], 0.7), pos_labels=[1, 2]))
# Binary strings.
yt = rng.choice(["neg", "pos"], size=50, p=[0.6, 0.4])
classification.append(class_case("binary strings", yt, noisy(yt, ["neg", "pos"], 0.7), weights(50), pos_labels=["pos", "neg"]))
# Multiclass numeric, with label subsets (incl. an absent label 7).
yt = rng.integers(0, 4, size=80)
classification.append(
    class_case("multiclass 0..3", yt, noisy(yt, [0, 1, 2, 3], 0.55), label_sets=[[2, 0], [0, 1, 2, 3, 7]])
)
yt = rng.integers(0, 5, size=70)
classification.append(
    class_case("multiclass 0..4 weighted", yt, noisy(yt, [0, 1, 2, 3, 4], 0.5), weights(70), label_sets=[[4, 1, 3]])
)
# Multiclass strings where one class is never predicted (precision zero_division) and one never true.
yt = rng.choice(["cat", "dog", "fish"], size=45)
yp = noisy(yt, ["cat", "dog", "bird"], 0.6)
yp[yp == "fish"] = "dog"
classification.append(class_case("multiclass strings, unpredicted and untrue classes", yt, yp, label_sets=[["fish", "cat"]]))
# Degenerate cases.
classification.append(class_case("all predictions one class", [0, 1, 1, 0, 1, 1], [1, 1, 1, 1, 1, 1], pos_labels=[1, 0]))
classification.append(class_case("no positives anywhere", [0, 0, 0, 0], [0, 0, 0, 0], pos_labels=[1, 0]))
classification.append(class_case("perfect multiclass", [2, 0, 1, 2, 0, 1], [2, 0, 1, 2, 0, 1]))
classification.append(class_case("all wrong", [0, 0, 1, 1, 2], [1, 2, 0, 2, 0]))
classification.append(class_case("single sample", [3], [3], pos_labels=[3]))
# Exact rounding ties in the text report (0.125, 0.375, 0.625 ...).
classification.append(class_case("report rounding ties", [0] * 8 + [1] * 8, [0, 0, 0, 1, 1, 1, 1, 1] + [1, 1, 1, 1, 1, 0, 0, 0], pos_labels=[1]))


def reg_case(name, y_true, y_pred, sample_weight=None):
    y_true = np.asarray(y_true, dtype=float)
    y_pred = np.asarray(y_pred, dtype=float)
    sw = sample_weight
    w = np.ones_like(y_true) if sw is None else np.asarray(sw, dtype=float)
    return {
        "name": name,
        "yTrue": py(y_true),
        "yPred": py(y_pred),
        "sampleWeight": None if sw is None else py(sw),
        "mse": float(mean_squared_error(y_true, y_pred, sample_weight=sw)),
        "mae": float(mean_absolute_error(y_true, y_pred, sample_weight=sw)),
        "r2": float(r2_score(y_true, y_pred, sample_weight=sw)),
        # WAPE is not in sklearn: its definition, computed by numpy.
        "wape": float(np.sum(w * np.abs(y_true - y_pred)) / np.sum(w * np.abs(y_true))),
    }


regression = []
y = rng.normal(3.0, 2.0, size=50)
regression.append(reg_case("normal", y, y + rng.normal(0, 0.8, size=50)))
regression.append(reg_case("normal weighted", y, y + rng.normal(0, 1.5, size=50), weights(50)))
y = rng.normal(1e6, 3.0, size=40)
regression.append(reg_case("large offset", y, y + rng.normal(0, 1.0, size=40)))
y = rng.integers(3, 9, size=30).astype(float)
regression.append(reg_case("integer targets, poor model", y, np.full(30, 5.5) + rng.normal(0, 2, size=30)))
regression.append(reg_case("constant yTrue, perfect", [2.0, 2.0, 2.0], [2.0, 2.0, 2.0]))
regression.append(reg_case("constant yTrue, imperfect", [2.0, 2.0, 2.0], [2.0, 2.5, 1.0]))
regression.append(reg_case("two samples", [1.0, -1.0], [0.5, -2.0], [1.0, 3.0]))
regression.append(reg_case("negative targets", [-3.0, -1.0, 4.0, -0.5], [-2.5, 0.0, 3.0, -1.0]))

# Unshuffled folds are deterministic: the TS folds must equal these exactly.
kfold = []
for n, k in [(10, 3), (7, 7), (23, 5), (12, 4)]:
    kfold.append({"n": n, "k": k, "tests": [py(t) for _, t in KFold(k).split(np.zeros(n))]})
strat = []
strat_ys = [
    ([0] * 10 + [1] * 5 + [2] * 3, 3),  # class 2 exactly k members
    ([1, 0, 0, 1, 2, 2, 0, 1, 0, 0, 0, 1, 2, 0, 1, 0, 0, 0, 0, 1], 4),  # class 2 has fewer than k members
    (list(rng.choice(["b", "a", "c"], size=31, p=[0.5, 0.3, 0.2])), 5),  # first-appearance order != sorted
    (list(rng.integers(0, 3, size=17)), 2),
]
for y, k in strat_ys:
    y = np.asarray(y)
    strat.append({"y": py(y), "k": k, "tests": [py(t) for _, t in StratifiedKFold(k).split(np.zeros(len(y)), y)]})

out = {
    "generator": "packages/eval/scripts/make-fixtures.py",
    "sklearn": sklearn.__version__,
    "numpy": np.__version__,
    "classification": classification,
    "regression": regression,
    "kFold": kfold,
    "stratifiedKFold": strat,
}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "metrics.json")
with open(path, "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print(f"wrote {os.path.normpath(path)}: {len(classification)} classification, {len(regression)} regression cases")
