#!/usr/bin/env python3
"""shap 0.51 TreeExplainer on scikit-learn's HistGradientBoosting* for @dt/explain's boosted-model tests.

Run: /work/.venv/bin/python packages/explain/scripts/make-hgbt-fixtures.py
Writes packages/explain/fixtures/sklearn-hgbt-shap.json. The training data and options are @dt/boost's
fixture cases (packages/boost/scripts/make-fixtures.py's datasets(), imported, so both packages fit on
the same rows), on which dt's HistGradientBoosting* equal scikit-learn's tree by tree. Per case: the
options, the training rows, the rows explained (null = missing; feature 0 never missing in training, so
its NaN takes the larger child), shap's raw-margin SHAP values (per class for multiclass), expected
values, interaction values on a few rows, and scikit-learn's raw predictions. Tests fit dt's model on
the same rows and compare; they never run Python. Deterministic for fixed library versions.
"""
import importlib.util
import json
import os
import sys

import numpy as np
import shap
import sklearn
from sklearn.ensemble import HistGradientBoostingClassifier, HistGradientBoostingRegressor

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'fixtures', 'sklearn-hgbt-shap.json')

spec = importlib.util.spec_from_file_location('boost_fixtures', os.path.join(HERE, '..', '..', 'boost', 'scripts', 'make-fixtures.py'))
boost = importlib.util.module_from_spec(spec)
spec.loader.exec_module(boost)

# (name, dataset, estimator, scikit-learn options); camelCase options via boost's CAMEL table.
CASES = [
    ('reg_missing', 'reg_missing', 'regressor', {'max_iter': 8}),
    ('reg_depth_l2', 'reg', 'regressor', {'max_iter': 6, 'max_depth': 3, 'l2_regularization': 2.5, 'min_samples_leaf': 10, 'learning_rate': 0.3}),
    ('bin_missing', 'bin_missing', 'classifier', {'max_iter': 8}),
    ('multi_missing', 'multi_missing', 'classifier', {'max_iter': 4}),
]
N_EXPLAIN = 12
N_INTERACTIONS = 3


def cells(a):
    return [[None if np.isnan(v) else float(v) for v in row] for row in np.asarray(a)]


def main():
    data = boost.datasets()
    arrays, sets, cases = {}, {}, []
    for name, ds, kind, params in CASES:
        d = data[ds]
        for role in ('X', 'y', 'Xtest'):
            a = d[role] if role != 'Xtest' else d[role][:N_EXPLAIN]
            key = next((k for k, v in arrays.items() if v.shape == a.shape and np.array_equal(v, a, equal_nan=True)), None)
            if key is None:
                key = f'{ds}.{role}'
                arrays[key] = a
            sets.setdefault(ds, {})[role] = key
        Est = HistGradientBoostingRegressor if kind == 'regressor' else HistGradientBoostingClassifier
        est = Est(early_stopping=False, random_state=0, **params).fit(d['X'], d['y'])
        Xe = d['Xtest'][:N_EXPLAIN]
        ex = shap.TreeExplainer(est, model_output='raw', feature_perturbation='tree_path_dependent')
        sv = np.asarray(ex.shap_values(Xe, check_additivity=True))
        iv = np.asarray(ex.shap_interaction_values(Xe[:N_INTERACTIONS]))
        # (rows, features[, features][, outputs]) with the outputs last, one output for two classes.
        if sv.ndim == 2:
            sv = sv[:, :, None]
            iv = iv[..., None]
        cases.append({
            'name': name, 'dataset': ds, 'estimator': kind,
            'options': {boost.CAMEL[k]: v for k, v in params.items()},
            'nOutputs': int(sv.shape[2]),
            'raw': est._raw_predict(Xe).tolist(),
            'expectedValue': np.atleast_1d(ex.expected_value).astype(float).tolist(),
            'values': sv.ravel().tolist(),
            'interactions': iv.ravel().tolist(),
        })
    out = {
        'versions': {'shap': shap.__version__, 'scikit-learn': sklearn.__version__, 'numpy': np.__version__, 'python': sys.version.split()[0]},
        'nExplain': N_EXPLAIN, 'nInteractions': N_INTERACTIONS,
        'arrays': {k: (cells(v) if v.ndim == 2 else [float(x) for x in v]) for k, v in arrays.items()},
        'datasets': sets,
        'cases': cases,
    }
    with open(OUT, 'w') as f:
        json.dump(out, f, separators=(',', ':'))
    print(OUT, os.path.getsize(OUT))


main()
