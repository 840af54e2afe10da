#!/usr/bin/python3
"""Writes tests/fixtures/quantile_normal.json: scikit-learn's QuantileTransformer(output_distribution
="normal") on small columns, the reference for TreeLab's quantile-normal scaling
(core/data/quantile_normal.cpp). Run with Debian's python (sklearn 1.2.1):
    /usr/bin/python3 tests/tools/make_quantile_fixture.py
"""
import json
import pathlib

import numpy as np
import sklearn
from sklearn.preprocessing import QuantileTransformer


def case(name, train, test, n_quantiles):
    train = np.asarray(train, dtype=float)
    test = np.asarray(test, dtype=float)
    # subsample above n: TreeLab never subsamples; n_quantiles capped at n as GradTree does.
    transformer = QuantileTransformer(output_distribution="normal", n_quantiles=min(n_quantiles, len(train)),
                                      subsample=10**9, random_state=0)
    transformer.fit(train.reshape(-1, 1))
    return {
        "name": name,
        "n_quantiles": n_quantiles,
        "train": train.tolist(),
        "quantiles": transformer.quantiles_[:, 0].tolist(),
        "test": test.tolist(),
        "expected": transformer.transform(test.reshape(-1, 1))[:, 0].tolist(),
    }


def main():
    rng = np.random.RandomState(7)
    small = np.round(rng.normal(size=50), 1)  # ties
    probes = np.concatenate([[small.min() - 1, small.min(), small.min() + 5e-8, small.max(), small.max() - 5e-8,
                              small.max() + 3], np.linspace(small.min(), small.max(), 23), small[:10]])
    counts = rng.randint(0, 10, size=2000).astype(float)  # more rows than quantiles, many repeated quantiles
    skewed = rng.exponential(size=37)
    binary = np.array([0, 1, 1, 0, 0, 0, 1, 0, 0, 0], dtype=float)
    cases = [
        case("normal_with_ties", small, probes, 1000),
        case("repeated_integers", counts, np.arange(-1, 11, 0.25), 1000),
        case("skewed_ten_quantiles", skewed, np.concatenate([skewed, np.linspace(-0.5, 6, 27)]), 10),
        case("binary_indicator", binary, [0, 1, 0.5, -1, 2], 1000),
    ]
    fixture = {"generator": "tests/tools/make_quantile_fixture.py", "sklearn": sklearn.__version__, "numpy": np.__version__,
               "cases": cases}
    out = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "quantile_normal.json"
    out.write_text(json.dumps(fixture, indent=1) + "\n")


if __name__ == "__main__":
    main()
