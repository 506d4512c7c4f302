#!/usr/bin/env python3
"""Compare two folders of fscheck JSON reports (OLD/NAME.json, NEW/NAME.json,
as ten.sh writes them) finding by finding.

A finding is known by its primary location (file, line, function); two
findings at the same place are the same finding, and a difference in rule,
fix safety, fix description or related locations is a change.  Prints, per
project: the counts, then what appeared, what went away and what changed.

usage: compare.py [--all] [--json] OLD NEW [NAME ...]
  --all   also list the findings present and unchanged in both
  --json  print the result as JSON instead of text
"""
import json
import os
import sys


def load(folder, name):
    path = os.path.join(folder, name + ".json")
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f).get("findings", [])
    except (OSError, ValueError) as e:
        print(f"{path}: cannot read: {e}", file=sys.stderr)
        return None


def fix_of(f):
    fx = f.get("fix")
    if not fx:
        return ("none", "")
    return (fx.get("safety", "?"), fx.get("description", ""))


def related_of(f):
    return tuple(sorted((r.get("file"), r.get("line")) for r in f.get("related", [])))


def key(f):
    return (f.get("file"), f.get("line"), f.get("function"))


def short(f):
    s, d = fix_of(f)
    rel = ", ".join(f"{os.path.basename(fl)}:{ln}" for fl, ln in related_of(f))
    fix = "no fix" if s == "none" else f"{s} fix: {d}"
    return (f"{f.get('rule')} {f.get('file')}:{f.get('line')} in {f.get('function')}() "
            f"[{f.get('path_expr')}] related {rel or '-'}; {fix}")


def compare(old, new):
    """Pair findings of OLD and NEW; returns (same, appeared, gone, changed)."""
    olds, news = {}, {}
    for f in old:
        olds.setdefault(key(f), []).append(f)
    for f in new:
        news.setdefault(key(f), []).append(f)
    same, appeared, gone, changed = [], [], [], []
    for k in sorted(set(olds) | set(news), key=lambda k: tuple(str(x) for x in k)):
        a, b = list(olds.get(k, [])), list(news.get(k, []))
        # pair exact rule matches first, then whatever is left in order
        for fa in list(a):
            for fb in b:
                if fa.get("rule") == fb.get("rule"):
                    a.remove(fa); b.remove(fb)
                    (same if diffs(fa, fb) == [] else changed).append((fa, fb))
                    break
        while a and b:
            fa, fb = a.pop(0), b.pop(0)
            changed.append((fa, fb))
        gone.extend(a)
        appeared.extend(b)
    return same, appeared, gone, changed


def diffs(a, b):
    out = []
    if a.get("rule") != b.get("rule"):
        out.append(f"rule {a.get('rule')} -> {b.get('rule')}")
    fa, fb = fix_of(a), fix_of(b)
    if fa[0] != fb[0]:
        out.append(f"fix safety {fa[0]} -> {fb[0]}")
    if fa[1] != fb[1]:
        out.append(f"fix description {fa[1]!r} -> {fb[1]!r}")
    if fa[0] != "none" and fb[0] != "none" and a["fix"].get("edits") != b["fix"].get("edits"):
        out.append("fix edits differ")
    if related_of(a) != related_of(b):
        out.append(f"related {related_of(a)} -> {related_of(b)}")
    if a.get("path_expr") != b.get("path_expr"):
        out.append(f"path {a.get('path_expr')!r} -> {b.get('path_expr')!r}")
    return out


def main():
    args = sys.argv[1:]
    show_all = "--all" in args
    as_json = "--json" in args
    args = [a for a in args if a not in ("--all", "--json")]
    if len(args) < 2:
        sys.exit(__doc__)
    old_dir, new_dir, names = args[0], args[1], args[2:]
    if not names:
        names = sorted({n[:-5] for d in (old_dir, new_dir) if os.path.isdir(d)
                        for n in os.listdir(d) if n.endswith(".json")})
    result, totals = {}, [0, 0, 0, 0, 0]
    for name in names:
        old, new = load(old_dir, name), load(new_dir, name)
        if old is None or new is None:
            print(f"{name}: missing report ({'old' if old is None else 'new'})")
            continue
        same, appeared, gone, changed = compare(old, new)
        for i, v in enumerate((len(old), len(new), len(appeared), len(gone), len(changed))):
            totals[i] += v
        result[name] = {"old": len(old), "new": len(new), "same": same,
                        "appeared": appeared, "gone": gone, "changed": changed}
    if as_json:
        json.dump({n: {"old": r["old"], "new": r["new"], "appeared": r["appeared"],
                       "gone": r["gone"],
                       "changed": [{"old": a, "new": b, "what": diffs(a, b)} for a, b in r["changed"]],
                       "same": [b for _, b in r["same"]] if show_all else len(r["same"])}
                   for n, r in result.items()}, sys.stdout, indent=1)
        print()
        return
    for name, r in result.items():
        print(f"== {name}: {r['old']} -> {r['new']} findings; {len(r['appeared'])} appeared, "
              f"{len(r['gone'])} gone, {len(r['changed'])} changed, {len(r['same'])} the same")
        for f in r["appeared"]:
            print("  + " + short(f))
        for f in r["gone"]:
            print("  - " + short(f))
        for a, b in r["changed"]:
            print("  ~ " + short(b))
            for d in diffs(a, b):
                print("      " + d)
        if show_all:
            for _, b in r["same"]:
                print("  = " + short(b))
    print(f"== total: {totals[0]} -> {totals[1]} findings; {totals[2]} appeared, "
          f"{totals[3]} gone, {totals[4]} changed")


if __name__ == "__main__":
    main()
