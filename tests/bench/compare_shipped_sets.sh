#!/usr/bin/env bash
# Every method at its defaults and the random-forest reference on the shipped data sets, 10×3-fold
# cross-validation (seed 0): one `treelab-cli compare` per data set (each writes its CSV and prints
# its table, so a long run keeps every finished set), then `merge-compare` ranks them together and
# draws the critical-difference diagram. Prints each set's wall time.
# Usage: tests/bench/compare_shipped_sets.sh [BUILD_DIR] [OUT_DIR] [JOBS]
#   (defaults: build-bench in the repository, compare-shipped, one job per core)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-$ROOT/build-bench}
OUT=${2:-compare-shipped}
JOBS=${3:-$(nproc)}
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DTREELAB_TESTS=OFF >/dev/null
cmake --build "$BUILD" --target treelab-cli -j"$(nproc)" >/dev/null
mkdir -p "$OUT"
csvs=()
# Cheapest first.
for pair in iris.csv:species wine.csv:cultivar diabetes.csv:progression servo.csv:Class breastcancer.csv:Class \
    glass.csv:Type wdbc.csv:diagnosis housevotes84.csv:Class; do
    name=${pair%%.csv*}
    start=$(date +%s.%N)
    "$BUILD/treelab-cli" compare --data "$ROOT/datasets/$pair" --methods cart,latent,gradtree,get,dgt,forest --cv 10x3 \
        --seed 0 --jobs "$JOBS" --out "$OUT/$name.csv" >"$OUT/$name.txt"
    echo "$name: $(echo "$(date +%s.%N) - $start" | bc) s wall on $JOBS jobs"
    csvs+=("$OUT/$name.csv")
done
"$BUILD/treelab-cli" merge-compare "${csvs[@]}" --out "$OUT/all.csv" --figure "$OUT/critical-difference.svg" >"$OUT/all.txt"
cat "$OUT/all.txt"
