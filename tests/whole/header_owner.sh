#!/bin/sh
# A header's function is checked for the first unit, in unit order, that
# includes it, whatever the number of jobs, even where its finding depends
# on the unit: here the first unit calls setuid(), which makes the fix that
# drops the header's access() unsafe; for the other units it is safe.  Its
# finding and the counts are the same for -j1 and every -j4 run.
. "$(dirname "$0")/lib.sh"

P="$TMP/p"
mkdir -p "$P/include" "$P/src"
cp "$WHOLEDIR/project/include/probe.h" "$P/include/" || fail "no project/include/probe.h"
cat >"$P/src/a.c" <<'EOF'
#include "probe.h"

int a_dir_as_root(const char *p)
{
    if (setuid(0) != 0)
        return 0;
    return probe_is_dir(p);
}
EOF
for u in b c d e f g h i j k l; do
    printf '#include "probe.h"\n\nint %s_dir(const char *p)\n{\n    return probe_is_dir(p);\n}\n' "$u" >"$P/src/$u.c"
done

in_dir "$P" "$TMP/j1.json" --format=json -j1 src -- -Iinclude
expect_status 1 "$TMP/j1.json" "-j1"
grep -q '"safety": "unsafe"' "$TMP/j1.json" || { cat "$TMP/j1.json"; fail "-j1: the header's fix is not unsafe"; }
grep -q '"functions": 13,' "$TMP/j1.json" || { cat "$TMP/j1.json"; fail "-j1: stats.functions is not 13"; }
for run in 1 2 3 4 5 6; do
    in_dir "$P" "$TMP/j4.json" --format=json -j4 src -- -Iinclude
    expect_status 1 "$TMP/j4.json" "-j4"
    cmp "$TMP/j1.json" "$TMP/j4.json" >/dev/null ||
        { diff "$TMP/j1.json" "$TMP/j4.json"; fail "-j4 run $run differs from -j1"; }
done

# shards: each takes the header's finding from its own first unit; the
# shard that holds src/a.c has the unsafe fix
in_dir "$P" "$TMP/s1.json" --format=json --shard=1/2 src -- -Iinclude
grep -q '"safety": "unsafe"' "$TMP/s1.json" || { cat "$TMP/s1.json"; fail "--shard=1/2: the header's fix is not unsafe"; }

pass "a header's function is checked for the first unit that includes it"
