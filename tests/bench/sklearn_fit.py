#!/usr/bin/python3
"""Times scikit-learn's DecisionTreeClassifier(random_state=0).fit on the data cart_bench reads.

Usage: sklearn_fit.py (--csv FILE --target NAME | --bin FILE) [--max-depth D] [--repeat R]
(D = 0: no limit). Prints "seconds <fastest of R fit times> leaves <n> nodes <n>". run_cart_bench.sh pins threads to 1.
"""
import argparse
import csv
import time

import numpy as np
from sklearn.tree import DecisionTreeClassifier


def load(args):
    if args.bin:
        with open(args.bin, "rb") as f:
            rows, cols = np.fromfile(f, dtype="<i8", count=2)
            values = np.fromfile(f, dtype="<f8")
        return values[: rows * cols].reshape(rows, cols), values[rows * cols:]
    with open(args.csv, newline="") as f:
        data = list(csv.reader(f))
    t = data[0].index(args.target)
    X = np.array([[float(v) for i, v in enumerate(r) if i != t] for r in data[1:]])
    return X, np.array([r[t] for r in data[1:]])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--csv")
    parser.add_argument("--bin")
    parser.add_argument("--target")
    parser.add_argument("--max-depth", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    X, y = load(args)
    y = np.unique(y, return_inverse=True)[1]  # class indices, as cart_bench gets them
    seconds = float("inf")
    for _ in range(max(1, args.repeat)):
        model = DecisionTreeClassifier(max_depth=args.max_depth or None, random_state=0)
        start = time.perf_counter()
        model.fit(X, y)
        seconds = min(seconds, time.perf_counter() - start)
    print("seconds %.4f leaves %d nodes %d" % (seconds, model.get_n_leaves(), model.tree_.node_count))


if __name__ == "__main__":
    main()
