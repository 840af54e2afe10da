#!/usr/bin/python3
"""Writes tests/fixtures/smote.json: imblearn's SMOTE(random_state=seed) and its protocol fallback
RandomOverSampler(random_state=42) on small imbalanced sets, the reference for TreeLab's
rebalancing (core/data/smote.cpp, 001 §4.1). Run with Debian's python (python3-imblearn):
    /usr/bin/python3 tests/tools/make_smote_fixture.py
Continuous features, so no two neighbour distances tie and the neighbour order is unambiguous.
"""
import json
import pathlib

import imblearn
import numpy as np
from imblearn.over_sampling import SMOTE, RandomOverSampler


def case(name, counts, features, data_seed, seed):
    rng = np.random.RandomState(data_seed)
    y = np.concatenate([np.full(n, c) for c, n in enumerate(counts)])
    rng.shuffle(y)
    X = rng.normal(size=(len(y), features)) + y[:, None]
    try:
        X_res, y_res = SMOTE(random_state=seed).fit_resample(X, y)
        method = "smote"
    except ValueError:
        X_res, y_res = RandomOverSampler(random_state=42).fit_resample(X, y)
        method = "random_oversampler"
    assert np.array_equal(X_res[: len(y)], X)  # the original rows come first
    return {
        "name": name,
        "seed": seed,
        "method": method,
        "X": X.tolist(),
        "y": y.tolist(),
        "new_X": X_res[len(y):].tolist(),
        "new_y": y_res[len(y):].tolist(),
    }


cases = [
    case("binary", [40, 9], 3, 1, 7),
    case("three_classes", [30, 12, 8], 2, 2, 42),
    case("fallback", [25, 4, 10], 2, 3, 5),
]
out = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "smote.json"
out.write_text(json.dumps({"imblearn": imblearn.__version__, "cases": cases}, indent=1) + "\n")
print("wrote", out)
