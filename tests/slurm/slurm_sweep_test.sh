#!/usr/bin/env bash
# A sharded sweep through a real one-node Slurm: starts munged, slurmctld and slurmd
# from Debian's packages as root without systemd (a private munge key and socket, a minimal
# slurm.conf, state and spool in a temporary folder), submits a 4-shard CART sweep with
# `treelab-cli sweep --slurm DIR --submit`, waits for the merge job, and checks that the merged file
# equals a local `sweep`'s byte for byte. Stops every daemon it started by PID, also on failure.
# Usage: tests/slurm/slurm_sweep_test.sh path/to/treelab-cli
set -euo pipefail
cli=$(realpath "$1")
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/treelab-slurm.XXXXXX)
pids=()
stop_daemons() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
}
fail() {
  echo "slurm test: $*" >&2
  for log in "$work"/*.log "$work"/jobs/*.log; do [ -f "$log" ] && { echo "--- $log"; tail -20 "$log"; } >&2; done
  exit 1
}
trap 'stop_daemons; rm -rf "$work"' EXIT

# Ports no other Slurm on the machine is likely to use (the test's own pair: controller, node).
port=$((20000 + RANDOM % 20000))

# munge: a private key and socket.
dd if=/dev/urandom of="$work/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge.key"
munged --force --foreground --key-file="$work/munge.key" --socket="$work/munge.socket" \
  --pid-file="$work/munged.pid" --log-file="$work/munged.log" --seed-file="$work/munge.seed" >"$work/munged.out.log" 2>&1 &
pids+=($!)

# slurm.conf: this machine as the one node, as slurmd -C describes it.
node=$(slurmd -C | head -1)
host=$(hostname -s)
mkdir -p "$work/state" "$work/spool" "$work/jobs"
cat > "$work/slurm.conf" <<CONF
ClusterName=treelab-test
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge.socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
for _ in $(seq 50); do [ -S "$work/munge.socket" ] && break; sleep 0.1; done
slurmctld -D -i -f "$SLURM_CONF" >"$work/slurmctld.out.log" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$work/slurmd.out.log" 2>&1 &
pids+=($!)
for _ in $(seq 150); do sinfo -h -o %t 2>/dev/null | grep -qx idle && break; sleep 0.2; done
sinfo -h -o %t | grep -qx idle || fail "the node did not come up"

# SWEEP_ARGS (words after `sweep`, no --out) replaces the CART sweep, e.g. for tests/bench/sweep_jobs_bench.sh.
if [ -n "${SWEEP_ARGS:-}" ]; then
  read -ra words <<< "$SWEEP_ARGS"
  sweep=(sweep "${words[@]}")
else
  sweep=(sweep --data "$repo/datasets/glass.csv" --target Type --method cart --param max_depth=1,2,3,4,5,6,7 --seeds 4)
fi
"$cli" "${sweep[@]}" --jobs 1 --out "$work/local.csv" >/dev/null
submitted=$(date +%s%N)
"$cli" "${sweep[@]}" --out "$work/merged.csv" --slurm "$work/jobs" --shards 4 --submit | tee "$work/submit.txt"
grep -q "submitted job array" "$work/submit.txt" || fail "no job ids printed"
for _ in $(seq "${SLURM_WAIT_STEPS:-600}"); do
  [ -f "$work/merged.csv" ] && break
  squeue -h 2>/dev/null | grep -q . || { sleep 0.5; [ -f "$work/merged.csv" ] && break; fail "the jobs ended without the merged file"; }
  sleep 0.2
done
[ -f "$work/merged.csv" ] || fail "no merged file after $(( ${SLURM_WAIT_STEPS:-600} / 5 )) s"
cmp "$work/local.csv" "$work/merged.csv" || fail "the merged file differs from the local sweep's"
elapsed=$(( ($(date +%s%N) - submitted) / 1000000 ))
echo "slurm test: 4 shards through slurmctld/slurmd merged into the local sweep's file, byte for byte, $elapsed ms after submission"
