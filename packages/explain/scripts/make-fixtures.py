#!/usr/bin/env python3
"""Generate shap conformance fixtures for @dt/explain.

Run from the repo root:  /work/.venv/bin/python packages/explain/scripts/make-fixtures.py
Writes packages/explain/fixtures/sklearn-shap.json.

Each case is a scikit-learn tree or forest fitted on small tie-free data (continuous features drawn
from a seeded numpy Generator, so no two values of a feature coincide), with every tree's arrays
(children, feature, threshold, value, weighted_n_node_samples, missing_go_to_left) so dt builds the
identical Tree, the rows explained, and shap.TreeExplainer's outputs: SHAP values, expected values
and interaction values (path-dependent, model_output='raw': class probabilities for classifiers),
and interventional SHAP values against a background sample. Cases with NaN are fitted on data with
missing values (scikit-learn >= 1.4 learns the side per node; shap reads missing_go_to_left).
Deterministic: a rerun with the same library versions rewrites a byte-identical file.
"""

from __future__ import annotations

import json
import os
import sys

import numpy as np
import shap
import sklearn
from sklearn.ensemble import ExtraTreesRegressor, RandomForestClassifier, RandomForestRegressor
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "fixtures", "sklearn-shap.json")


def data(rng, n, d, classes, nan_rate):
    # float32 values (scikit-learn splits on float32): its thresholds are then the float64 midpoints
    # dt computes too, so dt refits the single trees with identical thresholds.
    X = rng.normal(size=(n, d)).astype(np.float32).astype(np.float64)
    # Labels depend on a few features with interactions, so trees use several features per path.
    s = X[:, 0] + 0.8 * X[:, 1] * X[:, 2] - 0.6 * X[:, 3] + 0.3 * rng.normal(size=n)
    if classes:
        y = np.digitize(s, np.quantile(s, np.linspace(0, 1, classes + 1)[1:-1]))
    else:
        y = s + 0.5 * np.sin(3 * X[:, 4 % d])
    if nan_rate > 0:
        mask = rng.random(size=X.shape) < nan_rate
        X = np.where(mask, np.nan, X)
    return X, y


def stable_data(rng, make_tree, n, d, classes, nan_rate):
    """Data on which the tree is the same for every random_state (no tied splits between different
    partitions: scikit-learn breaks those by its random feature order, dt by its tie rule), so dt's
    refit of the same data is the same tree node for node."""
    while True:
        X, y = data(rng, n, d, classes, nan_rate)
        fits = [make_tree(rs).fit(X, y).tree_ for rs in range(8)]
        if all(
            np.array_equal(f.feature, fits[0].feature) and np.array_equal(f.threshold, fits[0].threshold) and np.array_equal(f.children_left, fits[0].children_left)
            for f in fits
        ):
            return X, y
        print("tied splits: new data", file=sys.stderr)


def tree_arrays(t):
    tr = t.tree_
    value = tr.value[:, 0, :]  # (nodes, classes) fractions for classifiers, (nodes, 1) for regressors
    return {
        "nFeatures": int(t.n_features_in_),
        "childrenLeft": tr.children_left.tolist(),
        "childrenRight": tr.children_right.tolist(),
        "feature": tr.feature.tolist(),
        # A split of missing values from all others has threshold +inf (JSON has no Infinity: a string).
        "threshold": [float(v) if np.isfinite(v) else "Infinity" for v in tr.threshold],
        "value": value.ravel().tolist(),
        "nOutputs": int(value.shape[1]),
        "weightedNNodeSamples": tr.weighted_n_node_samples.tolist(),
        "missingGoToLeft": tr.missing_go_to_left.astype(int).tolist(),
        "classes": [int(c) for c in t.classes_] if hasattr(t, "classes_") else None,
    }


def nan_list(a):
    """JSON has no NaN: missing cells are written as null."""
    return [[None if np.isnan(v) else float(v) for v in row] for row in np.asarray(a)]


def shap_array(v):
    v = np.asarray(v, dtype=np.float64)
    return v.ravel().tolist(), list(v.shape)


def case(name, model, kind, X, y, rng, interventional=True, interactions=True):
    model.fit(X, y)
    trees = [model] if not hasattr(model, "estimators_") else list(model.estimators_)
    explain = X[:8]
    out = {
        "name": name,
        "kind": kind,
        "model": type(model).__name__,
        "train": {"X": nan_list(X), "y": [float(v) for v in y]},
        "trees": [tree_arrays(t) for t in trees],
        "nClasses": int(len(model.classes_)) if hasattr(model, "classes_") else 1,
        "X": nan_list(explain),
    }
    pred = model.predict_proba(explain) if hasattr(model, "predict_proba") else model.predict(explain)
    out["prediction"] = np.asarray(pred, dtype=np.float64).ravel().tolist()
    e = shap.TreeExplainer(model, feature_perturbation="tree_path_dependent", model_output="raw")
    vals, shape = shap_array(e.shap_values(explain, check_additivity=True))
    out["pathDependent"] = {"values": vals, "shape": shape, "expectedValue": np.atleast_1d(e.expected_value).astype(float).tolist()}
    if interactions:
        iv, ishape = shap_array(e.shap_interaction_values(explain))
        out["interactions"] = {"values": iv, "shape": ishape}
    if interventional:
        background = X[rng.choice(len(X), size=12, replace=False)]
        ei = shap.TreeExplainer(model, data=background, feature_perturbation="interventional", model_output="raw")
        v2, s2 = shap_array(ei.shap_values(explain, check_additivity=True))
        out["interventional"] = {
            "background": nan_list(background),
            "values": v2,
            "shape": s2,
            "expectedValue": np.atleast_1d(ei.expected_value).astype(float).tolist(),
        }
    return out


def main():
    rng = np.random.default_rng(30)
    cases = []
    clf = lambda rs: DecisionTreeClassifier(max_depth=5, min_samples_leaf=5, random_state=rs)  # noqa: E731
    reg = lambda rs: DecisionTreeRegressor(max_depth=6, min_samples_leaf=4, random_state=rs)  # noqa: E731
    X, y = stable_data(rng, clf, 80, 5, 3, 0)
    cases.append(case("tree-classifier", clf(0), "classifier", X, y, rng))
    X, y = stable_data(rng, reg, 80, 5, 0, 0)
    cases.append(case("tree-regressor", reg(0), "regressor", X, y, rng))
    X, y = data(rng, 80, 5, 2, 0)
    cases.append(case("forest-classifier", RandomForestClassifier(n_estimators=6, max_depth=5, random_state=0), "classifier", X, y, rng))
    X, y = data(rng, 80, 6, 0, 0)
    cases.append(case("forest-regressor", RandomForestRegressor(n_estimators=6, max_depth=5, random_state=0), "regressor", X, y, rng))
    X, y = data(rng, 80, 5, 0, 0)
    cases.append(case("extra-trees-regressor", ExtraTreesRegressor(n_estimators=4, max_depth=6, random_state=0), "regressor", X, y, rng))
    X, y = stable_data(rng, clf, 80, 5, 3, 0.15)
    cases.append(case("tree-classifier-nan", clf(0), "classifier", X, y, rng))
    X, y = data(rng, 80, 5, 0, 0.15)
    cases.append(case("forest-regressor-nan", RandomForestRegressor(n_estimators=4, max_depth=5, random_state=0), "regressor", X, y, rng))
    doc = {
        "generator": "packages/explain/scripts/make-fixtures.py",
        "versions": {"shap": shap.__version__, "scikit-learn": sklearn.__version__, "numpy": np.__version__},
        "cases": cases,
    }
    with open(OUT, "w") as f:
        json.dump(doc, f, separators=(",", ":"), allow_nan=False)
        f.write("\n")
    print(OUT, os.path.getsize(OUT), "bytes")
    for c in cases:
        print(c["name"], "trees", len(c["trees"]), "nodes", sum(len(t["feature"]) for t in c["trees"]), "shap shape", c["pathDependent"]["shape"], "interventional" in c)


main()
