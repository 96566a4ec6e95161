"""Fixture for forest apply / decision_path (src/fixtures/sklearn-forest-paths.json).

scikit-learn fits two small forests (a classifier and a regressor); the fixture holds their trees'
arrays node for node, and what scikit-learn's apply, decision_path and predict(_proba) return on test
rows. The test builds dt forests of the very same trees (a dt-forest version 3 file) and compares:
dt's forests fit their own trees, so identical trees are what makes the outputs comparable.
Features are float32-exact (scikit-learn compares in float32). Run:
  /work/.venv/bin/python packages/ensemble/scripts/forest-paths-fixture.py
"""
import json
import os

import numpy as np
import sklearn
from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor

rng = np.random.default_rng(7)
X = np.round(rng.normal(size=(90, 4)) * 8) / 8  # multiples of 1/8: exact in float32
y = (X[:, 0] + X[:, 1] * X[:, 2] > 0).astype(int) + (X[:, 3] > 0.5).astype(int)
t = X[:, 0] * 2 - X[:, 1] + 0.5 * X[:, 3] ** 2
Xt = np.round(rng.normal(size=(25, 4)) * 8) / 8


def trees(forest, classes):
    out = []
    for est in forest.estimators_:
        tr = est.tree_
        value = tr.value[:, 0, :] if classes else tr.value[:, 0, :1]
        out.append(
            {
                "left": tr.children_left.tolist(),
                "right": tr.children_right.tolist(),
                "feature": tr.feature.tolist(),
                "threshold": tr.threshold.tolist(),
                "impurity": tr.impurity.tolist(),
                "nSamples": tr.n_node_samples.tolist(),
                "weightedNSamples": tr.weighted_n_node_samples.tolist(),
                "missingGoToLeft": tr.missing_go_to_left.astype(int).tolist(),
                "value": value.ravel().tolist(),
            }
        )
    return out


def paths(forest):
    ind, ptr = forest.decision_path(Xt)
    ind = ind.tocsr()
    ind.sort_indices()
    return {"indptr": ind.indptr.tolist(), "indices": ind.indices.tolist(), "nodeIndptr": ptr.tolist()}


clf = RandomForestClassifier(n_estimators=4, max_depth=4, random_state=0).fit(X, y)
reg = RandomForestRegressor(n_estimators=3, max_depth=3, max_features=0.5, random_state=0).fit(X, t)
fixture = {
    "versions": {"scikit-learn": sklearn.__version__, "numpy": np.__version__},
    "Xt": Xt.tolist(),
    "classifier": {
        "classes": clf.classes_.tolist(),
        "trees": trees(clf, True),
        "apply": clf.apply(Xt).tolist(),
        "decisionPath": paths(clf),
        "predictProba": clf.predict_proba(Xt).tolist(),
    },
    "regressor": {
        "trees": trees(reg, False),
        "apply": reg.apply(Xt).tolist(),
        "decisionPath": paths(reg),
        "predict": reg.predict(Xt).tolist(),
    },
}
path = os.path.join(os.path.dirname(__file__), "..", "src", "fixtures", "sklearn-forest-paths.json")
with open(path, "w") as f:
    json.dump(fixture, f, separators=(",", ":"))
print(path, os.path.getsize(path), "bytes")
