"""Regenerates src/testing-fixtures/sklearn-splits.json: depth-1 scikit-learn trees on random
weighted one-feature data, so the tests can check that every criterion picks scikit-learn's split and
reports its impurities and leaf values. Run with scikit-learn 1.9.1 (pip, in a virtualenv):
    .venv/bin/python packages/criteria/scripts/sklearn-fixtures.py"""
import json
import pathlib

import numpy as np
import sklearn
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

rng = np.random.default_rng(7)
cases = []
for criterion, sk_name, task in [
    ("gini", "gini", "classification"),
    ("entropy", "entropy", "classification"),
    ("mse", "squared_error", "regression"),
    ("mae", "absolute_error", "regression"),
    ("poisson", "poisson", "regression"),
]:
    for k in range(30):
        # Continuous values and weights: no two splits tie, so the argmax is unambiguous.
        unit = task == "regression" and k % 5 == 4  # unit weights, even n: the median midpoint rule
        n = int(rng.integers(2, 40)) * 2 if unit else int(rng.integers(4, 80))
        # float32-exact values: scikit-learn fits on float32 features, so thresholds then match bit for bit.
        x = rng.uniform(-3, 3, n).astype(np.float32).astype(np.float64)
        w = np.ones(n) if unit else np.round(rng.uniform(0.1, 3, n), 6)
        if task == "classification":
            c = int(rng.integers(2, 6))
            y = (np.floor((x + 3) / 6 * c) + (rng.random(n) < 0.3) * rng.integers(0, c, n)) % c
            y = y.astype(int)
            model = DecisionTreeClassifier(criterion=sk_name, max_depth=1, random_state=0)
        elif criterion == "poisson":
            # counts with a rate that depends on x (Poisson needs y >= 0 with a positive sum)
            y = rng.poisson(np.exp(np.sin(x) * 1.5)).astype(np.float64)
            if y.sum() == 0:
                y[0] = 1.0
            model = DecisionTreeRegressor(criterion=sk_name, max_depth=1, random_state=0)
        else:
            y = np.round(np.sin(x) * 3 + rng.normal(0, 0.5, n), 4)
            model = DecisionTreeRegressor(criterion=sk_name, max_depth=1, random_state=0)
        model.fit(x.reshape(-1, 1), y, sample_weight=w)
        t = model.tree_
        case = {
            "criterion": criterion,
            "task": task,
            "x": x.tolist(),
            "y": y.tolist(),
            "w": w.tolist(),
            "nClasses": int(model.n_classes_) if task == "classification" else None,
            "rootImpurity": float(t.impurity[0]),
            "rootValue": None if task == "classification" else float(t.value[0][0][0]),
            "checkSplit": not unit,
        }
        if t.node_count == 3:
            case.update(
                threshold=float(t.threshold[0]),
                leftImpurity=float(t.impurity[1]),
                rightImpurity=float(t.impurity[2]),
                leftValue=None if task == "classification" else float(t.value[1][0][0]),
                rightValue=None if task == "classification" else float(t.value[2][0][0]),
            )
        if criterion == "mae" and t.node_count == 3 and not unit:
            # scikit-learn < 1.8 updates its weighted medians incrementally and sometimes misses the
            # best weighted split; record the brute-force optimum so the test can tell the two apart.
            o = np.argsort(x, kind="stable")
            xs, ys, ws = x[o], y[o], w[o]

            def ae(a, b):
                return min((b * np.abs(a - m)).sum() for m in a)

            best = min(range(1, n), key=lambda p: ae(ys[:p], ws[:p]) + ae(ys[p:], ws[p:]))
            best_threshold = float(xs[best - 1] / 2 + xs[best] / 2)
            if best_threshold != case["threshold"]:
                case.update(sklearnMissesOptimum=True, bestThreshold=best_threshold)
        cases.append(case)

out = pathlib.Path(__file__).resolve().parent.parent / "src" / "testing-fixtures" / "sklearn-splits.json"
out.write_text(json.dumps({"sklearn": sklearn.__version__, "cases": cases}) + "\n")
print(f"wrote {len(cases)} cases to {out}")
