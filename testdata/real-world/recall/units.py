#!/usr/bin/env python3
"""The units of a compilation database inside the studied folders.

usage: units.py compile_commands.json SRC --scope DIR... [--exclude DIR...]
Prints each unit's file relative to SRC, once, sorted."""
import json, os, sys

db, src = sys.argv[1], os.path.realpath(sys.argv[2])
rest = sys.argv[3:]
scope, excl, cur = [], [], None
for a in rest:
    if a in ("--scope", "--exclude"):
        cur = scope if a == "--scope" else excl
    elif cur is not None:
        cur.append(a.rstrip("/"))
out = set()
for e in json.load(open(db)):
    f = e["file"]
    if not os.path.isabs(f):
        f = os.path.join(e["directory"], f)
    f = os.path.realpath(f)
    if not f.startswith(src + "/") or not f.endswith(".c"):
        continue
    rel = f[len(src) + 1:]
    inside = lambda d: rel == d or rel.startswith(d + "/")
    if any(inside(d) for d in scope) and not any(inside(d) for d in excl):
        out.add(rel)
for r in sorted(out):
    print(r)
