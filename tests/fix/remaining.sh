#!/bin/sh
# After --fix, the findings left are reported where their code now is: the
# report of `--fix --format=json` gives the same places (lines, columns,
# related locations, the offsets of their own fixes) as a fresh analysis of
# the fixed files.
#
#   remaining.sh FSCHECK TESTS_FIX_DIR
. "$2/lib.sh"

command -v python3 >/dev/null 2>&1 || skip "no python3"

p=$TMP/p
make_project "$p"
in_dir "$p" --fix --format=json src -- $CFLAGS
[ $status -eq 1 ] || { show "$p.err"; fail "fscheck --fix exited with $status, expected 1 (findings left)"; }
mv "$p.out" "$TMP/after-fix.json"
in_dir "$p" --format=json src -- $CFLAGS
[ $status -eq 1 ] || { show "$p.err"; fail "fscheck on the fixed files exited with $status, expected 1"; }
mv "$p.out" "$TMP/fresh.json"

python3 - "$TMP/after-fix.json" "$TMP/fresh.json" <<'PY' || fail "the findings left after --fix are not where a fresh analysis puts them"
import json, sys

def places(path):
    out = []
    for f in json.load(open(path))["findings"]:
        fix = f.get("fix")
        out.append((f["rule"], f["file"], f["line"], f["column"], f["end_line"], f["end_column"],
                    tuple((r["file"], r["line"], r["column"]) for r in f.get("related", [])),
                    None if fix is None else (fix["safety"], tuple((e["file"], e["offset"], e["length"], e["replacement"])
                                                                   for e in fix["edits"]))))
    return sorted(out)

after, fresh = places(sys.argv[1]), places(sys.argv[2])
if after != fresh:
    print("after --fix:")
    for x in after:
        print("  ", x)
    print("fresh analysis:")
    for x in fresh:
        print("  ", x)
    sys.exit(1)
if not any(x[1].endswith("mixed.c") for x in after):
    print("no finding left in src/mixed.c")
    sys.exit(1)
PY
pass "the findings left after --fix are where their code now is"
