#!/bin/sh
# A real full disk: a 64 KiB tmpfs, filled, in a mount namespace of its own (unshare -m), under
# `treelab-cli train --model-out`. Needs the privilege to mount; without it the test is skipped
# (exit 77) with the reason (as in a chroot that refuses a mount namespace), and the LD_PRELOAD shim's tests (CliFaults.*) cover the same outcome.
# Usage: tmpfs_full_disk.sh TREELAB_CLI DATASETS_DIR
cli=$1
data=$2/glass.csv
if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null; then
    echo "skipped: mounting a tmpfs needs root and unshare"; exit 77
fi
# A chroot whose root is not a mount point refuses a private namespace ("cannot change root
# filesystem propagation"): skipped there too.
if ! probe=$(unshare -m true 2>&1); then
    echo "skipped: cannot make a mount namespace here: $probe"; exit 77
fi
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
# Everything that needs the mount runs inside the namespace; the mount ends with it.
unshare -m sh -s "$cli" "$data" "$work" <<'INSIDE'
cli=$1; data=$2; work=$3; disk=$work/disk
mkdir "$disk"
if ! mount -t tmpfs -o size=64k tmpfs "$disk" 2>"$work/mount.err"; then
    echo "skipped: cannot mount a tmpfs here: $(cat "$work/mount.err")"; exit 77
fi
printf 'what the user had before\n' >"$disk/m.json"
dd if=/dev/zero of="$disk/filler" bs=1k count=128 2>/dev/null  # fills the rest; dd fails at the end
"$cli" train --data "$data" --target Type --method cart --model-out "$disk/m.json" >"$work/out" 2>"$work/err"
code=$?
fail=0
[ "$code" = 3 ] || { echo "FAIL: exit code $code, not 3"; fail=1; }
grep -q "cannot write $disk/m.json: No space left on device" "$work/err" || { echo "FAIL: the message:"; cat "$work/err"; fail=1; }
[ "$(cat "$disk/m.json")" = "what the user had before" ] || { echo "FAIL: the previous model changed"; fail=1; }
[ "$(ls -A "$disk" | tr '\n' ' ')" = "filler m.json " ] || { echo "FAIL: left in the folder: $(ls -A "$disk")"; fail=1; }
[ "$fail" = 0 ] && echo "ok: a full tmpfs kept the previous model and said: $(cat "$work/err")"
exit "$fail"
INSIDE
