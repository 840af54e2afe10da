#!/usr/bin/env python3
"""ONNX export against TreeLab at every learner's DEFAULT settings on every shipped data set.

    tests/bench/onnx_equality.py BUILD_DIR [OUT_DIR]      (TREELAB_CLI=... another treelab-cli to train with)

Trains each learner x shipped set with `treelab-cli train` (defaults, seed 0), then hands all the
saved models to BUILD_DIR/onnx_equality (tests/core/export/onnx), which exports them, checks them
with onnx.checker, runs them all in one node process with onnxruntime-web on every row of their
CSV and prints the manual's table rows (resources/doc/exports-onnx.md): learner, format, data set,
rows compared, rows equal, largest difference in probabilities or values.
"""
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
SETS = [("iris.csv", "species"), ("glass.csv", "Type"), ("wine.csv", "cultivar"), ("wdbc.csv", "diagnosis"),
        ("breastcancer.csv", "Class"), ("housevotes84.csv", "Class"), ("servo.csv", "Class"),
        ("diabetes.csv", "progression"), ("letterrecognition.csv", "lettr")]
LEARNERS = ["cart", "latent", "gradtree", "get", "dgt"]


def main():
    build = pathlib.Path(sys.argv[1]).resolve()
    out = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else build / "onnx_equality").resolve()
    out.mkdir(parents=True, exist_ok=True)
    cli = os.environ.get("TREELAB_CLI", str(build / "treelab-cli"))
    pairs = []
    for data, target in SETS:  # letter, the slow one, last
        for learner in LEARNERS:
            model = out / f"{learner}_{data[:-4]}.json"
            if not model.exists():
                subprocess.run([cli, "train", "--data", str(ROOT / "datasets" / data), "--target", target,
                                "--method", learner, "--seed", "0", "--model-out", str(model)],
                               check=True, stdout=subprocess.DEVNULL)
            pairs += [str(model), str(ROOT / "datasets" / data)]
    print("| learner | format | data set | rows compared | rows equal | largest difference |")
    print("|---|---|---|---|---|---|")
    sys.stdout.flush()
    subprocess.run([str(build / "onnx_equality"), str(out / "onnx")] + pairs, check=True)


if __name__ == "__main__":
    main()
