#!/bin/sh
# Each learner's memory estimate (memory_estimate.h) against the measured peak resident memory of
# the same fit on letterrecognition.csv: the estimate is read from the refusal a 1-byte
# TREELAB_MEMORY_LIMIT gives; the measured growth is the fit's peak RSS (/usr/bin/time -v) minus
# the peak of a depth-1 CART fit on the same data (the process, the table and the prepared rows).
#   tests/bench/memory_estimate_bench.sh build/treelab-cli [data.csv target]
set -eu
cli=${1:-build/treelab-cli}
data=${2:-datasets/letterrecognition.csv}
target=${3:-lettr}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

peak_mb() {  # peak RSS in MB of a training run with these arguments
    /usr/bin/time -v "$cli" train --data "$data" --target "$target" "$@" --model-out "$out/m.json" >/dev/null 2>"$out/time.txt"
    awk '/Maximum resident/ { printf "%.0f", $6 / 1024 }' "$out/time.txt"
}
estimate() {  # the estimate's text ("638 MB") from the refusal
    TREELAB_MEMORY_LIMIT=1 "$cli" train --data "$data" --target "$target" "$@" --model-out "$out/m.json" 2>&1 >/dev/null |
        sed -n 's/.* needs about \([0-9.]* [MG]B\).*/\1/p'
}
to_mb() { awk -v t="$1" 'BEGIN { split(t, a, " "); printf "%.0f", a[2] == "GB" ? a[1] * 1024 : a[1] }'; }

base=$(peak_mb --method cart --param max_depth=1)
echo "baseline (CART depth 1): $base MB peak"
echo "| Fit | Estimate (MB) | Measured growth (MB) | Estimate / measured |"
echo "|---|---:|---:|---:|"
while read -r method params; do
    set -- --method "$method"
    for p in $params; do set -- "$@" --param "$p"; done
    est=$(to_mb "$(estimate "$@")")
    peak=$(peak_mb "$@")
    growth=$((peak - base))
    [ "$growth" -lt 1 ] && growth=1
    echo "| $method $params | $est | $growth | $(awk -v e="$est" -v g="$growth" 'BEGIN { printf "%.2f", e / g }') |"
done <<'RUNS'
cart
latent depth=6 epochs=1
latent depth=8 epochs=1
latent depth=9 epochs=1
gradtree depth=8 epochs=2 restarts=0
gradtree depth=12 epochs=1 restarts=0
get depth=6 starts=1 schedule=U(5,25):2
get depth=10 starts=1 schedule=U(5,25):1 batch_size=full
dgt height=6 epochs=1
dgt height=8 epochs=1
dgt height=10 epochs=1
dgt height=8 epochs=1 precision=double
RUNS
