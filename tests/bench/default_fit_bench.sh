#!/bin/sh
# Every learner's default fit on letter (20,000 rows × 16 features, 26 classes), exactly as
# `treelab-cli train --data datasets/letterrecognition.csv --target lettr --method M` runs it, with 1
# and 2 threads, one process per fit (peak memory is the process's): a Markdown table of wall seconds
# (reading, preparing and training), peak resident memory and test accuracy.
#
# Usage: tests/bench/default_fit_bench.sh [BUILD_DIR] [METHOD...]
#   BUILD_DIR defaults to build; the methods to every learner of the registry. Extra defaults_bench flags
#   (e.g. --param preset=paper) go in FIT_FLAGS. Run it at `nice -n 10` on a quiet machine.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
[ $# -gt 0 ] && shift
bench="$build/tests/bench/defaults_bench"
[ -x "$bench" ] || { echo "no $bench: build the defaults_bench target" >&2; exit 2; }
methods=${*:-cart latent gradtree get dgt}  # the registry's learners
data="$root/datasets/letterrecognition.csv:lettr"

echo "| method | threads | wall s | peak MB | test accuracy |"
echo "|---|---|---|---|---|"
for method in $methods; do
    for threads in 1 2; do
        # shellcheck disable=SC2086
        line=$("$bench" --fit "$method" --set "$data" --threads "$threads" ${FIT_FLAGS:-})
        field() { printf '%s\n' "$line" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
        echo "| $method | $threads | $(field wall_s) | $(field peak_mb) | $(field test_accuracy) |"
    done
done
