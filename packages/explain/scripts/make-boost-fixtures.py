#!/usr/bin/env python3
"""Generate LightGBM pred_contrib and XGBoost pred_contribs fixtures for @dt/explain.

LightGBM (from the venv):   /work/.venv/bin/python packages/explain/scripts/make-boost-fixtures.py lightgbm
XGBoost 1.7 (Debian's):     /usr/bin/python3 packages/explain/scripts/make-boost-fixtures.py xgboost
Writes packages/explain/fixtures/{lightgbm,xgboost}-contrib.json: per case the model as the library
saves it (LightGBM's text model, XGBoost's JSON model), the rows explained (null = missing), the raw
margins and the library's own SHAP values — the contribution of each feature plus the bias as the
last column, per class for multiclass — so a dt reader of those formats (@dt/exchange) can be checked
against them with treeShap to 1e-6. XGBoost also gives interaction values (pred_interactions).
Deterministic for fixed library versions (one thread, fixed seeds).
"""

from __future__ import annotations

import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def data(seed, n, d, task):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)).astype(np.float32).astype(np.float64)
    s = X[:, 0] + 0.8 * X[:, 1] * X[:, 2] - 0.6 * X[:, 3] + 0.3 * rng.normal(size=n)
    if task == "regression":
        y = s
    elif task == "binary":
        y = (s > 0).astype(int)
    else:
        y = np.digitize(s, np.quantile(s, [1 / 3, 2 / 3]))
    X = np.where(rng.random(size=X.shape) < 0.08, np.nan, X)
    return X, y


def nan_list(a):
    return [[None if np.isnan(v) else float(v) for v in row] for row in np.asarray(a)]


def flat(a):
    a = np.asarray(a, dtype=np.float64)
    return {"values": a.ravel().tolist(), "shape": list(a.shape)}


def lightgbm_cases():
    import lightgbm as lgb

    cases = []
    for task, params in [
        ("regression", {"objective": "regression"}),
        ("binary", {"objective": "binary"}),
        ("multiclass", {"objective": "multiclass", "num_class": 3}),
    ]:
        X, y = data(7, 300, 5, task)
        p = {**params, "num_leaves": 8, "learning_rate": 0.2, "min_data_in_leaf": 5, "num_threads": 1, "deterministic": True, "seed": 1, "verbose": -1}
        booster = lgb.train(p, lgb.Dataset(X, y), num_boost_round=12)
        explain = X[:10]
        cases.append({
            "name": f"lightgbm-{task}",
            "task": task,
            "model": booster.model_to_string(),
            "X": nan_list(explain),
            "rawScore": flat(booster.predict(explain, raw_score=True)),
            # (rows, (features + 1) * classes): per class its features' contributions then its bias.
            "contrib": flat(booster.predict(explain, pred_contrib=True)),
        })
    return {"library": "lightgbm", "versions": {"lightgbm": lgb.__version__, "numpy": np.__version__}, "cases": cases}


def xgboost_cases():
    import xgboost as xgb

    cases = []
    for task, params in [
        ("regression", {"objective": "reg:squarederror"}),
        ("binary", {"objective": "binary:logistic"}),
        ("multiclass", {"objective": "multi:softprob", "num_class": 3}),
    ]:
        X, y = data(8, 300, 5, task)
        p = {**params, "max_depth": 3, "eta": 0.3, "nthread": 1, "seed": 1, "tree_method": "exact", "base_score": 0.5}
        dtrain = xgb.DMatrix(X, label=y, missing=np.nan)
        booster = xgb.train(p, dtrain, num_boost_round=10)
        explain = xgb.DMatrix(X[:10], missing=np.nan)
        cases.append({
            "name": f"xgboost-{task}",
            "task": task,
            "model": json.loads(booster.save_raw("json").decode()),
            "X": nan_list(X[:10]),
            "rawScore": flat(booster.predict(explain, output_margin=True)),
            # (rows, features + 1) or (rows, classes, features + 1): contributions, bias last.
            "contrib": flat(booster.predict(explain, pred_contribs=True)),
            "interactions": flat(booster.predict(explain, pred_interactions=True)),
        })
    return {"library": "xgboost", "versions": {"xgboost": xgb.__version__, "numpy": np.__version__}, "cases": cases}


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else ""
    if which == "lightgbm":
        doc = lightgbm_cases()
    elif which == "xgboost":
        doc = xgboost_cases()
    else:
        sys.exit("usage: make-boost-fixtures.py lightgbm|xgboost")
    doc["generator"] = "packages/explain/scripts/make-boost-fixtures.py"
    out = os.path.join(HERE, "..", "fixtures", f"{which}-contrib.json")
    with open(out, "w") as f:
        json.dump(doc, f, separators=(",", ":"), allow_nan=False)
        f.write("\n")
    print(out, os.path.getsize(out), "bytes")


main()
