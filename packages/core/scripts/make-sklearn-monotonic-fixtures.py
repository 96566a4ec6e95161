#!/usr/bin/env python3
"""scikit-learn 1.9.1 conformance fixtures for monotonic constraints (`monotonic_cst`) in @dt/core.

Run from the repo root with scikit-learn 1.9.1 and numpy 2 (pip, in a virtualenv):
    .venv/bin/python packages/core/scripts/make-sklearn-monotonic-fixtures.py
Writes packages/core/fixtures/sklearn/monotonic.json (see the README there). Seeded: a rerun with the
same versions rewrites the same file. Reuses the data generators, the unconstrained candidate
enumeration and the serialisation of make-sklearn-fixtures.py.

Each fitted tree is re-derived here by brute force with scikit-learn's rule (sklearn/tree/_splitter.pyx
node_split_best, _criterion.pyx check_monotonicity / middle_value / clip_node_value, _tree.pyx
builders): a candidate split on a feature with constraint s (classifiers: s negated, the values are
the fraction of class 0) is rejected unless both children's values lie in the node's bounds
[lo, hi] and (vL − vR)·s <= 0; a split on a constrained feature gives its children the bounds
[lo, mid] / [mid, hi] (ordered by s), mid = ΣL/(2·wL) + ΣR/(2·wR); every node's stored value is
clipped to its bounds (classifiers: p0 clipped, p1 = 1 − p0). The script stops when scikit-learn
and the brute force disagree; draws with a genuine tie, or with a candidate whose constraint margin
is within rounding (1e-9 relative) of deciding, are dropped and redrawn (counted in the header).
"""

from __future__ import annotations

import importlib.util
import os
import sys

import numpy as np
import sklearn
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("skfix", os.path.join(HERE, "make-sklearn-fixtures.py"))
fx = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fx)

OUT = os.path.join(HERE, "..", "fixtures", "sklearn", "monotonic.json")
REL_TOL = fx.REL_TOL
EPSILON = fx.EPSILON


class Ambiguous(Exception):
    pass


def side_stats(task, yn, wn, o, p):
    """(ΣL, wL, ΣR, wR) of the split putting o[:p] left: class-0 weight (classifiers) or Σw·y."""
    stat = wn * (yn == 0) if task == "classification" else wn * yn
    sl, wl = float(stat[o[:p]].sum()), float(wn[o[:p]].sum())
    sr, wr = float(stat[o[p:]].sum()), float(wn[o[p:]].sum())
    return sl, wl, sr, wr


def nan_candidates(task, criterion, Xn, yn, wn, n_classes, msl, W_total):
    """Every split scikit-learn's best splitter evaluates at a node whose features may hold NaN:
    per feature, the non-missing values sorted; each valid gap with NaN right, then with NaN left;
    and "every value left, NaN right" (threshold +inf). Returns (parent, [(imp, f, thr, o, p)]) in
    split_candidates' form, `o` an order whose first p entries go left."""
    m = len(yn)
    W = wn.sum()
    parent = fx.node_impurity(task, criterion, yn, wn, n_classes)
    out = []
    for f in range(Xn.shape[1]):
        col = Xn[:, f]
        miss = np.isnan(col)
        nm = np.nonzero(~miss)[0]
        mi = np.nonzero(miss)[0]
        if len(nm) == 0:
            continue
        o = nm[np.argsort(col[nm], kind="stable")]
        xs = col[o]
        if len(mi) == 0 and xs[-1] <= xs[0] + fx.FEATURE_THRESHOLD:
            continue
        variants = [False, True] if len(mi) else [False]
        for miss_left in variants:
            order = np.concatenate([mi, o]) if miss_left else np.concatenate([o, mi])
            base = len(mi) if miss_left else 0
            last = len(o) if not miss_left and len(mi) else len(o) - 1
            for q in range(1, last + 1):
                if q < len(o) and not (xs[q] > xs[q - 1] + fx.FEATURE_THRESHOLD):
                    continue
                p = base + q
                if p < msl or m - p < msl:
                    continue
                L, R = order[:p], order[p:]
                il = fx.node_impurity(task, criterion, yn[L], wn[L], n_classes)
                ir = fx.node_impurity(task, criterion, yn[R], wn[R], n_classes)
                wl, wr = wn[L].sum(), wn[R].sum()
                imp = (W / W_total) * (parent - wl / W * il - wr / W * ir)
                if q == len(o):
                    thr = float("inf")
                else:
                    thr = xs[q - 1] / 2.0 + xs[q] / 2.0
                    if thr == xs[q] or not np.isfinite(thr):
                        thr = xs[q - 1]
                out.append((float(imp), f, float(thr), order, p))
    return parent, out


def analyse(est, task, criterion, params, X, yk, w, n_classes, cst, exact_sums):
    """Checks est.tree_ node by node against the constrained brute force; returns (ties, facts)."""
    t = est.tree_
    n = X.shape[0]
    W_total = w.sum()
    max_depth = params["max_depth"] if params["max_depth"] is not None else 2**31 - 1
    msl = params["min_samples_leaf"]
    mss = max(params["min_samples_split"], 2 * msl)
    mid_dec = params["min_impurity_decrease"]
    best_first = params["max_leaf_nodes"] is not None
    # The sign scikit-learn applies internally (classifiers constrain P(class 0): negated).
    sign = -np.asarray(cst) if task == "classification" else np.asarray(cst)
    samples, depth, bounds = {0: np.arange(n)}, {0: 0}, {0: (-np.inf, np.inf)}
    ties, expandable = [], []
    binding = clipped = 0
    for node in range(t.node_count):
        idx = samples[node]
        lo, hi = bounds[node]
        Xn, yn, wn = X[idx], yk[idx], w[idx]
        W = wn.sum()
        if len(idx) != t.n_node_samples[node]:
            raise RuntimeError(f"node {node}: sample routing differs from scikit-learn")
        # The stored value, clipped to the node's bounds.
        raw = float(np.dot(wn, yn == 0) / W) if task == "classification" else float(np.dot(wn, yn) / W)
        if criterion == "poisson" or task == "regression":
            raw = float(np.dot(wn, yn) / W)
        want = min(max(raw, lo), hi)
        got = t.value[node, 0, 0]
        if not np.isclose(got, want, rtol=1e-9, atol=1e-12):
            raise RuntimeError(f"node {node}: value {got} vs brute force {want} (raw {raw}, bounds {lo}, {hi})")
        if not np.isclose(raw, want, rtol=1e-9, atol=1e-12):
            clipped += 1
        elif (lo > -np.inf and abs(raw - lo) <= 1e-9 * max(1.0, abs(lo)) and raw != lo) or (
            hi < np.inf and abs(raw - hi) <= 1e-9 * max(1.0, abs(hi)) and raw != hi
        ):
            if not exact_sums:
                raise Ambiguous(f"node {node}: value within rounding of its bound")
        if np.isnan(Xn).any():
            parent, cands = nan_candidates(task, criterion, Xn, yn, wn, n_classes, msl, W_total)
        else:
            parent, cands = fx.split_candidates(task, criterion, Xn, yn, wn, n_classes, msl, W_total)
        atol = 1e-9 * max(t.impurity[0], 1e-3)
        if not np.isclose(parent, t.impurity[node], rtol=1e-9, atol=atol):
            raise RuntimeError(f"node {node}: impurity {parent} vs scikit-learn {t.impurity[node]}")
        pure = parent <= atol
        forced_leaf = depth[node] >= max_depth or len(idx) < mss
        if not forced_leaf and pure != (t.impurity[node] <= EPSILON):
            raise Ambiguous(f"node {node}: purity decided by rounding")
        forced_leaf = forced_leaf or pure
        # The constraint filter (check_monotonicity), with a margin check for rounding.
        kept = []
        for c in cands:
            s = sign[c[1]]
            if s == 0:
                kept.append(c)
                continue
            sl, wl, sr, wr = side_stats(task, yn, wn, c[3], c[4])
            vl, vr = sl / wl, sr / wr
            margins = [vl - lo, vr - lo, hi - vl, hi - vr, (vr - vl) * s]
            ok = all(m >= 0 for m in margins)
            scale = max(1.0, abs(vl), abs(vr))
            close = any(abs(m) <= 1e-9 * scale and m != 0 for m in margins if np.isfinite(m))
            if close and not exact_sums:
                c = c + ("borderline",)
            if ok:
                kept.append(c)
            elif close and not exact_sums:
                kept.append(c)  # may be either side of the rule: flagged below if it matters
        unconstrained_best = max((c[0] for c in cands), default=None)
        splittable, best = False, None
        valid = [c for c in kept if len(c) == 5]
        if not forced_leaf and kept:
            best = max(c[0] for c in kept)
            scale = (W / W_total) * parent
            if any(len(c) == 6 and best - c[0] <= REL_TOL * max(scale, abs(best)) for c in kept):
                raise Ambiguous(f"node {node}: a borderline constrained candidate competes")
            best = max((c[0] for c in valid), default=None)
            if best is not None:
                if mid_dec > 0 and abs(best + EPSILON - mid_dec) <= REL_TOL * max(scale, mid_dec):
                    raise Ambiguous(f"node {node}: best improvement ~ min_impurity_decrease")
                splittable = best + EPSILON >= mid_dec
                if unconstrained_best is not None and unconstrained_best - best > REL_TOL * max(scale, abs(best)):
                    binding += 1
        is_split = t.children_left[node] != fx.TREE_LEAF
        if not is_split:
            if splittable and not best_first:
                raise RuntimeError(f"node {node}: brute force would split this leaf")
            if splittable:
                expandable.append((best, node))
            continue
        if not splittable:
            raise RuntimeError(f"node {node}: scikit-learn split a node the brute force cannot split")
        expandable.append((best, node))
        f, thr = int(t.feature[node]), float(t.threshold[node])
        col = fx.f32(Xn[:, f])
        chosen = (col <= thr) | (np.isnan(col) & bool(t.missing_go_to_left[node]))
        near = [c for c in valid if best - c[0] <= REL_TOL * scale]
        alts = []
        for imp, cf, cthr, o, p in near:
            left = np.zeros(len(idx), dtype=bool)
            left[o[:p]] = True
            if np.array_equal(left, chosen):
                alts.append([cf, cthr, False])
            elif np.array_equal(left, ~chosen) and sign[cf] == 0 and sign[f] == 0:
                alts.append([cf, cthr, True])
            else:
                raise Ambiguous(f"node {node}: tie between different partitions or constrained sides")
        if [f, thr, False] not in alts:
            raise RuntimeError(f"node {node}: scikit-learn's split ({f}, {thr}) is not among the best")
        # Same-partition alternatives on features with different constraints give the children different bounds.
        if len({int(sign[a[0]]) for a in alts}) > 1:
            raise Ambiguous(f"node {node}: tied alternatives differ in constraint")
        if len(alts) > 1:
            ties.append({"node": node, "alternatives": sorted(alts, key=lambda a: (a[0], a[2]))})
        lc, rc = int(t.children_left[node]), int(t.children_right[node])
        samples[lc], samples[rc] = idx[chosen], idx[~chosen]
        depth[lc] = depth[rc] = depth[node] + 1
        s = sign[f]
        if s == 0:
            bounds[lc] = bounds[rc] = (lo, hi)
        else:
            o = np.argsort(~chosen, kind="stable")
            sl, wl, sr, wr = side_stats(task, yn, wn, o, int(chosen.sum()))
            mid = sl / (2 * wl) + sr / (2 * wr)
            bounds[lc], bounds[rc] = ((lo, mid), (mid, hi)) if s > 0 else ((mid, hi), (lo, mid))
    if best_first:
        imps = sorted(i for i, _ in expandable)
        for a, b in zip(imps, imps[1:]):
            if b - a <= REL_TOL * b:
                raise Ambiguous("best-first: two expandable nodes have the same improvement")
    return ties, {"constraint_binding_nodes": binding, "clipped_nodes": clipped}


def describe(task, criterion, params, X, y, sw, X_test, cst, exact_sums, splitter="best"):
    cls = DecisionTreeClassifier if task == "classification" else DecisionTreeRegressor
    mk = lambda rs: cls(criterion=criterion, random_state=rs, max_features=None, monotonic_cst=cst, splitter=splitter, **params)
    est = mk(0).fit(X, y, sample_weight=sw)
    w = np.ones(len(y)) if sw is None else np.asarray(sw, dtype=np.float64)
    if task == "classification":
        yk = np.searchsorted(est.classes_, np.asarray(y))
        n_classes = len(est.classes_)
    else:
        yk = np.asarray(y, dtype=np.float64)
        n_classes = 0
    full = dict(params)
    for k, v in (("max_depth", None), ("min_samples_split", 2), ("min_samples_leaf", 1),
                 ("min_impurity_decrease", 0.0), ("max_leaf_nodes", None)):
        full.setdefault(k, v)
    ties, facts = analyse(est, task, criterion, full, fx.f32(X), yk, w, n_classes, cst, exact_sums)
    for rs in (1, 2, 3):
        if not fx.equivalent_trees(est.tree_, mk(rs).fit(X, y, sample_weight=sw).tree_, ties):
            raise Ambiguous(f"refit with random_state={rs} is not equivalent")
    # Without the constraint the tree differs: the case tests the constraint, not plain CART.
    free = cls(criterion=criterion, random_state=0, max_features=None, **params).fit(X, y, sample_weight=sw)
    facts["unconstrained_node_count"] = int(free.tree_.node_count)
    tree = fx.tree_dict(est, task)
    # JSON has no infinity: null stands for scikit-learn's +inf threshold ("every value left, NaN right").
    tree["threshold"] = [None if np.isinf(v) else v for v in tree["threshold"]]
    tree["missing_go_to_left"] = [int(v) for v in est.tree_.missing_go_to_left]
    for tie in ties:
        tie["alternatives"] = [[f, None if np.isinf(thr) else thr, m] for f, thr, m in tie["alternatives"]]
    out = {
        "tree": tree,
        "depth": int(est.get_depth()),
        "n_leaves": int(est.get_n_leaves()),
        "feature_importances": est.feature_importances_.tolist(),
        "ties": ties,
        "tree_exact": not ties,
        "ambiguity": None,
        "facts": facts,
        "predict": fx.py_labels(est.predict(X_test)) if task == "classification" else est.predict(X_test).tolist(),
        "X_test_ambiguous_rows": fx.ambiguous_rows(est.tree_, ties, X_test),
    }
    if task == "classification":
        out["classes"] = fx.py_labels(est.classes_)
        out["predict_proba"] = est.predict_proba(X_test).tolist()
    return out


def specs():
    """(name, task, criterion, n, d, params, weights, cst)."""
    P, c, r = fx.P, "classification", "regression"
    return [
        ("gini-depth4", c, "gini", 160, 3, P(max_depth=4), None, [1, -1, 0]),
        ("gini-leaf5", c, "gini", 200, 4, P(min_samples_leaf=5), None, [1, 0, -1, 0]),
        ("gini-full-1d", c, "gini", 80, 1, P(), None, [1]),
        ("gini-leaves8", c, "gini", 200, 3, P(max_leaf_nodes=8), None, [-1, 1, 0]),
        ("gini-intweights-depth5", c, "gini", 150, 3, P(max_depth=5, min_samples_leaf=2), "int", [1, 1, 0]),
        ("entropy-depth4", c, "entropy", 160, 3, P(max_depth=4), None, [-1, 0, 1]),
        ("entropy-leaves6-leaf3", c, "entropy", 180, 4, P(max_leaf_nodes=6, min_samples_leaf=3), None, [1, -1, 0, 0]),
        ("mse-depth4", r, "squared_error", 160, 3, P(max_depth=4), None, [1, -1, 0]),
        ("mse-leaf5", r, "squared_error", 200, 4, P(min_samples_leaf=5), None, [-1, 0, 1, 0]),
        ("mse-full-1d", r, "squared_error", 80, 1, P(), None, [-1]),
        ("mse-leaves10", r, "squared_error", 200, 3, P(max_leaf_nodes=10), None, [1, 0, -1]),
        ("mse-intweights-depth5", r, "squared_error", 150, 3, P(max_depth=5, min_samples_leaf=2), "int", [1, -1, 1]),
        ("mse-mid0.05-depth6", r, "squared_error", 180, 3, P(max_depth=6, min_impurity_decrease=0.05), None, [-1, 1, 0]),
        ("poisson-depth4", r, "poisson", 160, 3, P(max_depth=4, min_samples_leaf=3), None, [1, -1, 0]),
        # Missing values (NaN in X, null in the JSON): each side of NaN is scanned, the constraint checked with NaN rows included.
        ("gini-nan-depth4", c, "gini", 160, 3, P(max_depth=4), None, [1, -1, 0], 0.15),
        ("mse-nan-leaf3", r, "squared_error", 160, 3, P(min_samples_leaf=3), None, [-1, 1, 0], 0.15),
        ("mse-nan-leaves8", r, "squared_error", 180, 2, P(max_leaf_nodes=8), None, [1, -1], 0.2),
    ]


def make_case(spec, seed):
    name, task, crit, n, d, params, weights, cst = spec[:8]
    nan_share = spec[8] if len(spec) > 8 else 0.0
    rng = np.random.default_rng(seed)
    X = fx.random_features(rng, n, d)
    X_test = np.vstack([fx.random_features(rng, 35, d), X[rng.choice(n, 5, replace=False)]])
    if task == "classification":
        while True:
            y = fx.class_labels(rng, X, 2, 0.15)
            if len(np.unique(y)) == 2:
                break
    elif crit == "poisson":
        y = fx.poisson_target(rng, X, False)
    else:
        y = fx.regression_target(rng, X)
    if nan_share:
        X = X.copy()
        X[rng.random(X.shape) < nan_share] = np.nan
    sw = rng.integers(1, 5, size=n).astype(np.float64) if weights == "int" else None
    # Classifier sums are integers (counts or integer weights): exact in any order, so a
    # constraint met with equality is met the same way by any implementation.
    exact = task == "classification"
    desc = describe(task, crit, params, X, y, sw, X_test, cst, exact)
    if desc["facts"]["constraint_binding_nodes"] == 0:
        raise Ambiguous("the constraint never binds")
    case = {"name": name, "task": task, "criterion": crit, "params": params, "seed": seed, "monotonic_cst": cst,
            "X": [[None if np.isnan(v) else v for v in row] for row in X.tolist()], "y": fx.py_labels(y) if task == "classification" else y.tolist(),
            "sample_weight": None if sw is None else sw.tolist(), "X_test": X_test.tolist()}
    case.update(desc)
    return case


def main():
    cases, dropped = [], {}
    for i, spec in enumerate(specs()):
        for attempt in range(300):
            seed = 330000 + 1000 * i + attempt
            try:
                cases.append(make_case(spec, seed))
                break
            except Ambiguous as e:
                reason = str(e).split(": ", 1)[-1]
                reason = "refit not equivalent" if reason.startswith("refit") else reason
                dropped[reason] = dropped.get(reason, 0) + 1
        else:
            raise RuntimeError(f"{spec[0]}: no unambiguous draw in 300 seeds")
    header = {"sklearn_version": sklearn.__version__, "numpy_version": np.__version__,
              "generator": "packages/core/scripts/make-sklearn-monotonic-fixtures.py", "dropped_ambiguous_draws": dropped}
    fx.dump(OUT, header, "cases", cases)
    print(f"monotonic.json: {len(cases)} cases, dropped {dropped}, {os.path.getsize(OUT) / 1e3:.0f} KB")
    for c in cases:
        print(f"  {c['name']}: seed {c['seed']}, {c['tree']['node_count']} nodes (free {c['facts']['unconstrained_node_count']}), "
              f"binding {c['facts']['constraint_binding_nodes']}, clipped {c['facts']['clipped_nodes']}, ties {len(c['ties'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
