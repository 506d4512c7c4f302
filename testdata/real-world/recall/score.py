#!/usr/bin/env python3
"""Score fscheck's reports on the recall study's labels.

usage: score.py LABELS_DIR OUT [--missed] [--engines-differ]
Reads LABELS_DIR/NAME.tsv and OUT/NAME.CONFIG.ENGINE.json; prints, per
configuration and engine, recall per class and per project, and the
look-alikes fscheck reported (README.md: a positive is found when a finding
in its file has both lines among its primary and related lines, whatever
its rule; FS401: an FS401 finding at its line).  --missed lists the positives missed;
--engines-differ, per configuration, the positives one engine finds and the other not."""
import collections, glob, json, os, sys

CLASSES = ["FS101", "FS102", "FS201", "FS202", "FS301", "FS302", "FS401"]


def labels(path):
    rows = []
    for ln in open(path, encoding="utf-8"):
        if ln.startswith("#") or not ln.strip():
            continue
        c = ln.rstrip("\n").split("\t")
        if len(c) < 6 or c[5] not in ("pos", "look", "neg"):
            continue
        try:
            a = int(c[2])
            b = int(c[3]) if c[3].strip() else None
        except ValueError:
            continue
        rows.append(dict(file=c[0].lstrip("./"), func=c[1], a=a, b=b, cls=c[4], label=c[5],
                         mech=c[6] if len(c) > 6 else "", note=c[7] if len(c) > 7 else ""))
    return rows


def norm(f):
    while f.startswith("./"):
        f = f[2:]
    return f


def findings(path, src_hint):
    d = json.load(open(path))
    by_file = collections.defaultdict(list)
    for f in d.get("findings", []):
        lines = {f["line"]} | {r["line"] for r in f.get("related", []) if norm(r["file"]) == norm(f["file"])}
        by_file[norm(f["file"])].append((f["rule"], f["line"], lines))
    return by_file, d.get("stats", {})


def hit(row, by_file):
    for rule, primary, lines in by_file.get(row["file"], []):
        if row["b"] is None:
            if primary == row["a"] and rule == "FS401":
                return rule
        elif row["a"] in lines and row["b"] in lines and (row["a"] != row["b"] or primary == row["a"]):
            return rule
    return None


def pct(n, d):
    return "%.2f" % (n / d) if d else "–"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    ldir, out = sys.argv[1], sys.argv[2]
    show_missed = "--missed" in sys.argv
    projects = {os.path.basename(p)[:-4]: labels(p) for p in sorted(glob.glob(os.path.join(ldir, "*.tsv")))}
    runs = collections.defaultdict(dict)  # (config, engine) -> name -> path
    for p in glob.glob(os.path.join(out, "*.json")):
        parts = os.path.basename(p)[:-5].split(".")
        if len(parts) == 3 and parts[0] in projects:
            runs[(parts[1], parts[2])][parts[0]] = p
    npos = sum(1 for rows in projects.values() for r in rows if r["label"] == "pos")
    nlook = sum(1 for rows in projects.values() for r in rows if r["label"] == "look")
    print("# Recall study: %d projects, %d positives, %d look-alikes\n" % (len(projects), npos, nlook))
    for key in sorted(runs):
        config, engine = key
        per_class = collections.Counter(); found_class = collections.Counter()
        per_mech = collections.Counter(); found_mech = collections.Counter()
        rule_ok = 0
        looks_flagged, missed, table = [], [], []
        for name, rows in projects.items():
            if name not in runs[key]:
                continue
            by_file, stats = findings(runs[key][name], name)
            n = f = 0
            for r in rows:
                got = hit(r, by_file)
                if r["label"] == "pos":
                    n += 1
                    per_class[r["cls"]] += 1
                    per_mech[r["mech"].split("+")[0] or "?"] += 1
                    if got:
                        f += 1
                        found_class[r["cls"]] += 1
                        found_mech[r["mech"].split("+")[0] or "?"] += 1
                        rule_ok += got == r["cls"]
                    else:
                        missed.append((name, r))
                elif r["label"] == "look" and got:
                    looks_flagged.append((name, r, got))
            partial = len(stats.get("partial", []))
            table.append("| %s | %d | %d | %s | %d | %d |" % (name, n, f, pct(f, n), stats.get("files", 0), partial))
        tp = sum(per_class.values()); tf = sum(found_class.values())
        print("## %s, engine %s: recall %s (%d of %d; rule as labelled for %d)\n" %
              (config, engine, pct(tf, tp), tf, tp, rule_ok))
        print("| class | positives | found | recall |\n|---|---|---|---|")
        for c in CLASSES:
            if per_class[c]:
                print("| %s | %d | %d | %s |" % (c, per_class[c], found_class[c], pct(found_class[c], per_class[c])))
        print("\n| mechanism | positives | found | recall |\n|---|---|---|---|")
        for m in sorted(per_mech):
            print("| %s | %d | %d | %s |" % (m, per_mech[m], found_mech[m], pct(found_mech[m], per_mech[m])))
        print("\n| project | positives | found | recall | files analysed | partly parsed |\n|---|---|---|---|---|---|")
        print("\n".join(table))
        print("\nlook-alikes reported: %d%s\n" % (len(looks_flagged), "".join(
            "\n- %s %s:%d/%s %s (%s): %s" % (n, r["file"], r["a"], r["b"], r["cls"], got, r["note"][:100])
            for n, r, got in looks_flagged)))
        if show_missed:
            print("missed:\n" + "\n".join("- %s %s:%d/%s %s %s: %s" % (n, r["file"], r["a"], r["b"], r["cls"], r["mech"],
                                                                   r["note"][:120]) for n, r in missed) + "\n")
    if "--engines-differ" in sys.argv:
        for config in sorted({c for c, _ in runs}):
            found = {}
            for engine in ("auto", "tree-sitter"):
                found[engine] = set()
                for name, rows in projects.items():
                    if name in runs.get((config, engine), {}):
                        by_file, _ = findings(runs[(config, engine)][name], name)
                        found[engine] |= {(name, r["file"], r["a"], r["b"]) for r in rows
                                          if r["label"] == "pos" and hit(r, by_file)}
            for a, b in (("tree-sitter", "auto"), ("auto", "tree-sitter")):
                only = sorted(found[a] - found[b])
                print("## %s: found by %s, not by %s: %d\n" % (config, a, b, len(only)))
                for n, f, la, lb in only:
                    print("- %s %s:%d/%s" % (n, f, la, lb))
                print()


if __name__ == "__main__":
    main()
