#!/usr/bin/env bash
# TreeLab CART vs scikit-learn DecisionTreeClassifier (random_state 0, Gini), both single-threaded,
# on letterrecognition.csv (20000 × 16, 26 classes) and a synthetic 1,000,000 × 20 set
# (make_synthetic.py, fixed seed; both programs read the same file), at full depth and at
# max_depth 10. Prints a markdown table of fit times (fastest of several runs on the small set),
# leaves and peak memory (max RSS of the whole process, data loading included).
# Usage: tests/bench/run_cart_bench.sh [BUILD_DIR]    (default: build-bench in the repository)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-$ROOT/build-bench}
PYTHON=/usr/bin/python3  # Debian's Python, which has scikit-learn
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1

cmake -S "$ROOT" -B "$BUILD" -DTREELAB_BENCH=ON -DTREELAB_GUI=OFF -DTREELAB_TESTS=OFF -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$BUILD" --target cart_bench -j2 >/dev/null
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
"$PYTHON" "$ROOT/tests/bench/make_synthetic.py" "$WORK/synthetic.bin"

# measure CMD...: sets SECONDS_ LEAVES RSS_MB from the program's "seconds S leaves L ..." line.
measure() {
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -v -o "$WORK/time.txt" "$@" >"$WORK/out.txt"
        RSS_MB=$(awk '/Maximum resident/ {printf "%.0f", $NF / 1024}' "$WORK/time.txt")
    else
        "$@" >"$WORK/out.txt"
        RSS_MB="n/a"
    fi
    read -r _ SECONDS_ _ LEAVES _ <"$WORK/out.txt"
}

echo "| data | max_depth | TreeLab s | sklearn s | ratio | leaves TreeLab | leaves sklearn | max RSS TreeLab MB | max RSS sklearn MB |"
echo "|---|---|---|---|---|---|---|---|---|"
row() {  # name repeat data-args...
    local name=$1 repeat=$2
    shift 2
    for depth in 0 10; do
        measure "$BUILD/cart_bench" "$@" --max-depth "$depth" --repeat "$repeat"
        local t_ours=$SECONDS_ l_ours=$LEAVES m_ours=$RSS_MB
        measure "$PYTHON" "$ROOT/tests/bench/sklearn_fit.py" "$@" --max-depth "$depth" --repeat "$repeat"
        local ratio
        ratio=$(awk -v a="$t_ours" -v b="$SECONDS_" 'BEGIN {printf "%.3f", a / b}')
        echo "| $name | $([ "$depth" = 0 ] && echo full || echo "$depth") | $t_ours | $SECONDS_ | $ratio | $l_ours | $LEAVES | $m_ours | $RSS_MB |"
    done
}
row "letterrecognition 20000×16" 5 --csv "$ROOT/datasets/letterrecognition.csv" --target lettr
row "synthetic 1000000×20" 1 --bin "$WORK/synthetic.bin"
