"""bench explain's LightGBM peer: shap 0.51 on a 500-round LightGBM model, one thread.

Job (JSON on stdin): dir (X.f64 rows x features float64 and y.u8 labels written by the bench from dt's
makeClassification, the last nExplain + nBackground rows held out), features, rounds, nExplain,
nInteractions, nInterventional, nBackground. Trains lgb.train(binary, 31 leaves, learning rate 0.1,
num_threads 1; not timed) on the other rows, saves dir/lgb.txt (dt reads it through @dt/exchange),
then times on the held-out rows (process CPU and wall): shap.TreeExplainer(booster).shap_values
(path-dependent; for a LightGBM Booster shap hands this to LightGBM's own C++ pred_contrib), shap's own
C++ kernel on the same model (the explainer's model marked 'internal', so shap walks its copy of the
trees with tree_shap like any other model), shap_interaction_values (shap's kernel) on nInteractions
rows and the interventional explainer with nBackground background rows on nInterventional rows.
Prints one JSON line: versions, timings, the first rows' values.
"""

import json
import os
import sys
import time

for v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[v] = "1"

import lightgbm as lgb  # noqa: E402
import numpy as np  # noqa: E402
import shap  # noqa: E402


def timed(fn):
    c0, w0 = time.process_time(), time.perf_counter()
    out = fn()
    return out, time.process_time() - c0, time.perf_counter() - w0


def main():
    job = json.loads(sys.stdin.read())
    d = job["features"]
    X = np.fromfile(os.path.join(job["dir"], "X.f64"), dtype="<f8").reshape(-1, d)
    y = np.fromfile(os.path.join(job["dir"], "y.u8"), dtype=np.uint8)
    held = job["nExplain"] + job["nBackground"]
    Xtr, ytr = X[:-held], y[:-held]
    explain = X[-held:][: job["nExplain"]]
    background = X[-job["nBackground"]:]
    params = {"objective": "binary", "num_leaves": 31, "learning_rate": 0.1, "verbose": -1, "num_threads": 1, "seed": 1}
    booster, fit_cpu, fit_wall = timed(lambda: lgb.train(params, lgb.Dataset(Xtr, ytr), num_boost_round=job["rounds"]))
    path = os.path.join(job["dir"], "lgb.txt")
    booster.save_model(path)
    booster = lgb.Booster(model_file=path)

    ex = shap.TreeExplainer(booster, feature_perturbation="tree_path_dependent")
    lg, lg_cpu, lg_wall = timed(lambda: ex.shap_values(explain, check_additivity=False))
    own = shap.TreeExplainer(booster, feature_perturbation="tree_path_dependent")
    own.model.model_type = "internal"
    ni = job["nInteractions"]
    sv, sv_cpu, sv_wall = timed(lambda: own.shap_values(explain, check_additivity=False))
    iv, iv_cpu, iv_wall = timed(lambda: own.shap_interaction_values(explain[:ni]))
    nv = job["nInterventional"]
    inter = shap.TreeExplainer(booster, data=background, feature_perturbation="interventional", model_output="raw")
    it, it_cpu, it_wall = timed(lambda: inter.shap_values(explain[:nv], check_additivity=False))
    sv = np.asarray(sv)
    print(json.dumps({
        "versions": {"shap": shap.__version__, "lightgbm": lgb.__version__, "numpy": np.__version__, "python": sys.version.split()[0]},
        "trainRows": len(Xtr), "trees": booster.num_trees(), "fitCpu": fit_cpu, "fitWall": fit_wall,
        "lightgbmContrib": {"rows": len(explain), "cpu": lg_cpu, "wall": lg_wall, "first": np.asarray(lg)[:5, :d].ravel().tolist()},
        "pathDependent": {"rows": len(explain), "cpu": sv_cpu, "wall": sv_wall, "first": sv[:5].ravel().tolist(), "expected": np.atleast_1d(own.expected_value).tolist()},
        "interactions": {"rows": ni, "cpu": iv_cpu, "wall": iv_wall, "first": np.asarray(iv)[:1].ravel().tolist()},
        "interventional": {"rows": nv, "cpu": it_cpu, "wall": it_wall, "first": np.asarray(it)[:5].ravel().tolist(), "expected": np.atleast_1d(inter.expected_value).tolist()},
    }))


main()
