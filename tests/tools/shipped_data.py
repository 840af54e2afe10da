"""The shipped data sets as the fixture scripts read them (tests/tools/make_*_fixtures.py import it).

load() splits a file into the feature matrix and the target's text; sorted_labels() orders class
labels as TreeLab's fit_target does; split() is the fixtures' fixed holdout (the first 30% of
numpy RandomState(seed).permutation is the test set).
"""
import csv
import os

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load(name, target):
    with open(os.path.join(ROOT, "datasets", name + ".csv"), newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    t = header.index(target)
    X = np.array([[float(v) for i, v in enumerate(r) if i != t] for r in body])
    labels = [r[t] for r in body]
    return X, labels


def sorted_labels(labels):
    try:  # numeric labels sort numerically, as TreeLab's fit_target does
        return sorted(set(labels), key=float)
    except ValueError:
        return sorted(set(labels))


def split(n, seed=0):
    perm = np.random.RandomState(seed).permutation(n)
    n_test = int(0.3 * n)
    return perm[n_test:], perm[:n_test]
