#!/usr/bin/env python3
"""The folders of analyzer/ (and rules/) form a pipeline: each may include
only its own headers and those of the folders before it, and its CMake
object library links only those.  Checks, for the source tree given:

- every #include "..." of a project header names its folder ("ir/ir.h");
- no folder includes a folder after it (so there is no include cycle);
- each folder's fs_layer() in analyzer/CMakeLists.txt uses only folders
  before it, and every folder it includes is among them;
- each folder has a README.md saying what it owns and what it may use.

usage: include_layers.py SOURCE_ROOT
"""
import os
import re
import sys

root = sys.argv[1]
cm = open(os.path.join(root, "analyzer", "CMakeLists.txt")).read()
m = re.search(r"set\(FSCHECK_LAYERS ([a-z ]+) CACHE", cm)
if not m:
    sys.exit("include_layers: no FSCHECK_LAYERS in analyzer/CMakeLists.txt")
layers = m.group(1).split()
rank = {name: i for i, name in enumerate(layers)}


def folder(name):
    return os.path.join(root, "rules") if name == "rules" else os.path.join(root, "analyzer", name)


# what each layer's object library links (fs_layer(NAME ... USES a b c))
uses = {}
for call in re.finditer(r"fs_layer\((\w+)(.*?)\)\n", cm, re.S):
    name, rest = call.group(1), call.group(2)
    u = re.search(r"USES ([\w ]+)", rest)
    uses[name] = set(u.group(1).split()) if u else set()
for call in re.finditer(r"target_link_libraries\(fs_(\w+) PUBLIC ((?:fs_\w+ ?)+)\)", cm):
    uses.setdefault(call.group(1), set()).update(x[3:] for x in call.group(2).split())

problems = []
for name in layers:
    if name not in uses:
        problems.append(f"{name}: no object library fs_{name} in analyzer/CMakeLists.txt")
        continue
    for u in sorted(uses[name]):
        if u not in rank or rank[u] >= rank[name]:
            problems.append(f"{name}: links fs_{u}, which is not a folder before it")
    d = folder(name)
    if not os.path.isfile(os.path.join(d, "README.md")):
        problems.append(f"{name}: no README.md saying what the folder owns")
    included = set()
    for fn in sorted(os.listdir(d)):
        if not fn.endswith((".c", ".h")):
            continue
        for n, line in enumerate(open(os.path.join(d, fn), errors="replace"), 1):
            inc = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
            if not inc:
                continue
            target = inc.group(1)
            where = f"{os.path.relpath(os.path.join(d, fn), root)}:{n}"
            if "/" not in target:
                problems.append(f'{where}: #include "{target}" names no folder')
                continue
            top = target.split("/")[0]
            if top not in rank:
                problems.append(f'{where}: #include "{target}": {top}/ is not a folder of the pipeline')
            elif rank[top] > rank[name]:
                problems.append(f'{where}: #include "{target}": {name}/ may not use {top}/, which comes after it')
            elif top != name:
                included.add(top)
    for top in sorted(included - uses.get(name, set())):
        problems.append(f"{name}: includes {top}/ but fs_{name} does not link fs_{top}")

for p in problems:
    print(p)
print(f"include_layers: {len(layers)} folders ({' -> '.join(layers)}), {len(problems)} problems")
sys.exit(1 if problems else 0)
