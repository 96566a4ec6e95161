"""bench explain's peer: shap's C++ TreeExplainer on a scikit-learn random forest, one thread.

Job (JSON on stdin): data (MAGIC CSV path), nTrees, nTrain, nExplain, nBackground, nInterventional,
seed, out (a directory for the arrays). Fits RandomForestClassifier(n_estimators, max_depth=None,
random_state=seed, n_jobs=1) on the first nTrain rows of a seeded shuffle, writes every tree's arrays
(node counts, children, feature, threshold, value fractions, weighted_n_node_samples, missing side)
and the explained / background rows as raw float64/int32 files, then times
TreeExplainer(tree_path_dependent).shap_values on nExplain rows, shap_interaction_values on a few,
and TreeExplainer(interventional, background).shap_values on nInterventional rows (process CPU time
and wall time; one thread: OMP/BLAS pinned to 1, shap's tree kernels are single-threaded). Prints
one JSON line: versions, timings and the first rows' values (for the equality check).
"""

import json
import os
import sys
import time

for v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[v] = "1"

import numpy as np  # noqa: E402
import shap  # noqa: E402
import sklearn  # noqa: E402
from sklearn.ensemble import RandomForestClassifier  # noqa: E402


def timed(fn):
    c0, w0 = time.process_time(), time.perf_counter()
    out = fn()
    return out, time.process_time() - c0, time.perf_counter() - w0


def main():
    job = json.loads(sys.stdin.read())
    raw = np.genfromtxt(job["data"], delimiter=",", skip_header=1, dtype=str)
    X = raw[:, :-1].astype(np.float64)
    y = (raw[:, -1] == "g").astype(int)
    order = np.random.default_rng(job["seed"]).permutation(len(X))
    X, y = X[order], y[order]
    Xtr, ytr = X[: job["nTrain"]], y[: job["nTrain"]]
    rest = X[job["nTrain"] :]
    # scikit-learn and shap read rows as float32: the rows both explain are float32 values, or a
    # row a hair above a threshold (MAGIC's 4-decimal grid meets the float32 midpoints) would go
    # right in dt's float64 and left in shap's float32.
    explain = rest[: job["nExplain"]].astype(np.float32).astype(np.float64)
    background = rest[job["nExplain"] : job["nExplain"] + job["nBackground"]].astype(np.float32).astype(np.float64)
    model = RandomForestClassifier(n_estimators=job["nTrees"], random_state=job["seed"], n_jobs=1)
    _, fit_cpu, _ = timed(lambda: model.fit(Xtr, ytr))
    trees = [e.tree_ for e in model.estimators_]
    out = job["out"]
    counts = np.array([t.node_count for t in trees], dtype=np.int32)
    cat = lambda f: np.concatenate([f(t) for t in trees])  # noqa: E731
    cat(lambda t: t.children_left.astype(np.int32)).tofile(f"{out}/left.i32")
    cat(lambda t: t.children_right.astype(np.int32)).tofile(f"{out}/right.i32")
    cat(lambda t: t.feature.astype(np.int32)).tofile(f"{out}/feature.i32")
    cat(lambda t: t.threshold.astype(np.float64)).tofile(f"{out}/threshold.f64")
    cat(lambda t: t.value[:, 0, :].astype(np.float64).ravel()).tofile(f"{out}/value.f64")
    cat(lambda t: t.weighted_n_node_samples.astype(np.float64)).tofile(f"{out}/cover.f64")
    cat(lambda t: t.missing_go_to_left.astype(np.int32)).tofile(f"{out}/missing.i32")
    counts.tofile(f"{out}/counts.i32")
    explain.astype(np.float64).tofile(f"{out}/explain.f64")
    background.astype(np.float64).tofile(f"{out}/background.f64")

    path = shap.TreeExplainer(model, feature_perturbation="tree_path_dependent", model_output="raw")
    pd, pd_cpu, pd_wall = timed(lambda: path.shap_values(explain, check_additivity=False))
    ni = job["nInteractions"]
    iv, iv_cpu, iv_wall = timed(lambda: path.shap_interaction_values(explain[:ni]))
    nv = job["nInterventional"]
    inter = shap.TreeExplainer(model, data=background, feature_perturbation="interventional", model_output="raw")
    it, it_cpu, it_wall = timed(lambda: inter.shap_values(explain[:nv], check_additivity=False))
    pd = np.asarray(pd)
    print(json.dumps({
        "versions": {"shap": shap.__version__, "scikit-learn": sklearn.__version__, "numpy": np.__version__, "python": sys.version.split()[0]},
        "nodes": int(counts.sum()),
        "maxDepth": int(max(e.get_depth() for e in model.estimators_)),
        "fitCpu": fit_cpu,
        "pathDependent": {"rows": len(explain), "cpu": pd_cpu, "wall": pd_wall, "first": pd[:5].ravel().tolist(), "expected": np.atleast_1d(path.expected_value).tolist()},
        "interactions": {"rows": ni, "cpu": iv_cpu, "wall": iv_wall, "first": np.asarray(iv)[:1].ravel().tolist()},
        "interventional": {"rows": nv, "cpu": it_cpu, "wall": it_wall, "first": np.asarray(it)[:5].ravel().tolist(), "expected": np.atleast_1d(inter.expected_value).tolist()},
    }))


main()
