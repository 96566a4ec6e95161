"""Fixtures for @dt/boost from scikit-learn's HistGradientBoosting* (the versions are recorded in the files).

Run: /work/.venv/bin/python packages/boost/scripts/make-fixtures.py
Writes packages/boost/src/fixtures/{binning,sklearn-hgbt}.json. Tests read them and never run Python.

- binning.json: _BinMapper's bin_thresholds_ and n_bins_non_missing_ on columns with many distinct
  values (percentiles, 'averaged_inverted_cdf'), few distinct values (midpoints), ties, NaN, constants,
  and with sample weights (_weighted_percentile), for several max_bins. Fewer than 200,000 rows, so
  _BinMapper's subsampling (numpy RandomState.choice) never runs.
- sklearn-hgbt.json: datasets (small, continuous, tie-free) and cases (estimator, params, fit
  arguments) with every predictor's nodes (preorder, as TreePredictor stores them), the baseline,
  raw predictions on a test set, train/validation scores and n_iter_. Early stopping is given the
  validation set explicitly (fit's X_val / y_val), so no case depends on numpy's train_test_split.
"""
import json
import os
import sys

import numpy as np
import sklearn
from sklearn.ensemble import HistGradientBoostingClassifier, HistGradientBoostingRegressor
from sklearn.ensemble._hist_gradient_boosting.binning import _BinMapper

OUT = os.path.join(os.path.dirname(__file__), '..', 'src', 'fixtures')
VERSIONS = {'python': sys.version.split()[0], 'numpy': np.__version__, 'scikit-learn': sklearn.__version__}


def num(v):
    v = float(v)
    if np.isnan(v):
        return None
    if np.isinf(v):
        return 'inf' if v > 0 else '-inf'
    return v


def col_list(a):
    return [num(v) for v in a]


def binning():
    rng = np.random.RandomState(0)
    n = 1000
    cols = {
        'normal': np.round(rng.normal(size=n), 6),
        'uniform_ints_300': rng.randint(0, 300, size=n).astype(float),
        'few_distinct': rng.choice([0.5, 1.0, 2.5, 7.0, -3.0], size=n),
        'exponential_with_ties': np.round(rng.exponential(size=n), 2),
        'with_nan': np.where(rng.rand(n) < 0.2, np.nan, np.round(rng.normal(size=n) * 100, 4)),
        'constant': np.full(n, 3.0),
        'exactly_255_distinct': np.repeat(np.arange(255.0), 8)[:n] * 0.37,
        'exactly_256_distinct': np.concatenate([np.arange(256.0), rng.randint(0, 256, size=n - 256)]) * 1.5,
        'huge': np.round(rng.normal(size=n), 4) * 1e305,
    }
    names = list(cols)
    X = np.column_stack([cols[k] for k in names])
    w = rng.randint(0, 4, size=n).astype(float)
    results = []
    for max_bins in (255, 64, 10, 2):
        for weighted in (False, True):
            bm = _BinMapper(n_bins=max_bins + 1, random_state=0).fit(X, sample_weight=w if weighted else None)
            results.append({
                'maxBins': max_bins,
                'weighted': weighted,
                'thresholds': [col_list(t) for t in bm.bin_thresholds_],
                'nBinsNonMissing': [int(v) for v in bm.n_bins_non_missing_],
                'binnedHead': bm.transform(X[:50]).T.tolist(),
            })
    return {'versions': VERSIONS, 'columns': names, 'X': [col_list(X[:, j]) for j in range(X.shape[1])],
            'sampleWeight': w.tolist(), 'results': results}


def dump_predictor(p):
    nodes = p.nodes
    return {
        'value': [float(v) for v in nodes['value']],
        'count': [int(v) for v in nodes['count']],
        'feature': [int(v) for v in nodes['feature_idx']],
        'threshold': [num(v) for v in nodes['num_threshold']],
        'missingGoToLeft': [int(v) for v in nodes['missing_go_to_left']],
        'left': [int(v) for v in nodes['left']],
        'right': [int(v) for v in nodes['right']],
        'isLeaf': [int(v) for v in nodes['is_leaf']],
        'binThreshold': [int(v) for v in nodes['bin_threshold']],
        'gain': [float(v) for v in nodes['gain']],
    }


def datasets():
    rng = np.random.RandomState(42)
    out = {}
    # Values rounded to 5 decimals keep the file small; the data is what the file holds.
    n, d = 360, 5
    X = np.round(rng.normal(size=(n, d)), 5)
    Xt = np.round(rng.normal(size=(80, d)), 5)
    yr = np.round(X[:, 0] * 2 + np.sin(3 * X[:, 1]) + X[:, 2] * X[:, 3] + rng.normal(scale=0.3, size=n), 5)
    out['reg'] = {'X': X, 'y': yr, 'Xtest': Xt}
    # Missing values in two features (train and test).
    Xm = X.copy()
    Xm[rng.rand(n) < 0.15, 1] = np.nan
    Xm[rng.rand(n) < 0.3, 3] = np.nan
    Xmt = Xt.copy()
    Xmt[rng.rand(80) < 0.2, 1] = np.nan
    Xmt[rng.rand(80) < 0.2, 0] = np.nan  # feature 0 has no NaN in training: NaN goes to the larger child
    out['reg_missing'] = {'X': Xm, 'y': yr, 'Xtest': Xmt}
    logits = X[:, 0] - 1.5 * X[:, 1] + X[:, 2] * X[:, 4]
    yb = (logits + rng.logistic(size=n) > 0).astype(int)
    out['bin'] = {'X': X, 'y': yb, 'Xtest': Xt}
    out['bin_missing'] = {'X': Xm, 'y': yb, 'Xtest': Xmt}
    s = np.column_stack([X[:, 0] + X[:, 1], -X[:, 0] + X[:, 2], X[:, 3] - X[:, 4]]) + rng.gumbel(size=(n, 3))
    out['multi'] = {'X': X, 'y': s.argmax(axis=1), 'Xtest': Xt}
    out['multi_missing'] = {'X': Xm, 'y': s.argmax(axis=1), 'Xtest': Xmt}
    # Positive targets for poisson and gamma.
    out['counts'] = {'X': X, 'y': rng.poisson(np.exp(0.5 * X[:, 0] - 0.3 * X[:, 1])).astype(float), 'Xtest': Xt}
    out['positive'] = {'X': X, 'y': np.round(rng.gamma(2.0, np.exp(0.4 * X[:, 0] + 0.2 * X[:, 2]) / 2.0), 5), 'Xtest': Xt}
    # Early stopping: train 400 rows, explicit validation 200 rows (fit's X_val).
    Xe = np.round(rng.normal(size=(600, 4)), 5)
    ye = np.round(Xe[:, 0] + 0.5 * Xe[:, 1] ** 2 + rng.normal(scale=1.0, size=600), 5)
    out['es_reg'] = {'X': Xe[:400], 'y': ye[:400], 'Xval': Xe[400:], 'yval': ye[400:], 'Xtest': Xe[400:480]}
    yeb = (Xe[:, 0] + rng.logistic(size=600) * 1.5 > 0).astype(int)
    out['es_bin'] = {'X': Xe[:400], 'y': yeb[:400], 'Xval': Xe[400:], 'yval': yeb[400:], 'Xtest': Xe[400:480]}
    sw = rng.randint(1, 4, size=n).astype(float)
    out['weights'] = sw
    return out


CASES = [
    ('reg_default', 'reg', 'regressor', {'max_iter': 8}),
    ('reg_missing', 'reg_missing', 'regressor', {'max_iter': 8}),
    ('reg_depth_l2', 'reg', 'regressor', {'max_iter': 6, 'max_depth': 3, 'l2_regularization': 2.5, 'min_samples_leaf': 10, 'learning_rate': 0.3}),
    ('reg_small_leaves', 'reg', 'regressor', {'max_iter': 5, 'max_leaf_nodes': 7, 'min_samples_leaf': 5, 'max_bins': 32}),
    ('reg_weighted', 'reg', 'regressor', {'max_iter': 6}, 'weights'),
    ('reg_monotonic', 'reg', 'regressor', {'max_iter': 6, 'monotonic_cst': [1, 0, -1, 0, 0]}),
    ('reg_interaction', 'reg', 'regressor', {'max_iter': 6, 'interaction_cst': [[0, 1], [2, 3, 4]]}),
    ('reg_absolute', 'reg', 'regressor', {'max_iter': 6, 'loss': 'absolute_error'}),
    ('reg_quantile', 'reg', 'regressor', {'max_iter': 6, 'loss': 'quantile', 'quantile': 0.8}),
    ('reg_poisson', 'counts', 'regressor', {'max_iter': 6, 'loss': 'poisson'}),
    ('reg_gamma', 'positive', 'regressor', {'max_iter': 6, 'loss': 'gamma'}),
    ('bin_default', 'bin', 'classifier', {'max_iter': 8}),
    ('bin_missing', 'bin_missing', 'classifier', {'max_iter': 8}),
    ('bin_weighted', 'bin', 'classifier', {'max_iter': 6}, 'weights'),
    ('bin_class_weight', 'bin', 'classifier', {'max_iter': 6, 'class_weight': 'balanced'}),
    ('multi_default', 'multi', 'classifier', {'max_iter': 6}),
    ('multi_l2', 'multi', 'classifier', {'max_iter': 5, 'l2_regularization': 1.0, 'max_leaf_nodes': 10}),
    ('multi_missing', 'multi_missing', 'classifier', {'max_iter': 4}),
    ('es_reg_r2', 'es_reg', 'regressor', {'max_iter': 60, 'early_stopping': True, 'scoring': 'r2', 'n_iter_no_change': 3, 'learning_rate': 0.5}),
    ('es_bin_accuracy', 'es_bin', 'classifier', {'max_iter': 60, 'early_stopping': True, 'scoring': 'accuracy', 'n_iter_no_change': 3, 'learning_rate': 0.5}),
    ('warm_start_reg', 'reg', 'regressor', {'max_iter': 3, 'warm_start': True}, None, {'max_iter': 6}),
    ('warm_start_multi', 'multi', 'classifier', {'max_iter': 2, 'warm_start': True}, None, {'max_iter': 4, 'learning_rate': 0.3}),
    ('es_reg', 'es_reg', 'regressor', {'max_iter': 200, 'early_stopping': True, 'n_iter_no_change': 5, 'learning_rate': 0.3}),
    ('es_bin', 'es_bin', 'classifier', {'max_iter': 200, 'early_stopping': True, 'n_iter_no_change': 4, 'learning_rate': 0.5, 'tol': 1e-4}),
    ('es_reg_train_scores', 'es_reg', 'regressor', {'max_iter': 12, 'early_stopping': True, 'validation_fraction': None, 'n_iter_no_change': 3, 'learning_rate': 0.5}),
]

CAMEL = {'max_iter': 'maxIter', 'max_depth': 'maxDepth', 'l2_regularization': 'l2Regularization',
         'min_samples_leaf': 'minSamplesLeaf', 'learning_rate': 'learningRate', 'max_leaf_nodes': 'maxLeafNodes',
         'max_bins': 'maxBins', 'monotonic_cst': 'monotonicCst', 'interaction_cst': 'interactionCst',
         'loss': 'loss', 'quantile': 'quantile', 'class_weight': 'classWeight', 'early_stopping': 'earlyStopping',
         'n_iter_no_change': 'nIterNoChange', 'tol': 'tol', 'validation_fraction': 'validationFraction',
         'scoring': 'scoring', 'warm_start': 'warmStart'}


def models():
    data = datasets()
    # Each distinct array is stored once in 'arrays'; a dataset names its arrays by key.
    arrays, sets = {}, {}
    for k, v in data.items():
        if k == 'weights':
            continue
        sets[k] = {}
        for kk, vv in v.items():
            key = next((a for a, arr in arrays.items() if arr is vv or (arr.shape == vv.shape and np.array_equal(arr, vv, equal_nan=True))), None)
            if key is None:
                key = f'{k}.{kk}'
                arrays[key] = vv
            sets[k][kk] = key
    arrays_json = {k: ([[num(c) for c in row] for row in v] if v.ndim == 2 else [num(c) for c in v]) for k, v in arrays.items()}
    cases = []
    for case in CASES:
        name, ds, kind, params = case[:4]
        weighted = len(case) > 4 and case[4] == 'weights'
        refit = case[5] if len(case) > 5 else None
        d = data[ds]
        Est = HistGradientBoostingRegressor if kind == 'regressor' else HistGradientBoostingClassifier
        full = {'early_stopping': False, 'random_state': 0}
        full.update(params)
        est = Est(**full)
        fit_kw = {}
        if weighted:
            fit_kw['sample_weight'] = data['weights']
        if 'Xval' in d and params.get('validation_fraction', 0.1) is not None:
            fit_kw['X_val'] = d['Xval']
            fit_kw['y_val'] = d['yval']
        est.fit(d['X'], d['y'], **fit_kw)
        if refit is not None:  # warm start: more iterations (and changed options) on a second fit
            est.set_params(**refit)
            est.fit(d['X'], d['y'], **fit_kw)
        raw = est._raw_predict(d['Xtest'])
        out = {
            'name': name, 'dataset': ds, 'estimator': kind,
            'options': {CAMEL[k]: v for k, v in params.items()},
            'refitOptions': None if refit is None else {CAMEL[k]: v for k, v in refit.items()},
            'sampleWeight': data['weights'].tolist() if weighted else None,
            'validationGiven': 'X_val' in fit_kw,
            'baseline': [float(v) for v in np.ravel(est._baseline_prediction)],
            'nIter': int(est.n_iter_),
            'trees': [[dump_predictor(p) for p in it] for it in est._predictors],
            'rawTest': raw.T.tolist(),
            'trainScore': [float(v) for v in est.train_score_],
            'validationScore': [float(v) for v in est.validation_score_],
        }
        if name in ('reg_missing', 'reg_small_leaves'):
            out['binThresholds'] = [col_list(t) for t in est._bin_mapper.bin_thresholds_]
        if kind == 'classifier':
            out['classes'] = [int(c) for c in est.classes_]
            out['probaTest'] = est.predict_proba(d['Xtest']).T.tolist()
        else:
            out['predictTest'] = est.predict(d['Xtest']).tolist()
        cases.append(out)
    return {'versions': VERSIONS, 'arrays': arrays_json, 'datasets': sets, 'cases': cases}


if __name__ == '__main__':
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, 'binning.json'), 'w') as f:
        json.dump(binning(), f, separators=(',', ':'))
    with open(os.path.join(OUT, 'sklearn-hgbt.json'), 'w') as f:
        json.dump(models(), f, separators=(',', ':'))
    for k in ('binning.json', 'sklearn-hgbt.json'):
        print(k, os.path.getsize(os.path.join(OUT, k)))
