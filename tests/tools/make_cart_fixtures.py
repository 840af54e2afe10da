#!/usr/bin/python3
"""Writes the scikit-learn reference fixtures for TreeLab's CART tests (tests/core/learners/cart).

Rerun from the repository root with Debian's Python, which has scikit-learn 1.2.1:
    /usr/bin/python3 tests/tools/make_cart_fixtures.py
It reads datasets/*.csv and writes tests/fixtures/cart/<dataset>.json. Tests need no Python.

Each fixture holds a fixed split (numpy RandomState(0).permutation; the first 30% of it is the
test set) and, per run, the parameters in TreeLab's names, sklearn's accuracies (or MSEs),
leaf and node counts, test predictions (class indices into the sorted labels), the
cost_complexity_pruning_path, and for unlimited depth the leaf count after ccp_alpha = each
path alpha.

Runs of unlimited depth also hold "probes": inputs placed on and just above every split's
threshold (a training row that reaches the node with the split feature set to t and to the next
double above t), with sklearn's predictions. sklearn casts inputs to float32 before comparing them
with its double thresholds (midpoints of float32 values), so a value just above t can still go
left; the probes make the parity test fail for any other comparison. The fixture "glass_seed1"
(glass, split of RandomState(1)) has real test rows of that kind: 3.86 in a column where a
threshold is exactly float32(3.86), the midpoint of float32(3.85) and float32(3.87).
"""
import json
import os
import sys

import numpy as np
import sklearn
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

from shipped_data import ROOT, load, sorted_labels, split

OUT = os.path.join(ROOT, "tests", "fixtures", "cart")
CLASSIFICATION = [("iris", "species"), ("wine", "cultivar"), ("wdbc", "diagnosis"), ("glass", "Type")]
REGRESSION = [("diabetes", "progression")]





def sk_kwargs(params):
    kw = {}
    for key, value in params.items():
        if key == "max_depth":
            kw[key] = None if value == "0" else int(value)
        elif key in ("min_samples_leaf", "min_samples_split"):
            kw[key] = int(value)
        elif key == "min_impurity_decrease":
            kw[key] = float(value)
        elif key == "max_features":
            kw[key] = value if value in ("sqrt", "log2") else (int(value) if float(value) >= 1 else float(value))
        else:
            kw[key] = value
    return kw


def route_float64(tree, X):
    """Leaf of each row when X is compared in float64, as TreeLab did before float32 routing."""
    leaves = []
    for x in X:
        n = 0
        while tree.children_left[n] != -1:
            n = tree.children_left[n] if x[tree.feature[n]] <= tree.threshold[n] else tree.children_right[n]
        leaves.append(n)
    return np.array(leaves)


def probes(est, X, tr):
    """[row, feature, value, prediction] for inputs on and just above every split's threshold.

    The row is an index into the whole data set (a training row that reaches the node)."""
    tree = est.tree_
    reach = est.decision_path(X[tr].astype(np.float32)).tocsc()
    out, rows = [], []
    for node in range(tree.node_count):
        if tree.children_left[node] == -1:
            continue
        base = int(tr[reach[:, node].indices[0]])
        f, t = int(tree.feature[node]), float(tree.threshold[node])
        for value in (t, float(np.nextafter(t, np.inf))):
            row = X[base].copy()
            row[f] = value
            rows.append(row)
            out.append([base, f, value])
    rows = np.array(rows)
    for probe, prediction in zip(out, est.predict(rows)):
        probe.append(prediction.item())
    differ = int(np.sum(est.apply(rows.astype(np.float32)) != route_float64(tree, rows)))
    return out, differ


def run(model_class, params, seed, Xtr, ytr, Xte, yte, classification, X=None, tr=None):
    est = model_class(random_state=seed, **sk_kwargs(params)).fit(Xtr, ytr)
    path = est.cost_complexity_pruning_path(Xtr, ytr)
    out = {"params": params, "seed": seed,
           "n_leaves": int(est.get_n_leaves()), "node_count": int(est.tree_.node_count),
           "path_alphas": path.ccp_alphas.tolist(), "path_impurities": path.impurities.tolist()}
    pred_tr, pred_te = est.predict(Xtr), est.predict(Xte)
    if classification:
        out["train_accuracy"] = float(np.mean(pred_tr == ytr))
        out["test_accuracy"] = float(np.mean(pred_te == yte))
        out["predictions"] = [int(v) for v in pred_te]
    else:
        out["train_mse"] = float(np.mean((pred_tr - ytr) ** 2))
        out["test_mse"] = float(np.mean((pred_te - yte) ** 2))
        out["predictions"] = pred_te.tolist()
    out["test_rows_routed_otherwise_in_float64"] = int(np.sum(est.apply(Xte.astype(np.float32)) != route_float64(est.tree_, Xte)))
    if params.get("max_depth", "0") == "0":
        out["probes"], out["probes_routed_otherwise_in_float64"] = probes(est, X, tr)
    if params.get("max_depth") == "0" and len(params) <= 2:
        out["pruned_leaves"] = [int(model_class(random_state=seed, ccp_alpha=a, **sk_kwargs(params))
                                    .fit(Xtr, ytr).get_n_leaves()) for a in path.ccp_alphas]
    return out


def classification_runs():
    runs = []
    for criterion in ("gini", "entropy"):
        for depth in range(0, 9):
            runs.append(({"criterion": criterion, "max_depth": str(depth)}, 0))
    for extra, seed in [({"min_samples_leaf": "5"}, 0), ({"min_samples_split": "10"}, 0),
                        ({"min_impurity_decrease": "0.01"}, 0), ({"max_features": "sqrt"}, 3),
                        ({"max_features": "log2"}, 11), ({"max_features": "0.5"}, 7),
                        ({"max_features": "2"}, 5), ({"max_depth": "0"}, 1), ({"max_depth": "0"}, 42)]:
        runs.append(({"criterion": "gini", **extra}, seed))
    runs.append(({"criterion": "entropy", "max_depth": "4", "min_samples_leaf": "3", "max_features": "sqrt"}, 9))
    return runs


def regression_runs():
    runs = [({"criterion": "squared_error", "max_depth": str(d)}, 0) for d in range(0, 7)]
    runs.append(({"criterion": "squared_error", "min_samples_leaf": "5"}, 0))
    return runs


def write(name, target, classification, split_seed=0, only_unlimited=False, fixture_name=None):
    X, labels = load(name, target)
    if classification:
        classes = sorted_labels(labels)
        y = np.array([classes.index(v) for v in labels])
        runs, model_class = classification_runs(), DecisionTreeClassifier
    else:
        classes, y = [], np.array([float(v) for v in labels])
        runs, model_class = regression_runs(), DecisionTreeRegressor
    if only_unlimited:
        runs = [(p, s) for p, s in runs if p.get("max_depth", "0") == "0" and len(p) <= 2]
    tr, te = split(len(y), split_seed)
    fixture = {"generator": "tests/tools/make_cart_fixtures.py", "sklearn": sklearn.__version__,
               "dataset": name + ".csv", "target": target, "classes": classes, "split_seed": split_seed,
               "train": tr.tolist(), "test": te.tolist(),
               "runs": [run(model_class, p, s, X[tr], y[tr], X[te], y[te], classification, X, tr) for p, s in runs]}
    if sum(r["probes_routed_otherwise_in_float64"] for r in fixture["runs"] if "probes" in r) == 0:
        sys.exit(name + ": no probe is routed differently in float64; the probes would not test float32 routing")
    with open(os.path.join(OUT, (fixture_name or name) + ".json"), "w") as f:
        json.dump(fixture, f, separators=(",", ":"))
        f.write("\n")


def main():
    if sklearn.__version__ != "1.2.1":
        sys.exit("needs scikit-learn 1.2.1 (/usr/bin/python3), found " + sklearn.__version__)
    os.makedirs(OUT, exist_ok=True)
    for name, target in CLASSIFICATION:
        write(name, target, True)
    for name, target in REGRESSION:
        write(name, target, False)
    # Real test rows whose float32 value equals a threshold their float64 value exceeds.
    write("glass", "Type", True, split_seed=1, only_unlimited=True, fixture_name="glass_seed1")
    with open(os.path.join(OUT, "glass_seed1.json")) as f:
        if sum(r["test_rows_routed_otherwise_in_float64"] for r in json.load(f)["runs"]) == 0:
            sys.exit("glass_seed1: no test row is routed differently in float64")


if __name__ == "__main__":
    main()
