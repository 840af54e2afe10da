#!/usr/bin/python3
"""Writes the scikit-learn reference fixtures for TreeLab's cross-validation folds (tests/core/data)
and CART's cross-validated scores (tests/core/compare).

Rerun from the repository root with Debian's Python, which has scikit-learn 1.2.1:
    /usr/bin/python3 tests/tools/make_fold_fixtures.py
It reads datasets/*.csv and writes tests/fixtures/folds/<dataset>.json. Tests need no Python.

For every shipped data set (targets as datasets/README.md lists them) and seeds 0 and 7, each
fixture holds the folds of StratifiedKFold(n_splits=10, shuffle=True, random_state=seed) and
RepeatedStratifiedKFold(n_splits=10, n_repeats=3, random_state=seed) for a class target, of
KFold / RepeatedKFold for a regression target: per repeat a string with each row's test fold
(one digit per row, in file order). The rows are the file's rows; the labels are passed to sklearn
as they are written (StratifiedKFold numbers classes by first appearance, so any coding of the
labels gives the same folds).

For the data sets whose columns are all numbers without missing values (iris, wine, wdbc, glass,
diabetes) it also holds cross_val_score of DecisionTreeClassifier(random_state=seed) (accuracy) or
DecisionTreeRegressor(random_state=seed) (R²) with default parameters on the same folds, and the
regressor's per-fold mean squared error: a TreeLab comparison seeds its folds and its learners
with the one seed. X is every column but the target, as floats; classes
are indexed by their sorted labels, as TreeLab's target encoding does (see make_cart_fixtures.py).
"""
import csv
import json
import os
import sys
import warnings

import numpy as np
import sklearn
from sklearn.model_selection import (KFold, RepeatedKFold, RepeatedStratifiedKFold, StratifiedKFold,
                                     cross_val_score)
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

from shipped_data import ROOT, sorted_labels

OUT = os.path.join(ROOT, "tests", "fixtures", "folds")
# (file stem, target, classification, CART scores)
DATA_SETS = [("iris", "species", True, True), ("wine", "cultivar", True, True), ("wdbc", "diagnosis", True, True),
             ("glass", "Type", True, True), ("breastcancer", "Class", True, False),
             ("housevotes84", "Class", True, False), ("letterrecognition", "lettr", True, False),
             ("servo", "Class", False, False), ("diabetes", "progression", False, True)]
SEEDS = [0, 7]
SCHEMES = [(10, 1), (10, 3)]


def load(name, target):
    with open(os.path.join(ROOT, "datasets", name + ".csv"), newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    t = header.index(target)
    return header, body, t



def splitter(classification, folds, repeats, seed):
    if classification:
        if repeats == 1:
            return StratifiedKFold(n_splits=folds, shuffle=True, random_state=seed)
        return RepeatedStratifiedKFold(n_splits=folds, n_repeats=repeats, random_state=seed)
    if repeats == 1:
        return KFold(n_splits=folds, shuffle=True, random_state=seed)
    return RepeatedKFold(n_splits=folds, n_repeats=repeats, random_state=seed)


def test_fold_strings(cv, X, y, folds):
    """Per repeat, each row's test fold as one digit per row; checks train = the other rows."""
    strings, current = [], None
    for i, (train, test) in enumerate(cv.split(X, y)):
        if i % folds == 0:
            current = ["?"] * len(y)
            strings.append(current)
        assert sorted(set(train) | set(test)) == list(range(len(y))) and not set(train) & set(test)
        for row in test:
            assert current[row] == "?"
            current[row] = str(i % folds)
    assert all("?" not in s for s in strings)
    return ["".join(s) for s in strings]


def write(name, target, classification, with_cart):
    header, body, t = load(name, target)
    labels = np.array([r[t] for r in body])
    X_dummy = np.zeros((len(body), 1))
    fixture = {"generator": "tests/tools/make_fold_fixtures.py", "sklearn": sklearn.__version__,
               "dataset": name + ".csv", "target": target,
               "task": "classification" if classification else "regression", "rows": len(body), "schemes": []}
    if with_cart:
        X = np.array([[float(v) for i, v in enumerate(r) if i != t] for r in body])
        if classification:
            classes = sorted_labels(list(labels))
            y = np.array([classes.index(v) for v in labels])
        else:
            y = labels.astype(float)
    for seed in SEEDS:
        for folds, repeats in SCHEMES:
            y_split = labels if classification else labels.astype(float)
            scheme = {"seed": seed, "folds": folds, "repeats": repeats,
                      "test_folds": test_fold_strings(splitter(classification, folds, repeats, seed), X_dummy, y_split, folds)}
            if with_cart:
                cv = splitter(classification, folds, repeats, seed)
                if classification:
                    scheme["cart_accuracy"] = cross_val_score(DecisionTreeClassifier(random_state=seed), X, y, cv=cv).tolist()
                else:
                    scheme["cart_r2"] = cross_val_score(DecisionTreeRegressor(random_state=seed), X, y, cv=cv).tolist()
                    scheme["cart_mse"] = (-cross_val_score(DecisionTreeRegressor(random_state=seed), X, y, cv=cv,
                                                           scoring="neg_mean_squared_error")).tolist()
            fixture["schemes"].append(scheme)
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(fixture, f, separators=(",", ":"))
        f.write("\n")


def main():
    if sklearn.__version__ != "1.2.1":
        sys.exit("needs scikit-learn 1.2.1 (/usr/bin/python3), found " + sklearn.__version__)
    os.makedirs(OUT, exist_ok=True)
    # glass's smallest class has 9 rows: sklearn warns for 10 folds and still splits, as TreeLab does.
    warnings.filterwarnings("ignore", message="The least populated class")
    for name, target, classification, with_cart in DATA_SETS:
        write(name, target, classification, with_cart)


if __name__ == "__main__":
    main()
