"""Builds the conformance fixtures of @dt/exchange (tests read them; they never run Python).

Two interpreters, because the libraries live in two places on the build machines:
  /work/.venv/bin/python packages/exchange/scripts/make-fixtures.py lightgbm onnx
  /usr/bin/python3       packages/exchange/scripts/make-fixtures.py xgboost      (Debian python3-xgboost 1.7)

Every model is trained on a few hundred rows of one seeded synthetic set (NaN, zeros, a categorical
column) and scored on TEST_ROWS rows that include NaN, exact zeros, values within LightGBM's zero band,
unseen and negative categories. Written to packages/exchange/src/fixtures/:
  <name>.txt / .json / .onnx   the model file as the library saved it
  <name>.expected.json         {library, versions, X (null = NaN), raw, proba, note}
ONNX graphs are built with onnx.helper from scikit-learn tree arrays the way skl2onnx emits them
(skl2onnx is not installed here) and scored with onnxruntime (one thread).
"""
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'src', 'fixtures')
TEST_ROWS = 40
N_FEATURES = 6  # features 0..4 numeric, 5 categorical (codes 0..5)


def make_data(seed=7, n=300):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, N_FEATURES))
    X[:, 5] = rng.integers(0, 6, size=n)
    X[rng.random(n) < 0.12, 0] = np.nan
    X[rng.random(n) < 0.2, 1] = 0.0
    X[rng.random(n) < 0.1, 2] = np.nan
    score = X[:, 1] * 1.5 - np.nan_to_num(X[:, 0], nan=1.0) + 0.8 * X[:, 3] + np.where(np.isin(X[:, 5], [1, 4]), 1.2, -0.4)
    y_bin = (score + rng.normal(scale=0.5, size=n) > 0).astype(int)
    y_multi = np.digitize(score + rng.normal(scale=0.5, size=n), [-0.7, 0.7])
    y_reg = score + rng.normal(scale=0.3, size=n)
    return X, y_bin, y_multi, y_reg


def test_rows():
    X, *_ = make_data(seed=11, n=TEST_ROWS)
    X[0, :] = np.nan  # every feature missing
    X[1, 1] = 0.0
    X[2, 1] = 1e-36  # inside LightGBM's zero band (|x| <= 1e-35)
    X[3, 1] = -1e-36
    X[4, 5] = 9  # an unseen category
    X[5, 5] = -1  # a negative category
    X[6, 5] = np.nan
    X[7, 0] = 0.0
    return X


def jnum(a):
    return [[None if np.isnan(v) else float(v) for v in row] for row in np.asarray(a, dtype=np.float64)]


def write(name, ext, model_bytes, expected):
    os.makedirs(OUT, exist_ok=True)
    mode = 'wb' if isinstance(model_bytes, bytes) else 'w'
    with open(os.path.join(OUT, f'{name}.{ext}'), mode) as f:
        f.write(model_bytes)
    with open(os.path.join(OUT, f'{name}.expected.json'), 'w') as f:
        json.dump(expected, f, separators=(',', ':'))
        f.write('\n')
    print('wrote', name)


def tree_nodes(trees, classifier, n_classes, scale, binary=False):
    """skl2onnx's attribute lists for a list of fitted sklearn trees (node ids per tree, preorder of sklearn's ids)."""
    a = {k: [] for k in ['nodes_treeids', 'nodes_nodeids', 'nodes_featureids', 'nodes_values', 'nodes_modes',
                         'nodes_truenodeids', 'nodes_falsenodeids', 'nodes_missing_value_tracks_true', 'nodes_hitrates',
                         'w_treeids', 'w_nodeids', 'w_ids', 'w_weights']}
    for t, est in enumerate(trees):
        tr = est.tree_
        for n in range(tr.node_count):
            leaf = tr.children_left[n] == -1
            a['nodes_treeids'].append(t)
            a['nodes_nodeids'].append(n)
            a['nodes_featureids'].append(0 if leaf else int(tr.feature[n]))
            a['nodes_values'].append(0.0 if leaf else float(tr.threshold[n]))
            a['nodes_modes'].append('LEAF' if leaf else 'BRANCH_LEQ')
            a['nodes_truenodeids'].append(0 if leaf else int(tr.children_left[n]))
            a['nodes_falsenodeids'].append(0 if leaf else int(tr.children_right[n]))
            a['nodes_missing_value_tracks_true'].append(0 if leaf else int(tr.missing_go_to_left[n]))
            a['nodes_hitrates'].append(1.0)
            if not leaf:
                continue
            if classifier:
                v = tr.value[n][0]
                v = v / v.sum()
                for c in range(n_classes):
                    if binary and c == 0:
                        continue
                    # skl2onnx's binary trees: one weight per leaf, P(class 1), under class id 0.
                    a['w_treeids'].append(t)
                    a['w_nodeids'].append(n)
                    a['w_ids'].append(0 if binary else c)
                    a['w_weights'].append(float(v[c]) * scale)
            else:
                a['w_treeids'].append(t)
                a['w_nodeids'].append(n)
                a['w_ids'].append(0)
                a['w_weights'].append(float(tr.value[n][0][0]) * scale)
    return a


def lightgbm_fixtures():
    import lightgbm as lgb
    import sklearn

    X, y_bin, y_multi, y_reg = make_data()
    Xt = test_rows()
    versions = {'lightgbm': lgb.__version__, 'numpy': np.__version__, 'python': sys.version.split()[0], 'sklearn': sklearn.__version__}
    base = {'num_leaves': 8, 'min_data_in_leaf': 5, 'verbose': -1, 'seed': 1, 'deterministic': True, 'num_threads': 1}

    def fit(name, params, y, rounds, categorical=(), note=''):
        ds = lgb.Dataset(X, y, categorical_feature=list(categorical), free_raw_data=False)
        booster = lgb.train({**base, **params}, ds, num_boost_round=rounds)
        text = booster.model_to_string()
        if params.get('linear_tree'):
            expected = {'library': 'lightgbm', 'versions': versions, 'note': note}
        else:
            raw = booster.predict(Xt, raw_score=True)
            pred = booster.predict(Xt)
            leaves = booster.predict(Xt, pred_leaf=True)
            expected = {
                'library': 'lightgbm', 'versions': versions, 'params': params, 'note': note,
                'X': jnum(Xt),
                'raw': np.asarray(raw, dtype=np.float64).reshape(len(Xt), -1).tolist(),
                'predict': np.asarray(pred, dtype=np.float64).reshape(len(Xt), -1).tolist(),
                'leaves': np.asarray(leaves).reshape(len(Xt), -1).tolist(),
            }
        write(name, 'txt', text, expected)

    fit('lgb-binary', {'objective': 'binary', 'sigmoid': 0.7, 'learning_rate': 0.2}, y_bin, 12,
        note='NaN missing type on features 0 and 2 (default_left learnt), None elsewhere; sigmoid scale 0.7')
    fit('lgb-multiclass', {'objective': 'multiclass', 'num_class': 3, 'learning_rate': 0.2, 'cat_smooth': 1, 'min_data_per_group': 5}, y_multi, 6,
        categorical=[5], note='categorical feature 5 (bitset splits), softmax')
    fit('lgb-regression', {'objective': 'regression', 'zero_as_missing': True, 'learning_rate': 0.3, 'min_data_per_group': 5, 'cat_smooth': 1}, y_reg, 10,
        categorical=[5], note='zero_as_missing: Zero missing type (NaN counts as zero), categorical feature 5')
    fit('lgb-linear', {'objective': 'regression', 'linear_tree': True}, y_reg, 3, note='linear_tree: refused by the reader with a typed error')


def xgboost_fixtures():
    import sklearn
    import xgboost as xgb

    X, y_bin, y_multi, y_reg = make_data()
    Xt = test_rows()
    Xt_num = Xt.copy()
    versions = {'xgboost': xgb.__version__, 'numpy': np.__version__, 'python': sys.version.split()[0], 'sklearn': sklearn.__version__}
    base = {'max_depth': 3, 'eta': 0.3, 'seed': 1, 'nthread': 1, 'tree_method': 'hist'}

    def fit(name, params, y, rounds, categorical=False, note='', to_v2=False):
        ft = ['q'] * 5 + (['c'] if categorical else ['q'])
        Xtr = X.copy()
        Xte = Xt_num.copy()
        if categorical:
            # XGBoost's categorical codes must be non-negative integers: negative test codes become NaN (missing).
            Xte[:, 5] = np.where(Xte[:, 5] < 0, np.nan, Xte[:, 5])
        dtrain = xgb.DMatrix(Xtr, y, feature_types=ft, enable_categorical=categorical)
        dtest = xgb.DMatrix(Xte, feature_types=ft, enable_categorical=categorical)
        booster = xgb.train({**base, **params}, dtrain, num_boost_round=rounds)
        path = f'/tmp/{name}.json'
        booster.save_model(path)
        doc = json.load(open(path))
        if to_v2:
            # XGBoost 2.x's schema: version [2, x, y] and base_score as a one-element array string ("[5E-1]").
            doc['version'] = [2, 1, 0]
            lmp = doc['learner']['learner_model_param']
            lmp['base_score'] = '[' + lmp['base_score'] + ']'
        margin = booster.predict(dtest, output_margin=True)
        pred = booster.predict(dtest)
        leaves = booster.predict(dtest, pred_leaf=True)
        expected = {
            'library': 'xgboost', 'versions': versions, 'params': params, 'note': note,
            'X': jnum(Xte),
            'raw': np.asarray(margin, dtype=np.float64).reshape(len(Xte), -1).tolist(),
            'predict': np.asarray(pred, dtype=np.float64).reshape(len(Xte), -1).tolist(),
            'leaves': np.asarray(leaves).reshape(len(Xte), -1).tolist(),
        }
        # As XGBoost wrote it (its JSON has bare NaN tokens: categorical nodes' split_conditions).
        text = json.dumps(doc, separators=(',', ':')) if to_v2 else open(path).read()
        write(name, 'json', text, expected)

    fit('xgb-binary', {'objective': 'binary:logistic', 'base_score': 0.3}, y_bin, 10, note='NaN follows default_left; base_score 0.3 in probability space')
    fit('xgb-multi', {'objective': 'multi:softprob', 'num_class': 3}, y_multi, 5, note='softprob: one tree per class per round')
    fit('xgb-reg', {'objective': 'reg:squarederror', 'base_score': 1.25}, y_reg, 8, note='identity link, base_score 1.25')
    fit('xgb-cat', {'objective': 'reg:squarederror', 'max_cat_to_onehot': 1}, y_reg, 6, categorical=True,
        note='categorical feature 5: partition splits (categories go right)')
    fit('xgb-binary-v2', {'objective': 'binary:logistic', 'base_score': 0.3}, y_bin, 10, to_v2=True,
        note='the xgb-binary model rewritten to the 2.x schema (version [2,1,0], base_score "[3E-1]"): 2.x is not installed here')


def onnx_fixtures():
    import onnx
    import onnxruntime as ort
    import sklearn
    from onnx import TensorProto, helper
    from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor
    from sklearn.tree import DecisionTreeClassifier

    X, y_bin, y_multi, y_reg = make_data()
    Xt = test_rows()
    versions = {'onnx': onnx.__version__, 'onnxruntime': ort.__version__, 'sklearn': sklearn.__version__, 'numpy': np.__version__, 'python': sys.version.split()[0]}

    def save(name, node, inputs, outputs, opsets, Xin, note):
        graph = helper.make_graph([node], name, inputs, outputs)
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid('', 17)] + opsets, producer_name='dt-fixtures', ir_version=9)
        onnx.checker.check_model(model)
        data = model.SerializeToString()
        so = ort.SessionOptions()
        so.intra_op_num_threads = 1
        so.inter_op_num_threads = 1
        sess = ort.InferenceSession(data, so, providers=['CPUExecutionProvider'])
        res = sess.run(None, {'X': Xin})
        expected = {'library': 'onnxruntime', 'versions': versions, 'note': note, 'X': jnum(Xin),
                    'outputs': [o.name for o in sess.get_outputs()]}
        for o, r in zip(sess.get_outputs(), res):
            r = np.asarray(r)
            expected[o.name] = r.tolist() if r.dtype.kind in 'iU' or r.dtype == object else np.asarray(r, dtype=np.float64).reshape(len(Xin), -1).tolist()
        write(name, 'onnx', data, expected)

    ml = lambda v: helper.make_opsetid('ai.onnx.ml', v)
    Xf = Xt.astype(np.float32)

    # A random forest classifier, 3 classes, int64 labels, ai.onnx.ml opset 1 (skl2onnx's default, zipmap=False).
    rf = RandomForestClassifier(n_estimators=4, max_depth=4, random_state=0).fit(X, y_multi)
    a = tree_nodes(rf.estimators_, True, 3, 1 / len(rf.estimators_))
    node = helper.make_node(
        'TreeEnsembleClassifier', ['X'], ['label', 'probabilities'], domain='ai.onnx.ml',
        classlabels_int64s=[int(c) for c in rf.classes_], post_transform='NONE',
        nodes_treeids=a['nodes_treeids'], nodes_nodeids=a['nodes_nodeids'], nodes_featureids=a['nodes_featureids'],
        nodes_values=a['nodes_values'], nodes_modes=a['nodes_modes'], nodes_truenodeids=a['nodes_truenodeids'],
        nodes_falsenodeids=a['nodes_falsenodeids'], nodes_missing_value_tracks_true=a['nodes_missing_value_tracks_true'],
        nodes_hitrates=a['nodes_hitrates'], class_treeids=a['w_treeids'], class_nodeids=a['w_nodeids'],
        class_ids=a['w_ids'], class_weights=a['w_weights'])
    save('onnx-rf-classifier', node, [helper.make_tensor_value_info('X', TensorProto.FLOAT, [None, N_FEATURES])],
         [helper.make_tensor_value_info('label', TensorProto.INT64, [None]), helper.make_tensor_value_info('probabilities', TensorProto.FLOAT, [None, 3])],
         [ml(1)], Xf, 'RandomForestClassifier(4 trees, depth 4) with NaN routed by missing_go_to_left; float32 thresholds')

    # A binary decision tree with string labels, opset 3, one weight per leaf (ONNX's binary case, as skl2onnx writes it).
    dt = DecisionTreeClassifier(max_depth=4, random_state=0).fit(X, y_bin)
    a = tree_nodes([dt], True, 2, 1.0, binary=True)
    node = helper.make_node(
        'TreeEnsembleClassifier', ['X'], ['label', 'probabilities'], domain='ai.onnx.ml',
        classlabels_strings=['no', 'yes'], post_transform='NONE',
        nodes_treeids=a['nodes_treeids'], nodes_nodeids=a['nodes_nodeids'], nodes_featureids=a['nodes_featureids'],
        nodes_values=a['nodes_values'], nodes_modes=a['nodes_modes'], nodes_truenodeids=a['nodes_truenodeids'],
        nodes_falsenodeids=a['nodes_falsenodeids'], nodes_missing_value_tracks_true=a['nodes_missing_value_tracks_true'],
        class_treeids=a['w_treeids'], class_nodeids=a['w_nodeids'], class_ids=a['w_ids'], class_weights=a['w_weights'])
    save('onnx-dt-binary', node, [helper.make_tensor_value_info('X', TensorProto.FLOAT, [None, N_FEATURES])],
         [helper.make_tensor_value_info('label', TensorProto.STRING, [None]), helper.make_tensor_value_info('probabilities', TensorProto.FLOAT, [None, 2])],
         [ml(3)], Xf, 'DecisionTreeClassifier, string labels, one weight P(yes) per leaf under class id 0 (binary case: p0 = 1 - p1)')

    # A random forest regressor in double precision: opset 3 tensors (nodes_values_as_tensor, target_weights_as_tensor).
    rfr = RandomForestRegressor(n_estimators=3, max_depth=5, random_state=0).fit(X, y_reg)
    a = tree_nodes(rfr.estimators_, False, 1, 1.0)
    dbl = lambda name, v: helper.make_tensor(name, TensorProto.DOUBLE, [len(v)], v)
    node = helper.make_node(
        'TreeEnsembleRegressor', ['X'], ['variable'], domain='ai.onnx.ml', n_targets=1, aggregate_function='AVERAGE', post_transform='NONE',
        nodes_treeids=a['nodes_treeids'], nodes_nodeids=a['nodes_nodeids'], nodes_featureids=a['nodes_featureids'],
        nodes_values_as_tensor=dbl('nodes_values_as_tensor', a['nodes_values']), nodes_modes=a['nodes_modes'],
        nodes_truenodeids=a['nodes_truenodeids'], nodes_falsenodeids=a['nodes_falsenodeids'],
        nodes_missing_value_tracks_true=a['nodes_missing_value_tracks_true'],
        target_treeids=a['w_treeids'], target_nodeids=a['w_nodeids'], target_ids=a['w_ids'],
        target_weights_as_tensor=dbl('target_weights_as_tensor', a['w_weights']))
    save('onnx-rf-regressor-double', node, [helper.make_tensor_value_info('X', TensorProto.DOUBLE, [None, N_FEATURES])],
         [helper.make_tensor_value_info('variable', TensorProto.FLOAT, [None, 1])], [ml(3)], Xt.astype(np.float64),
         'RandomForestRegressor(3 trees): double input and thresholds (opset-3 tensors), float output, AVERAGE aggregation')

    # The same forest as ai.onnx.ml opset 5 TreeEnsemble (float), leaves addressed through nodes_trueleafs/falseleafs.
    feats, splits, modes, tn, tl, fn, fl, roots, ltarget, lweight = [], [], [], [], [], [], [], [], [], []
    for est in rfr.estimators_:
        tr = est.tree_
        inner = [n for n in range(tr.node_count) if tr.children_left[n] != -1]
        leaves = [n for n in range(tr.node_count) if tr.children_left[n] == -1]
        ioff, loff = len(feats), len(ltarget)
        imap = {n: ioff + i for i, n in enumerate(inner)}
        lmap = {n: loff + i for i, n in enumerate(leaves)}
        for n in leaves:
            ltarget.append(0)
            lweight.append(float(tr.value[n][0][0]) / len(rfr.estimators_))
        if not inner:
            raise SystemExit('single-leaf tree')
        roots.append(imap[0])
        for n in inner:
            feats.append(int(tr.feature[n]))
            splits.append(float(tr.threshold[n]))
            modes.append(0)  # BRANCH_LEQ
            for child, ids, isleaf in ((tr.children_left[n], tn, tl), (tr.children_right[n], fn, fl)):
                if tr.children_left[child] == -1:
                    ids.append(lmap[child]); isleaf.append(1)
                else:
                    ids.append(imap[child]); isleaf.append(0)
    mvt = [int(rfr.estimators_[0].tree_.missing_go_to_left[0])]  # per node below
    mvt = []
    for est in rfr.estimators_:
        tr = est.tree_
        mvt += [int(tr.missing_go_to_left[n]) for n in range(tr.node_count) if tr.children_left[n] != -1]
    flt = lambda name, v: helper.make_tensor(name, TensorProto.FLOAT, [len(v)], v)
    node = helper.make_node(
        'TreeEnsemble', ['X'], ['Y'], domain='ai.onnx.ml', n_targets=1, aggregate_function=1, post_transform=0,
        tree_roots=roots, nodes_featureids=feats, nodes_splits=flt('nodes_splits', splits),
        nodes_modes=helper.make_tensor('nodes_modes', TensorProto.UINT8, [len(modes)], modes),
        nodes_truenodeids=tn, nodes_trueleafs=tl, nodes_falsenodeids=fn, nodes_falseleafs=fl,
        nodes_missing_value_tracks_true=mvt, leaf_targetids=ltarget, leaf_weights=flt('leaf_weights', lweight))
    save('onnx-tree-ensemble-v5', node, [helper.make_tensor_value_info('X', TensorProto.FLOAT, [None, N_FEATURES])],
         [helper.make_tensor_value_info('Y', TensorProto.FLOAT, [None, 1])], [ml(5)], Xf,
         'RandomForestRegressor(3 trees) as opset-5 TreeEnsemble: float32 splits, leaf weights pre-divided by 3, SUM')


if __name__ == '__main__':
    for part in sys.argv[1:]:
        {'lightgbm': lightgbm_fixtures, 'xgboost': xgboost_fixtures, 'onnx': onnx_fixtures}[part]()
