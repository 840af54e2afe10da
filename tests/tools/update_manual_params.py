#!/usr/bin/python3
"""Rewrites the hyperparameter tables in resources/doc/command-line.md from the learner registry.

    python3 tests/tools/update_manual_params.py build/treelab-cli

Every table starting with a line "| `NAME` parameter |" (the header `treelab-cli params NAME
--markdown` prints) is replaced, with the '|' lines that follow it, by that command's output.
tests/app/cli/manual_params_test.cpp fails until the page equals the generated tables.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEADER = re.compile(r"^\| `([^`]+)` parameter \|")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    cli = sys.argv[1]
    page = os.path.join(ROOT, "resources", "doc", "command-line.md")
    with open(page, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out, i, replaced = [], 0, []
    while i < len(lines):
        match = HEADER.match(lines[i])
        if not match:
            out.append(lines[i])
            i += 1
            continue
        method = match.group(1)
        table = subprocess.run([cli, "params", method, "--markdown"], check=True, capture_output=True, text=True).stdout
        out.extend(table.rstrip("\n").split("\n"))
        replaced.append(method)
        i += 1
        while i < len(lines) and lines[i].startswith("|"):
            i += 1
    tmp = page + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    os.replace(tmp, page)
    print("regenerated:", ", ".join(replaced) if replaced else "no table found")


if __name__ == "__main__":
    main()
