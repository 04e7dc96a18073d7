#!/usr/bin/env python3
"""Checks every #include "folder/..." in profiler/, ui/ and app/ against the layer table of
docs/architecture.md (the ```layers block): a folder may include only itself and the folders listed
after its name. Prints each offending line as file:line and exits 1 when there is one.

Usage: check_includes.py REPOSITORY_ROOT"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"/]+)/[^"]*"')


def read_table(root):
    text = open(os.path.join(root, "docs", "architecture.md"), encoding="utf-8").read()
    block = re.search(r"```layers\n(.*?)```", text, re.S)
    if not block:
        sys.exit("docs/architecture.md has no ```layers block")
    table = {}
    for line in block.group(1).splitlines():
        if not line.strip():
            continue
        name, _, allowed = line.partition(":")
        table[name.strip()] = set(allowed.split())
    for name, allowed in table.items():
        unknown = allowed - table.keys()
        if unknown:
            sys.exit(f"layer table: {name} names unknown folders {sorted(unknown)}")
    return table


def source_folders(root, table):
    """(layer name, folder path) for every layer: profiler/<name>, ui, and app (all of app/)."""
    for name in table:
        if name == "ui":
            yield name, os.path.join(root, "ui")
        elif name == "app":
            yield name, os.path.join(root, "app")
        else:
            yield name, os.path.join(root, "profiler", name)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    table = read_table(root)
    known = set(table) | {"app"}
    problems = []
    missing = []
    for name, folder in source_folders(root, table):
        if not os.path.isdir(folder):
            missing.append(folder)
            continue
        for directory, _, files in os.walk(folder):
            for file in sorted(files):
                if not file.endswith((".h", ".cpp", ".cu", ".cuh", ".in")):
                    continue
                path = os.path.join(directory, file)
                with open(path, encoding="utf-8", errors="replace") as source:
                    for number, line in enumerate(source, 1):
                        match = INCLUDE.match(line)
                        if not match:
                            continue
                        target = match.group(1)
                        if target not in known or target == name:
                            continue
                        if target not in table[name]:
                            rel = os.path.relpath(path, root)
                            problems.append(f"{rel}:{number}: {name}/ may not include {target}/ ({line.strip()})")
    # Every folder of profiler/ is a layer: a new one must be placed in the table.
    for entry in sorted(os.listdir(os.path.join(root, "profiler"))):
        if os.path.isdir(os.path.join(root, "profiler", entry)) and entry not in table:
            problems.append(f"profiler/{entry}/ is not in the layer table of docs/architecture.md")
    for folder in missing:
        problems.append(f"{os.path.relpath(folder, root)}: named in the layer table but missing")
    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"layers: {sum(1 for _ in table)} folders, every include allowed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
