#!/usr/bin/python3
"""Rewrites the hyperparameter tables in README.md from the learner registry.

    python3 tests/tools/update_readme_params.py build/treelab-cli

Every table starting with a line "| `NAME` parameter |" (the header `treelab-cli params NAME
--markdown` prints) is replaced, with the '|' lines that follow it, by that command's output.
tests/app/cli/readme_params_test.cpp fails until the README equals the generated tables.
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
    readme = os.path.join(ROOT, "README.md")
    with open(readme, encoding="utf-8") as f:
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
    tmp = readme + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    os.replace(tmp, readme)
    print("regenerated:", ", ".join(replaced) if replaced else "no table found")


if __name__ == "__main__":
    main()
