#!/usr/bin/env bash
# The sweep bench: a 7-value × 4-seed LatentTrees λ sweep on glass (the defaults otherwise),
# serial (--jobs 1), on two jobs (--jobs 2), and as 4 shards through the one-node Slurm of
# tests/slurm/slurm_sweep_test.sh (the test starts it, submits, waits and checks the merged file
# against its own --jobs 1 sweep; timed from submission to the merged file);
# wall seconds of each, and whether the three CSVs are the same bytes.
# Usage: tests/bench/sweep_jobs_bench.sh path/to/treelab-cli
set -euo pipefail
cli=$(realpath "$1")
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/treelab-sweep-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
sweep=(sweep --data "$repo/datasets/glass.csv" --target Type --method latent --param lambda=log:1e-3:10:7 --seeds 4)
seconds() { local start=$(date +%s.%N); "$@" >/dev/null; echo "$(date +%s.%N) - $start" | bc; }
serial=$(seconds "$cli" "${sweep[@]}" --jobs 1 --out "$work/serial.csv")
two=$(seconds "$cli" "${sweep[@]}" --jobs 2 --out "$work/two.csv")
slurm_ms=$(SWEEP_ARGS="${sweep[*]:1}" SLURM_WAIT_STEPS=18000 bash "$repo/tests/slurm/slurm_sweep_test.sh" "$cli" |
  sed -n 's/.*byte for byte, \([0-9]*\) ms after submission/\1/p')
slurm=$(echo "$slurm_ms / 1000" | bc -l)
cmp -s "$work/serial.csv" "$work/two.csv" && same=yes || same=NO
printf '| run | wall s | vs serial |\n|---|---:|---:|\n'
printf '| --jobs 1 | %.1f | 1.00× |\n' "$serial"
printf '| --jobs 2 | %.1f | %.2f× |\n' "$two" "$(echo "$serial / $two" | bc -l)"
printf '| 4 Slurm shards (submission to merged file, 2 CPUs: 2 tasks at once) | %.1f | %.2f× |\n' "$slurm" "$(echo "$serial / $slurm" | bc -l)"
echo "jobs 1 and jobs 2 give the same CSV: $same (the Slurm run checks its merged file against its own --jobs 1 sweep)"
