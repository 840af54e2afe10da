#!/usr/bin/env bash
# The Debian package installed for real, on a fresh Debian 12 system (a throwaway chroot: it installs
# system-wide, so ctest never runs it): apt installs the .deb with what it depends on, then the menu
# entry's command starts the workbench offscreen on the installed glass.csv and trains, `man
# treelab-cli` shows the page, and bash completion (loaded as bash-completion loads it) completes
# the subcommands.
#   bash tests/package/installed_package_check.sh build/treelab_VERSION_ARCH.deb     # as root
set -euo pipefail
deb=$(realpath "${1:?usage: installed_package_check.sh PACKAGE.deb}")
fail() { echo "FAIL: $*" >&2; exit 1; }
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "$deb" man-db bash-completion >/tmp/treelab-apt.log 2>&1 \
  || { tail -30 /tmp/treelab-apt.log >&2; fail "apt-get install $deb"; }
echo "installed: $(dpkg-query -W -f '${Package} ${Version}' treelab)"

entry=$(grep -l '^Exec=treelab' /usr/share/applications/*.desktop) || fail "no menu entry runs treelab"
command=$(sed -n 's/^Exec=//p' "$entry")
glass=/usr/share/treelab/datasets/glass.csv
echo "menu entry $(basename "$entry"): $command"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && QT_QPA_PLATFORM=offscreen ${command/\%f/$glass} --smoke-test "$work/smoke.png") >"$work/gui.log" 2>&1 \
  || { cat "$work/gui.log" >&2; fail "the menu entry's command on $glass"; }
[ -s "$work/smoke.png" ] || fail "the workbench saved no screenshot"
echo "the menu entry's command trained on $glass offscreen ($(du -k "$work/smoke.png" | cut -f1) KiB screenshot)"

MANWIDTH=80 man treelab-cli >"$work/man.txt" 2>&1 || fail "man treelab-cli"
grep -q "treelab-cli train" "$work/man.txt" || fail "man treelab-cli does not show the commands"
sed -n 1,12p "$work/man.txt"

words=$(bash -c 'source /usr/share/bash-completion/bash_completion; _completion_loader treelab-cli
                 COMP_WORDS=(treelab-cli ""); COMP_CWORD=1; _treelab_cli; echo "${COMPREPLY[*]}"')
echo "treelab-cli <TAB>: $words"
[[ " $words " == *" train "* && " $words " == *" predict "* ]] || fail "completion does not complete the subcommands"
echo "installed package checks passed"
