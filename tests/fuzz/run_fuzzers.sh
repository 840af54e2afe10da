#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan, build folder build-fuzz) and runs each for a
# bounded time from its seed corpus, failing if any of them finds a problem. A finding is saved under
# build-fuzz/findings/; fix it in core, add a GoogleTest and keep the input in tests/data/fuzz-regressions.
# FUZZ_SECONDS: run time per target (default 60). FUZZ_JOBS: build jobs and targets run at once
# (default nproc).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-$(nproc)}
build=build-fuzz
targets=(csv_reader model_file project_file param_value sweep_grid)

cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-g -O1" \
  -DTREELAB_FUZZ=ON -DTREELAB_GUI=OFF -DTREELAB_TESTS=OFF >/dev/null
cmake --build "$build" -j"$jobs" --target "${targets[@]/#/fuzz_}"

# Seeds: the first two bytes of a CSV input pick the reader's options (0: detect the dialect, header
# row) and its block size (0: 16 bytes, 255: 1 MiB), so each file is written with both; the first
# byte of a param or grid input picks the learner, so each seed text is written once per learner.
seeds=$build/seeds
rm -rf "$seeds"
mkdir -p "$seeds"/{csv_reader,model_file,project_file,param_value,sweep_grid} "$build"/findings
for file in tests/data/csv/* tests/fuzz/seeds/csv/*; do
  { printf '\0\377'; cat "$file"; } >"$seeds/csv_reader/$(basename "$file")"
  { printf '\0\0'; cat "$file"; } >"$seeds/csv_reader/small-blocks-$(basename "$file")"
done
cp tests/data/models/*.json "$seeds/model_file/"
cp tests/fuzz/seeds/project_file/* "$seeds/project_file/"
for target in param_value sweep_grid; do
  line_number=0
  while IFS= read -r line; do
    line_number=$((line_number + 1))
    for learner in 0 1 2 3 4; do printf "\\x0$learner%s" "$line" >"$seeds/$target/$line_number-$learner"; done
  done <"tests/fuzz/seeds/$target.txt"
done

# Prints the target's executions and corpus size, or its report and the saved input on a finding.
fuzz() {
  local target=$1 corpus=$build/corpus/$1 log=$build/fuzz_$1.log
  mkdir -p "$corpus"
  if ! "$build/fuzz_$target" "$corpus" "$seeds/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$build/findings/$target-" -print_final_stats=1 2>"$log"; then
    tail -n 60 "$log"
    echo "fuzz_$target found a problem; the input is in $build/findings/" >&2
    return 1
  fi
  local runs
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  echo "fuzz_$target: $runs executions in ${seconds}s, corpus $(find "$corpus" -type f | wc -l) files"
}

# FUZZ_JOBS targets at a time, each on a core of its own.
echo "fuzzing ${targets[*]} for ${seconds}s each, $jobs at a time"
running=()
failed=0
for target in "${targets[@]}"; do
  fuzz "$target" &
  running+=($!)
  if [ ${#running[@]} -ge "$jobs" ]; then
    wait "${running[0]}" || failed=1
    running=("${running[@]:1}")
  fi
done
for pid in "${running[@]}"; do wait "$pid" || failed=1; done
exit "$failed"
