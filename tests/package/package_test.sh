#!/usr/bin/env bash
# The Debian package checked as a distribution would check it: built by CPack from a finished build
# folder, unpacked with `dpkg -x` into a temporary prefix (nothing is installed on this machine), and
# then: the desktop entry and the AppStream metainfo validate; the Depends line names the package that
# owns the OpenBLAS file TreeLab loads by path; the installed treelab-cli trains on the installed
# glass.csv and the installed treelab, started by the menu entry's own command, trains on it
# offscreen; both man pages render; the bash completion completes subcommands, flags and method
# names; lintian reports no error.
#   bash tests/package/package_test.sh BUILD_FOLDER SOURCE_FOLDER
set -euo pipefail
build=$(cd "${1:?usage: package_test.sh BUILD_FOLDER SOURCE_FOLDER}" && pwd)
source=$(cd "${2:?usage: package_test.sh BUILD_FOLDER SOURCE_FOLDER}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/deb" >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log" >&2; fail "cpack -G DEB"; }
debs=("$work"/deb/treelab_*.deb)
[ -f "${debs[0]}" ] || fail "cpack wrote no .deb"
deb=${debs[0]}
echo "built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"

depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for library in libqt6widgets6 libqt6svg6 libc6 libstdc++6; do
  [[ ", $depends," == *", $library "* || ", $depends," == *", $library,"* ]] || fail "Depends lacks $library (dpkg-shlibdeps)"
done

dpkg -x "$deb" "$work/root"
prefix=$work/root/usr
[ -x "$prefix/bin/treelab" ] && [ -x "$prefix/bin/treelab-cli" ] || fail "programs not in usr/bin"

# TreeLab loads OpenBLAS by its path: the package owning that path must be a dependency.
openblas=$(grep -aoE '/[[:alnum:]/_.-]*/libopenblas\.so\.0' "$prefix/bin/treelab-cli" | head -1)
[ -n "$openblas" ] || fail "no OpenBLAS path in treelab-cli"
owner=$(dpkg -S "$openblas" | cut -d: -f1)
[[ ", $depends," == *", $owner,"* || ", $depends," == *", $owner "* ]] || fail "$openblas belongs to $owner, not in Depends"
echo "OpenBLAS: $openblas from $owner"

# The shipped files, all of them.
for file in "$source"/datasets/*.csv; do
  [ -f "$prefix/share/treelab/datasets/$(basename "$file")" ] || fail "data set $(basename "$file") not installed"
done
[ -f "$prefix/share/treelab/doc/index.md" ] && [ -f "$prefix/share/treelab/doc/images/workbench-training.png" ] \
  || fail "manual not installed under share/treelab/doc"

desktop=("$prefix"/share/applications/*.desktop)
desktop-file-validate "${desktop[0]}" || fail "desktop-file-validate"
appstreamcli validate --no-net "$prefix"/share/metainfo/*.metainfo.xml >"$work/appstream.log" 2>&1 \
  || { cat "$work/appstream.log" >&2; fail "appstreamcli validate"; }
icon=$(sed -n 's/^Icon=//p' "${desktop[0]}")
[ -f "$prefix/share/icons/hicolor/scalable/apps/$icon.svg" ] || fail "icon $icon.svg not installed"
echo "desktop entry and metainfo valid"

# The MIME database with TreeLab's type added: a saved model is application/x-treelab-model by its
# content, any other JSON file stays application/json.
mkdir -p "$work/xdg/mime/packages"
cp /usr/share/mime/packages/freedesktop.org.xml "$prefix/share/mime/packages/treelab.xml" "$work/xdg/mime/packages/"
update-mime-database "$work/xdg/mime" >/dev/null 2>&1 || fail "update-mime-database rejects share/mime/packages/treelab.xml"
mime_type() { XDG_DATA_HOME="$work/xdg" XDG_DATA_DIRS="$work/xdg" gio info -a standard::content-type "$1" | sed -n 's/.*content-type: //p'; }

glass=$prefix/share/treelab/datasets/glass.csv
"$prefix/bin/treelab-cli" train --data "$glass" --target Type --param max_depth=3 --model-out "$work/glass.json" >"$work/train.log" \
  || { cat "$work/train.log" >&2; fail "installed treelab-cli train"; }
grep -q '"format": "treelab-model"' "$work/glass.json" || fail "installed treelab-cli wrote no model"
echo '{"format": "other"}' >"$work/other.json"
[ "$(mime_type "$work/glass.json")" = application/x-treelab-model ] || fail "a saved model is $(mime_type "$work/glass.json")"
[ "$(mime_type "$work/other.json")" = application/json ] || fail "another JSON file is $(mime_type "$work/other.json")"
# The menu entry's command with the installed glass as its file, plus the workbench's smoke test.
command=$(sed -n 's/^Exec=//p' "${desktop[0]}")
command=${command/\%f/$glass}
QT_QPA_PLATFORM=offscreen "$prefix/bin/${command%% *}" --smoke-test "$work/smoke.png" "${command#* }" >"$work/gui.log" 2>&1 \
  || { cat "$work/gui.log" >&2; fail "installed treelab --smoke-test"; }
[ -s "$work/smoke.png" ] || fail "installed treelab saved no screenshot"
echo "installed treelab-cli trained on the installed glass; installed treelab trained on it offscreen"

env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$prefix/bin/treelab" --help >"$work/help.txt" 2>/dev/null \
  && grep -q -- "--smoke-test" "$work/help.txt" || fail "treelab --help fails without a display"
for page in treelab treelab-cli; do
  text=$(MANWIDTH=100 man -l "$prefix/share/man/man1/$page.1.gz" 2>"$work/man.err") || fail "man -l $page"
  [ ! -s "$work/man.err" ] || { cat "$work/man.err" >&2; fail "man $page warns"; }
  grep -q "^NAME" <<<"$text" || fail "man $page has no NAME"
done
grep -q "treelab-cli train" <<<"$(man -l "$prefix/share/man/man1/treelab-cli.1.gz" 2>/dev/null)" || fail "man treelab-cli lacks its commands"
echo "man pages render"

# Completion: the function the script registers, called as bash calls it.
complete_words() {
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _treelab_cli; echo "${COMPREPLY[*]}"' \
    _ "$prefix/share/bash-completion/completions/treelab-cli" "$@"
}
subcommands=$("$prefix/bin/treelab-cli" --help | sed -n '/^Subcommands:/,$p' | awk 'NR > 1 && NF {print $1}' | tr '\n' ' ')
[ "$(complete_words treelab-cli '')" = "${subcommands% }" ] || fail "completing '' gave '$(complete_words treelab-cli '')', not '$subcommands'"
[ "$(complete_words treelab-cli tr)" = "train" ] || fail "treelab-cli tr<TAB>"
[ "$(complete_words treelab-cli train --mo)" = "--model-out" ] || fail "treelab-cli train --mo<TAB>"
[ "$(complete_words treelab-cli train --method g)" = "gradtree get" ] || fail "treelab-cli train --method g<TAB>"
[ "$(complete_words treelab-cli params l)" = "latent" ] || fail "treelab-cli params l<TAB>"
echo "completion completes subcommands, flags and methods"

lintian --tag-display-limit 0 --fail-on error "$deb" >"$work/lintian.log" 2>&1 || { cat "$work/lintian.log" >&2; fail "lintian reports errors"; }
echo "lintian: $(grep -c '^E:' "$work/lintian.log" || true) errors, $(grep -c '^W:' "$work/lintian.log" || true) warnings"
grep '^W:' "$work/lintian.log" || true
echo "package checks passed"
