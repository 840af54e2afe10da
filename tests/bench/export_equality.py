#!/usr/bin/env python3
"""The C and Python exports of every learner at its DEFAULT settings on every shipped data set,
against `treelab-cli predict`: prints the manual's table (resources/doc/exports.md), one row per
learner x data set and, for each format, the rows with the same prediction and the largest
difference in a class probability (classification) or in the value (regression).

Each model is trained once with `treelab-cli train` (no flag but the data and the method: seed 0,
split 0.6/0.2/0.2) and kept in OUT_DIR, so a second run only re-exports and compares. All C files
compile in one compiler call (gcc -std=c99 -O2 -Wall -Wextra -pedantic -Werror -DTREELAB_MAIN).

Usage: /usr/bin/python3 tests/bench/export_equality.py [BUILD_DIR] [OUT_DIR]
  (defaults: build in the repository, export-equality)
"""
import csv
import importlib.util
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build"))
OUT = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else "export-equality")
CLI = os.path.join(BUILD, "treelab-cli")
LEARNERS = [("cart", "CART"), ("latent", "LatentTrees"), ("gradtree", "GradTree"), ("get", "GET"), ("dgt", "DGT")]
SETS = [("iris", "species"), ("wine", "cultivar"), ("glass", "Type"), ("wdbc", "diagnosis"), ("breastcancer", "Class"),
        ("housevotes84", "Class"), ("servo", "Class"), ("diabetes", "progression"), ("letterrecognition", "lettr")]


def data(name):
    return os.path.join(ROOT, "datasets", name + ".csv")


def cli(*arguments):
    subprocess.run([CLI, *arguments], check=True, stdout=subprocess.DEVNULL)


def reference(stem):
    """treelab-cli predict's prediction column and, per row, its probabilities (or its value)."""
    with open(stem + ".predict.csv", newline="") as file:
        rows = list(csv.DictReader(file))
    labels = [row["prediction"] for row in rows]
    probability_columns = [k for k in rows[0] if k.startswith("proba_")]
    values = [[float(row[k]) for k in probability_columns] or [float(row["prediction"])] for row in rows]
    return labels, values, bool(probability_columns)


def compare(stem, labels_file, values_file):
    labels, values, classification = reference(stem)
    with open(labels_file) as file:
        got_labels = file.read().splitlines()
    with open(values_file) as file:
        got_values = [[float(v) for v in line.split(",")] for line in file.read().splitlines()]
    if len(got_labels) != len(labels) or len(got_values) != len(values):
        return len(labels), 0, float("inf")
    if classification:
        equal = sum(a == b for a, b in zip(got_labels, labels))
    else:  # a value is equal when it reads back to TreeLab's to within 1e-9 relative
        equal = sum(abs(float(a) - float(b)) <= 1e-9 * max(1.0, abs(float(b))) for a, b in zip(got_labels, labels))
    largest = max(abs(a - b) for got, want in zip(got_values, values) for a, b in zip(got, want))
    return len(labels), equal, largest


def main():
    os.makedirs(OUT, exist_ok=True)
    os.chdir(OUT)
    stems = []
    for name, target in SETS:
        for method, _ in LEARNERS:
            stem = method + "_" + name
            if not os.path.exists(stem + ".json"):
                start = time.time()
                cli("train", "--data", data(name), "--target", target, "--method", method, "--model-out", stem + ".json")
                print("trained %s in %.1f s" % (stem, time.time() - start), file=sys.stderr, flush=True)
            cli("predict", "--model", stem + ".json", "--data", data(name), "--out", stem + ".predict.csv")
            cli("export", "--model", stem + ".json", "--format", "c", "--out", stem + ".c")
            cli("export", "--model", stem + ".json", "--format", "python", "--out", stem + ".py")
            stems.append((stem, name))
    subprocess.run(["cc", "-std=c99", "-O2", "-Wall", "-Wextra", "-pedantic", "-Werror", "-DTREELAB_MAIN", "-c"] +
                   [stem + ".c" for stem, _ in stems], check=True)
    results = {}
    for stem, name in stems:
        subprocess.run(["cc", "-o", stem, stem + ".o", "-lm"], check=True)
        for suffix, flags in (("labels", []), ("values", ["--proba"])):
            with open(data(name), "rb") as rows, open(stem + ".c." + suffix, "wb") as out:
                subprocess.run(["./" + stem, *flags], stdin=rows, stdout=out, check=True)
        results[(stem, "C")] = compare(stem, stem + ".c.labels", stem + ".c.values")
        spec = importlib.util.spec_from_file_location(stem, stem + ".py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for suffix, proba in (("labels", False), ("values", True)):
            with open(data(name), newline="") as rows, open(stem + ".py." + suffix, "w") as out:
                module.run(rows, out, proba)
        results[(stem, "Python")] = compare(stem, stem + ".py.labels", stem + ".py.values")
        print("compared " + stem, file=sys.stderr, flush=True)
    print("| learner | data set | rows compared | C: rows equal | C: largest difference | Python: rows equal | Python: largest difference |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for method, label in LEARNERS:
        for name, _ in SETS:
            c_rows, c_equal, c_largest = results[(method + "_" + name, "C")]
            py_rows, py_equal, py_largest = results[(method + "_" + name, "Python")]
            assert c_rows == py_rows
            print("| %s | %s | %d | %d | %.3g | %d | %.3g |" % (label, name, c_rows, c_equal, c_largest, py_equal, py_largest))

if __name__ == "__main__":
    main()
