"""bench exchange: builds the models and times the origin libraries (one thread each).

  /work/.venv/bin/python exchange_models.py   (job on stdin: {"part": "lightgbm", ...}) LightGBM + scikit-learn RF -> ONNX
  python3 exchange_models.py                   ({"part": "xgboost", ...}) Debian's XGBoost 1.7

The data (rows x 28 float64, seeded, a HIGGS-like nonlinear label) is generated here at bench time and
written to job["dir"]/X.f64 (never committed); models are trained on the first 100,000 rows (training
is not timed). Prints one JSON line: versions, load and predict times (CPU and wall), and the first
1,000 rows' outputs for the equality check.
"""
import importlib.util
import json
import os
import sys
import time

import numpy as np

job = json.loads(sys.stdin.read())
out_dir = job['dir']
rows = int(job['rows'])
F = 28
TRAIN = 100_000
X_PATH = os.path.join(out_dir, 'X.f64')


def data():
    if job['part'] == 'lightgbm' or not os.path.exists(X_PATH):
        rng = np.random.default_rng(2026)
        X = rng.normal(size=(rows, F))
        np.asarray(X, dtype='<f8').tofile(X_PATH)
    X = np.fromfile(X_PATH, dtype='<f8').reshape(-1, F)
    s = X[:, 0] * X[:, 1] + np.sin(X[:, 2]) - 0.5 * X[:, 3] ** 2 + X[:, 4:8].sum(axis=1) * 0.3
    y = (s + np.random.default_rng(7).normal(scale=0.5, size=len(s)) > 0).astype(int)
    return X, y


def timed(fn):
    c0, w0 = time.process_time(), time.perf_counter()
    r = fn()
    return r, time.process_time() - c0, time.perf_counter() - w0


X, y = data()
res = {'rows': len(X), 'features': F, 'python': sys.version.split()[0], 'numpy': np.__version__}

if job['part'] == 'lightgbm':
    import lightgbm as lgb
    import onnx
    import sklearn
    from onnx import TensorProto, helper
    from sklearn.ensemble import RandomForestClassifier

    res['lightgbm'] = lgb.__version__
    res['sklearn'] = sklearn.__version__
    booster = lgb.train({'objective': 'binary', 'num_leaves': 31, 'learning_rate': 0.1, 'verbose': -1, 'num_threads': 2, 'seed': 1},
                        lgb.Dataset(X[:TRAIN], y[:TRAIN]), num_boost_round=int(job['trees']))
    path = os.path.join(out_dir, 'lgb.txt')
    booster.save_model(path)
    loaded, cpu, wall = timed(lambda: lgb.Booster(model_file=path))
    res['lgb_load'] = {'cpu': cpu, 'wall': wall}
    p, cpu, wall = timed(lambda: loaded.predict(X, num_threads=1))
    res['lgb_predict'] = {'cpu': cpu, 'wall': wall}
    res['lgb_first'] = p[:1000].tolist()

    # scikit-learn random forest -> ONNX TreeEnsembleClassifier (float input), skl2onnx's layout.
    spec = importlib.util.spec_from_file_location('make_fixtures', os.path.join(job['fixtureScript']))
    mf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mf)
    rf = RandomForestClassifier(n_estimators=int(job['forestTrees']), max_depth=12, random_state=0, n_jobs=2).fit(X[:TRAIN], y[:TRAIN])
    a = mf.tree_nodes(rf.estimators_, True, 2, 1 / len(rf.estimators_), binary=True)
    node = helper.make_node(
        'TreeEnsembleClassifier', ['X'], ['label', 'probabilities'], domain='ai.onnx.ml', classlabels_int64s=[0, 1], post_transform='NONE',
        nodes_treeids=a['nodes_treeids'], nodes_nodeids=a['nodes_nodeids'], nodes_featureids=a['nodes_featureids'],
        nodes_values=a['nodes_values'], nodes_modes=a['nodes_modes'], nodes_truenodeids=a['nodes_truenodeids'],
        nodes_falsenodeids=a['nodes_falsenodeids'], nodes_missing_value_tracks_true=a['nodes_missing_value_tracks_true'],
        class_treeids=a['w_treeids'], class_nodeids=a['w_nodeids'], class_ids=a['w_ids'], class_weights=a['w_weights'])
    graph = helper.make_graph([node], 'rf', [helper.make_tensor_value_info('X', TensorProto.FLOAT, [None, F])],
                              [helper.make_tensor_value_info('label', TensorProto.INT64, [None]),
                               helper.make_tensor_value_info('probabilities', TensorProto.FLOAT, [None, 2])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid('', 17), helper.make_opsetid('ai.onnx.ml', 1)], ir_version=9)
    with open(os.path.join(out_dir, 'rf.onnx'), 'wb') as f:
        f.write(model.SerializeToString())
    res['rf_nodes'] = int(sum(e.tree_.node_count for e in rf.estimators_))
    _, cpu, wall = timed(lambda: rf.set_params(n_jobs=1).predict_proba(X.astype(np.float32)))
    res['sklearn_predict'] = {'cpu': cpu, 'wall': wall}
else:
    import xgboost as xgb

    res['xgboost'] = xgb.__version__
    booster = xgb.train({'objective': 'binary:logistic', 'max_depth': 6, 'eta': 0.1, 'nthread': 2, 'tree_method': 'hist', 'seed': 1},
                        xgb.DMatrix(X[:TRAIN], y[:TRAIN]), num_boost_round=int(job['trees']))
    path = os.path.join(out_dir, 'xgb.json')
    booster.save_model(path)
    loaded, cpu, wall = timed(lambda: xgb.Booster(params={'nthread': 1}, model_file=path))
    res['xgb_load'] = {'cpu': cpu, 'wall': wall}
    dm, cpu, wall = timed(lambda: xgb.DMatrix(X, nthread=1))
    res['xgb_dmatrix'] = {'cpu': cpu, 'wall': wall}
    p, cpu, wall = timed(lambda: loaded.predict(dm))
    res['xgb_predict'] = {'cpu': cpu, 'wall': wall}
    res['xgb_first'] = p[:1000].tolist()

print(json.dumps(res))
