#!/usr/bin/python3
"""Writes the synthetic CSVs load_bench and train_peer_bench.py read, into /tmp (never committed).
Long tables: ROWS × 20 standard normal features (numpy RandomState(2024), written with 17
significant digits as a program that saves doubles would) and a class column c0..c3 from quartiles
of a nonlinear score, as /tmp/treelab_load_ROWS.csv (about 390 bytes a row).
Wide tables: COLUMNS × ROWS, COLUMNS - 1 features (x0, x1, ...: standard normal, 6 significant
digits) and a last column `class` (c0/c1 from the sign of x0), as /tmp/treelab_wide_COLUMNSxROWS.csv.
Usage: make_csv_tables.py ROWS...              (e.g. 100000 1000000 10000000)
       make_csv_tables.py --wide COLUMNSxROWS...  (e.g. 20000x100 50000x3 200000x3)
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


def write_wide(columns, rows, path):
    rng = np.random.RandomState(2024)
    with open(path, "w") as out:
        out.write(",".join([f"x{k}" for k in range(columns - 1)] + ["class"]) + "\n")
        for row in range(rows):
            x = rng.standard_normal(columns - 1)
            # Both classes whatever the row count, so that every split can be stratified.
            label = row % 2 if rows < 10 else int(x[0] > 0)
            out.write(",".join(f"{v:.6g}" for v in x) + f",c{label}\n")


def main():
    if sys.argv[1:2] == ["--wide"]:
        for shape in sys.argv[2:]:
            columns, rows = map(int, shape.split("x"))
            path = f"/tmp/treelab_wide_{columns}x{rows}.csv"
            write_wide(columns, rows, path)
            print(path)
        return
    for rows in map(int, sys.argv[1:]):
        path = f"/tmp/treelab_load_{rows}.csv"
        write(rows, path)
        print(path)


if __name__ == "__main__":
    main()
