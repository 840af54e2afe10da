#!/usr/bin/env bash
# Spreadsheet columns (resources/doc/data.md): fit time, peak memory, features and tree depth of
# CART on a Titanic-like table (20,000 rows, a unique name and ticket per row) and on a 5,000-row
# table with a date, amounts written "51,494" and rates written "98%".
# Usage: tests/bench/spreadsheet_columns.sh [TREELAB_CLI] [SKIP_TITANIC_FOR=OLD_CLI]
#   TREELAB_CLI: the binary to measure (default build/treelab-cli). An older build can be measured
#   on the 5,000-row table; the Titanic-like table takes 13.7 GB there, so it is skipped for a
#   binary whose path is given as the second argument.
set -euo pipefail
cli=${1:-build/treelab-cli}
skip_titanic_for=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 - "$work" <<'PY'
import sys
import numpy as np, pandas as pd
out = sys.argv[1]
rng = np.random.default_rng(0)
n = 5000
d = pd.Timestamp('2019-01-01') + pd.to_timedelta(rng.integers(0, 900, n), unit='D')
amount = rng.integers(100, 200000, n)
rate = rng.integers(0, 101, n)
y = (amount > 80000) & (rate > 40)
pd.DataFrame({'date': d.strftime('%Y-%m-%d'), 'amount': [f"{a:,}" for a in amount],
              'rate': [f"{r}%" for r in rate], 'y': np.where(y, 'yes', 'no')}).to_csv(f"{out}/spreadsheet.csv", index=False)
m = 20000
sex = rng.choice(['male', 'female'], m)
age = rng.normal(30, 12, m).round(1)
pd.DataFrame({'Name': [f"Person {i} {rng.integers(0, 10**6)}" for i in range(m)],
              'Ticket': [f"T{100000 + i}" for i in range(m)], 'Sex': sex, 'Age': age,
              'Fare': rng.exponential(30, m).round(2),
              'Survived': ((sex == 'female') | (age < 10)).astype(int)}).to_csv(f"{out}/titanic_like.csv", index=False)
PY
measure() {  # file target
    /usr/bin/time -f "wall %e s, peak %M KiB" "$cli" train --data "$work/$1" --target "$2" --method cart >"$work/out.txt" 2>"$work/time.txt" || true
    echo "$1: $(head -1 "$work/out.txt" | sed 's/.*), //'); $(grep '^tree:' "$work/out.txt" || grep -i error "$work/time.txt"); $(tail -1 "$work/time.txt")"
}
measure spreadsheet.csv y
if [ "$cli" != "$skip_titanic_for" ]; then measure titanic_like.csv Survived; fi
