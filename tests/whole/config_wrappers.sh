#!/bin/sh
# .fscheck.yml's wrappers with both engines: declared probes whose bodies
# fscheck cannot tell apart from other code (a cache lookup) are what the
# configuration says in every file, the defining file included, with the
# kinds of the library catalogue (is_dir); no fix rewrites a declared
# wrapper; a file that only calls declared wrappers is not passed over by
# the prefilter.
. "$(dirname "$0")/lib.sh"

P="$TMP/p"
mkdir -p "$P/src"
cat >"$P/.fscheck.yml" <<'EOF2'
wrappers:
  - {name: path_ok, path_arg: 1, kind: exists}
  - {name: path_is_dir, path_arg: 1, kind: is_dir}
EOF2
cat >"$P/src/lib.c" <<'EOF2'
extern int cache_lookup(const char *p);

int path_ok(const char *p)
{
    return cache_lookup(p) > 0;
}

int path_is_dir(const char *p)
{
    return cache_lookup(p) == 2;
}

int same_file(const char *p)
{
    return path_ok(p) && path_is_dir(p);
}
EOF2
cat >"$P/src/main.c" <<'EOF2'
int path_ok(const char *p);
int path_is_dir(const char *p);

int other_file(const char *p)
{
    return path_ok(p) && path_is_dir(p);
}
EOF2

for engine in clang tree-sitter; do
    in_dir "$P" "$TMP/out-$engine" --no-cache --engine=$engine --format=json src
    expect_status 1 "$TMP/out-$engine" "$engine"
    python3 - "$TMP/out-$engine" "$engine" <<'EOF2' || fail "$engine: findings"
import json, sys
d = json.load(open(sys.argv[1]))
got = sorted((f["file"], f["line"], f["rule"]) for f in d["findings"])
want = [("src/lib.c", 15, "FS101"), ("src/main.c", 6, "FS101")]
if got != want:
    sys.exit("%s: got %s, want %s" % (sys.argv[2], got, want))
if any("fix" in f for f in d["findings"]):
    sys.exit("%s: a fix rewrites a declared wrapper" % sys.argv[2])
EOF2
done

# without the configuration, the helpers are no probes
rm "$P/.fscheck.yml"
: >"$P/.fscheck.yml"
in_dir "$P" "$TMP/none" --no-cache src
expect_status 0 "$TMP/none" "without wrappers"
pass
