#!/usr/bin/python3
"""`treelab-cli train` end to end (read, prepare, fit, evaluate, print) beside pandas' read_csv alone
(load_peer.py) on the same files, each a fresh process, wall-clock seconds: the best of REPEATS
runs and the slowest. Long tables (make_csv_tables.py ROWS) are trained with a depth-1 CART, wide
ones (make_csv_tables.py --wide) with CART's defaults; the target is the column `class`.
Prints a markdown table; run it at `nice -n 10` and state the load average beside the figures.
Usage: train_end_to_end.py TREELAB_CLI [--repeats N] FILE...
"""
import os
import subprocess
import sys
import time

PEER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "load_peer.py")


def wall(command):
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def pandas_read(path):
    out = subprocess.run(["/usr/bin/python3", PEER, "read", path], check=True, capture_output=True, text=True)
    return float(out.stdout.split()[0])


def shape(path):
    with open(path) as handle:
        columns = handle.readline().count(",") + 1
        rows = sum(1 for _ in handle)
    return rows, columns


def main():
    args = sys.argv[1:]
    cli = args.pop(0)
    repeats = 3
    if args[:1] == ["--repeats"]:
        repeats = int(args[1])
        args = args[2:]
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print("| file | rows × columns | MB | treelab-cli train s (best / worst) | pandas read_csv s (best / worst) | pandas ÷ TreeLab |")
    print("|---|---|---|---|---|---|")
    for path in args:
        rows, columns = shape(path)
        command = [cli, "train", "--data", path, "--target", "class"]
        if "treelab_load_" in os.path.basename(path):
            command += ["--param", "max_depth=1"]
        ours = [wall(command) for _ in range(repeats)]
        theirs = [pandas_read(path) for _ in range(repeats)]
        megabytes = os.path.getsize(path) / 1048576
        print(f"| {os.path.basename(path)} | {rows:,} × {columns:,} | {megabytes:,.0f} | {min(ours):.3f} / {max(ours):.3f} | "
              f"{min(theirs):.3f} / {max(theirs):.3f} | {min(theirs) / min(ours):.2f} |", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
