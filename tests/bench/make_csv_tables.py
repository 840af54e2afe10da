#!/usr/bin/python3
"""Writes the synthetic CSVs load_bench reads: ROWS × 20 standard normal features (numpy
RandomState(2024), written with 17 significant digits as a program that saves doubles would) and a
class column c0..c3 from quartiles of a nonlinear score, as /tmp/treelab_load_ROWS.csv. The files
are large (about 390 bytes a row) and never committed.
Usage: make_csv_tables.py ROWS...     (e.g. 100000 1000000 10000000)
"""
import sys

import numpy as np


def write(rows, path, block=100_000):
    rng = np.random.RandomState(2024)
    with open(path, "w") as out:
        out.write(",".join([f"x{k}" for k in range(20)] + ["class"]) + "\n")
        for start in range(0, rows, block):
            n = min(block, rows - start)
            X = rng.standard_normal((n, 20))
            score = X[:, 0] + X[:, 1] * X[:, 2] - 0.5 * X[:, 3] ** 2 + np.sin(2 * X[:, 4]) + 0.3 * X[:, 5]
            labels = np.searchsorted([-1.0, 0.0, 1.0], score)
            lines = [",".join(f"{v:.17g}" for v in row) + f",c{label}" for row, label in zip(X, labels)]
            out.write("\n".join(lines) + "\n")


def main():
    for rows in map(int, sys.argv[1:]):
        path = f"/tmp/treelab_load_{rows}.csv"
        write(rows, path)
        print(path)


if __name__ == "__main__":
    main()
