#!/usr/bin/python3
"""GET's claim (paper 004: one tree comparable to a random forest) on the shipped regression sets.

    python3 tests/tools/get_paper_claim.py build/treelab-cli [--seeds 10] [--jobs 2]

Protocol (004 App. F.1): for each seed s, 75/25 train/test rows, the same rows for every column
(TreeLab's --split-mode gradtree: numpy RandomState(s).permutation, test rows first, which this
script repeats row for row). Depth tuned by validation on a 2:1 split of the training rows, then
refitted on all of them. Columns, test R² mean ± population std over the seeds:
  GET            treelab-cli with --param preset=paper (full batch, 10 starts, every epoch): depth=auto
                 is App. F.1's tuning (its own 2:1 split, drawn with the seed), the paper's schedule
  GET + polish   the same with polish=true (004 Alg. 2)
  GET-Linear     the same with leaf_model=linear (linear leaves refitted by least squares, App. C)
  GET depth 4    the authors' code's default depth (no tuning)
  CART, GET's depth   scikit-learn's DecisionTreeRegressor at the depth GET chose for that seed
  CART, tuned    scikit-learn's tree, max_depth 1..12 chosen on this script's 2:1 split, refitted
  RF             scikit-learn's RandomForestRegressor(n_estimators=100), one thread
Categorical columns are one-hot encoded on the training rows (unseen levels all zero), as
TreeLab's --categorical onehot. Needs numpy and scikit-learn (Debian python3-sklearn).
"""
import argparse
import concurrent.futures
import csv
import json
import math
import os
import statistics
import subprocess
import time

import numpy as np
from sklearn.ensemble import RandomForestRegressor
from sklearn.metrics import r2_score
from sklearn.model_selection import train_test_split
from sklearn.tree import DecisionTreeRegressor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATASETS = [("diabetes", "progression"), ("servo", "Class")]
TEST_SHARE = 0.25


def read_table(path, target):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    t = header.index(target)
    y = np.array([float(r[t]) for r in body])
    columns = [[r[j] for r in body] for j in range(len(header)) if j != t]
    return columns, y


def is_number(text):
    try:
        float(text)
        return True
    except ValueError:
        return False


def encode(columns, train_rows):
    """Numeric columns as they are; the others one-hot on the levels of the training rows."""
    features = []
    for column in columns:
        if all(is_number(v) for v in column):
            features.append(np.array([float(v) for v in column]))
            continue
        for level in sorted({column[i] for i in train_rows}):
            features.append(np.array([1.0 if v == level else 0.0 for v in column]))
    return np.column_stack(features)


def gradtree_split(n, seed):
    """TreeLab's --split-mode gradtree with fractions 0.75,0,0.25 (core/data/splits.cpp)."""
    test_rows = math.floor(TEST_SHARE * n)
    first = np.random.RandomState(seed).permutation(n)
    rest = first[test_rows:]
    second = np.random.RandomState(seed).permutation(len(rest))
    return rest[second], first[:test_rows]


def treelab(cli, data, target, seed, params):
    command = [cli, "train", "--data", data, "--target", target, "--method", "get", "--split", "0.75,0,0.25",
               "--split-mode", "gradtree", "--seed", str(seed), "--json", "--param", "preset=paper"]
    for p in params:
        command += ["--param", p]
    started = time.monotonic()
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    report = json.loads(out)
    return {"r2": report["metrics"]["test"]["r2"], "depth": report["tree"]["depth"],
            "seconds": time.monotonic() - started, "test_rows": report["n_rows"]["test"]}


def sklearn_columns(columns, y, seed, get_depth):
    train, test = gradtree_split(len(y), seed)
    X = encode(columns, train)
    fit, valid = train_test_split(train, test_size=1 / 3, random_state=seed)  # 004 App. F.1: 2:1
    scores = []
    for depth in range(1, 13):
        tree = DecisionTreeRegressor(max_depth=depth, random_state=0).fit(X[fit], y[fit])
        scores.append(r2_score(y[valid], tree.predict(X[valid])))
    best_depth = 1 + int(np.argmax(scores))  # the shallowest on ties
    tuned = DecisionTreeRegressor(max_depth=best_depth, random_state=0).fit(X[train], y[train])
    same = DecisionTreeRegressor(max_depth=get_depth, random_state=0).fit(X[train], y[train])
    forest = RandomForestRegressor(n_estimators=100, random_state=seed, n_jobs=1).fit(X[train], y[train])
    return {"cart_same": r2_score(y[test], same.predict(X[test])),
            "cart_tuned": r2_score(y[test], tuned.predict(X[test])), "cart_depth": best_depth,
            "rf": r2_score(y[test], forest.predict(X[test])), "test_rows": len(test)}


def one_seed(cli, name, target, seed):
    data = os.path.join(ROOT, "datasets", name + ".csv")
    get = treelab(cli, data, target, seed, [])
    polish = treelab(cli, data, target, seed, ["polish=true"])
    linear = treelab(cli, data, target, seed, ["leaf_model=linear"])
    depth4 = treelab(cli, data, target, seed, ["depth=4"])
    columns, y = read_table(data, target)
    peers = sklearn_columns(columns, y, seed, get["depth"])
    assert peers["test_rows"] == get["test_rows"], "TreeLab and this script hold out different rows"
    return {"get": get["r2"], "get_depth": get["depth"], "get_seconds": get["seconds"], "polish": polish["r2"],
            "polish_seconds": polish["seconds"], "linear": linear["r2"], "linear_depth": linear["depth"],
            "depth4": depth4["r2"], **peers}


def summary(values, digits=3):
    return f"{statistics.fmean(values):.{digits}f} ± {statistics.pstdev(values):.{digits}f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cli")
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    columns = [("GET", "get"), ("GET + polish", "polish"), ("GET-Linear", "linear"), ("GET depth 4", "depth4"), ("CART, GET's depth", "cart_same"),
               ("CART, tuned", "cart_tuned"), ("RF (100 trees)", "rf")]
    print("| data set | " + " | ".join(c for c, _ in columns) + " | GET depths | GET-Linear depths | CART depths | GET s/fit | GET + polish s/fit |")
    print("|---" * (len(columns) + 6) + "|")
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, target in DATASETS:
            runs = list(pool.map(lambda s: one_seed(os.path.abspath(args.cli), name, target, s), range(args.seeds)))
            cells = [summary([r[key] for r in runs]) for _, key in columns]
            depths = ", ".join(str(r["get_depth"]) for r in runs)
            linear_depths = ", ".join(str(r["linear_depth"]) for r in runs)
            cart_depths = ", ".join(str(r["cart_depth"]) for r in runs)
            print(f"| {name} | " + " | ".join(cells) + f" | {depths} | {linear_depths} | {cart_depths} | "
                  f"{statistics.fmean(r['get_seconds'] for r in runs):.1f} | {statistics.fmean(r['polish_seconds'] for r in runs):.1f} |",
                  flush=True)


if __name__ == "__main__":
    main()
