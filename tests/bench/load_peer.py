#!/usr/bin/python3
"""The peers of load_bench, one measurement per process so that the peak memory is its own.
  load_peer.py read FILE         prints: pandas read_csv seconds (C parser), peak RSS MB
  load_peer.py fit FILE DEPTH    prints: DecisionTreeClassifier fit seconds (DEPTH 0 = unlimited)
Needs Debian's python3-pandas and python3-sklearn (apt-get install python3-pandas python3-sklearn).
"""
import resource
import sys
import time

import pandas as pd


def main():
    mode, path = sys.argv[1], sys.argv[2]
    start = time.perf_counter()
    frame = pd.read_csv(path, engine="c")
    seconds = time.perf_counter() - start
    if mode == "read":
        print(f"{seconds:.4f} {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.1f}")
        return
    from sklearn.tree import DecisionTreeClassifier
    depth = int(sys.argv[3]) or None
    X, y = frame.drop(columns="class").to_numpy(), frame["class"].to_numpy()
    start = time.perf_counter()
    DecisionTreeClassifier(max_depth=depth, random_state=0).fit(X, y)
    print(f"{time.perf_counter() - start:.4f}")


if __name__ == "__main__":
    main()
