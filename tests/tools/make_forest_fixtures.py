#!/usr/bin/python3
"""Writes the scikit-learn reference fixtures for TreeLab's random forest and feature importances
(tests/core/forest, tests/core/importance).

Rerun from the repository root with Debian's Python, which has scikit-learn 1.2.1:
    /usr/bin/python3 tests/tools/make_forest_fixtures.py
It reads datasets/*.csv and writes tests/fixtures/forest/<name>.json and
tests/fixtures/importance/<name>.json. Tests need no Python.

Each fixture holds a fixed split (numpy RandomState(0).permutation; the first 30% of it is the
test set, as tests/tools/make_cart_fixtures.py splits) and, per run, the parameters in TreeLab's
names and the seed (random_state).
Forest runs: RandomForestClassifier/Regressor fitted on the training rows; the test rows'
predictions (class indices into the sorted labels, or values), probabilities (classification),
each tree's node count and the forest's feature_importances_.
Importance runs: DecisionTreeClassifier/Regressor fitted on the training rows; its
feature_importances_ and sklearn.inspection.permutation_importance on the test rows (default
scorer: accuracy or R²) with the run's n_repeats and random_state: every repeat's drop, the mean
and the std.
"""
import json
import os

import numpy as np
import sklearn
from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor
from sklearn.inspection import permutation_importance
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

from shipped_data import ROOT, load, sorted_labels, split




def encode(labels, classification):
    if not classification:
        return np.array([float(v) for v in labels]), []
    classes = sorted_labels(labels)
    return np.array([classes.index(v) for v in labels]), classes



def sk_kwargs(params):
    kw = {}
    for key, value in params.items():
        if key == "max_depth":
            kw[key] = None if value == "0" else int(value)
        elif key in ("n_estimators", "min_samples_leaf", "min_samples_split"):
            kw[key] = int(value)
        elif key == "bootstrap":
            kw[key] = value == "true"
        elif key == "max_features":
            kw[key] = value if value in ("sqrt", "log2") else (int(value) if float(value) >= 1 else float(value))
        else:
            kw[key] = value
    return kw


def header(dataset, target, classes, train, test):
    return {"generator": "tests/tools/make_forest_fixtures.py", "sklearn": sklearn.__version__,
            "dataset": dataset + ".csv", "target": target, "classes": classes,
            "train": train.tolist(), "test": test.tolist(), "runs": []}


def forest_fixture(name, target, runs):
    X, labels = load(name, target)
    classification = runs[0][0] == "classification"
    y, classes = encode(labels, classification)
    train, test = split(len(y))
    out = header(name, target, classes, train, test)
    for _, params, seed in runs:
        model = (RandomForestClassifier if classification else RandomForestRegressor)(random_state=seed, **sk_kwargs(params))
        model.fit(X[train], y[train])
        run = {"params": params, "seed": seed,
               "tree_nodes": [int(t.tree_.node_count) for t in model.estimators_],
               "feature_importances": model.feature_importances_.tolist(),
               "predictions": model.predict(X[test]).tolist()}
        if classification:
            run["probabilities"] = model.predict_proba(X[test]).tolist()
        out["runs"].append(run)
    return out


def importance_fixture(name, target, classification, runs):
    X, labels = load(name, target)
    y, classes = encode(labels, classification)
    train, test = split(len(y))
    out = header(name, target, classes, train, test)
    for params, seed, repeats in runs:
        model = (DecisionTreeClassifier if classification else DecisionTreeRegressor)(random_state=seed, **sk_kwargs(params))
        model.fit(X[train], y[train])
        result = permutation_importance(model, X[test], y[test], n_repeats=repeats, random_state=seed)
        out["runs"].append({"params": params, "seed": seed, "repeats": repeats,
                            "node_count": int(model.tree_.node_count),
                            "feature_importances": model.feature_importances_.tolist(),
                            "baseline": float(model.score(X[test], y[test])),
                            "permutation_mean": result.importances_mean.tolist(),
                            "permutation_std": result.importances_std.tolist(),
                            "permutation_drops": result.importances.tolist()})
    return out


def write(folder, name, data):
    os.makedirs(os.path.join(ROOT, "tests", "fixtures", folder), exist_ok=True)
    path = os.path.join(ROOT, "tests", "fixtures", folder, name + ".json")
    with open(path, "w") as f:
        json.dump(data, f)
        f.write("\n")
    print("wrote", os.path.relpath(path, ROOT))


def main():
    c, r = "classification", "regression"
    write("forest", "glass", forest_fixture("glass", "Type", [
        (c, {"n_estimators": "25"}, 0),
        (c, {"n_estimators": "10", "max_depth": "4", "criterion": "entropy"}, 3),
        (c, {"n_estimators": "5", "bootstrap": "false", "max_features": "log2", "min_samples_leaf": "2"}, 7)]))
    write("forest", "wdbc", forest_fixture("wdbc", "diagnosis", [
        (c, {"n_estimators": "15"}, 1),
        (c, {"n_estimators": "10", "max_depth": "3", "min_samples_split": "10"}, 42)]))
    write("forest", "diabetes", forest_fixture("diabetes", "progression", [
        (r, {"n_estimators": "10"}, 0),
        (r, {"n_estimators": "10", "max_depth": "5", "max_features": "sqrt"}, 2),
        (r, {"n_estimators": "4", "max_features": "0.5", "min_samples_leaf": "3"}, 9)]))
    write("importance", "glass", importance_fixture("glass", "Type", True, [
        ({}, 0, 5), ({"max_depth": "3", "criterion": "entropy"}, 4, 10)]))
    write("importance", "wdbc", importance_fixture("wdbc", "diagnosis", True, [({"max_depth": "4"}, 1, 5)]))
    write("importance", "diabetes", importance_fixture("diabetes", "progression", False, [
        ({"max_depth": "4"}, 0, 5), ({}, 3, 3)]))


if __name__ == "__main__":
    main()
