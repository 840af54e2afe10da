#!/usr/bin/python3
"""Writes the confirmation sets of the defaults study into DIR: tables that played no part in
choosing any default (benchmarks.md, "Defaults on data they were not chosen on"). Each has its
target in the column `target`. Needs python3-sklearn; run `make_confirmation_sets.py DIR`."""
import sys
from pathlib import Path

import numpy as np
from sklearn import datasets


def write(folder, name, X, y, integer_target):
    columns = [f"x{j}" for j in range(X.shape[1])]
    with open(folder / f"{name}.csv", "w") as out:
        out.write(",".join(columns + ["target"]) + "\n")
        for row, label in zip(X, y):
            target = f"c{int(label)}" if integer_target else repr(float(label))
            out.write(",".join(repr(float(v)) for v in row) + "," + target + "\n")


def main():
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    digits = datasets.load_digits()
    write(folder, "digits", digits.data, digits.target, True)  # 1,797 × 64, 10 classes
    X, y = datasets.make_classification(n_samples=3000, n_features=20, n_informative=8, n_redundant=4,
                                        n_classes=4, n_clusters_per_class=2, flip_y=0.03, random_state=11)
    write(folder, "classification4", X, y, True)
    X, y = datasets.make_hastie_10_2(n_samples=4000, random_state=12)  # binary, 10 features
    write(folder, "hastie", X, (y > 0).astype(int), True)
    X, y = datasets.make_friedman1(n_samples=2000, n_features=10, noise=1.0, random_state=13)
    write(folder, "friedman1", X, y, False)
    X, y = datasets.make_regression(n_samples=2000, n_features=15, n_informative=6, noise=10.0, random_state=14)
    write(folder, "linear15", X, y, False)


if __name__ == "__main__":
    main()
