#!/usr/bin/python3
"""Writes the synthetic benchmark set: 1,000,000 × 20 standard normal features (numpy
RandomState(2024)), 4 classes from quartiles of a nonlinear score of 6 features plus noise, in
the binary layout cart_bench and sklearn_fit.py read (int64 rows, int64 cols, float64 X by
rows, float64 y).   Usage: make_synthetic.py OUT_FILE [ROWS]
"""
import sys

import numpy as np


def main():
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    rng = np.random.RandomState(2024)
    X = rng.standard_normal((rows, 20))
    score = X[:, 0] + X[:, 1] * X[:, 2] - 0.5 * X[:, 3] ** 2 + np.sin(2 * X[:, 4]) + 0.3 * X[:, 5] \
        + 0.5 * rng.standard_normal(rows)
    y = np.searchsorted(np.quantile(score, [0.25, 0.5, 0.75]), score).astype(np.float64)
    with open(sys.argv[1], "wb") as f:
        np.array([rows, 20], dtype="<i8").tofile(f)
        X.astype("<f8").tofile(f)
        y.astype("<f8").tofile(f)


if __name__ == "__main__":
    main()
