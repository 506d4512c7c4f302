#!/bin/sh
# A name that several programs of one repository define differently is a
# wrapper only where the definition built with the caller makes it one: in
# the folder of a definition that probes, not in the folder of one that does
# not, and nowhere when the definitions of one folder disagree (per-OS files
# side by side) or when the caller's folder has none and they disagree.
# Both engines, with an empty and a filled index cache.
. "$(dirname "$0")/lib.sh"

P="$TMP/p"
mkdir -p "$P/probe_tool" "$P/name_tool" "$P/both" "$P/user"
: >"$P/.fscheck.yml"
cat >"$P/probe_tool/util.c" <<'EOF2'
#include <unistd.h>

int path_ok(const char *p)
{
    return access(p, F_OK) == 0;
}
EOF2
cat >"$P/name_tool/util.c" <<'EOF2'
#include <string.h>

int path_ok(const char *p)
{
    return p != NULL && strlen(p) > 0;
}
EOF2
cp "$P/probe_tool/util.c" "$P/both/util_unix.c"
cp "$P/name_tool/util.c" "$P/both/util_other.c"
for d in probe_tool name_tool both user; do
    cat >"$P/$d/main.c" <<'EOF2'
#include <stdio.h>

int path_ok(const char *p);

FILE *open_input(const char *p)
{
    if (!path_ok(p))
        return NULL;
    return fopen(p, "r");
}
EOF2
done

# changed more than two seconds before the index reads them, so that the
# warm run takes the cached result whole (the scoped wrappers must come
# back from it)
sleep 3
C="$TMP/cache"
mkdir -p "$C"
for engine in auto tree-sitter; do
    for run in cold warm; do
        FSCHECK_CACHE_DIR="$C" in_dir "$P" "$TMP/$engine-$run.json" --format=json --engine=$engine \
            probe_tool/main.c name_tool/main.c both/main.c user/main.c
        expect_status 1 "$TMP/$engine-$run.json" "$engine, $run cache"
        if [ $run = warm ]; then
            FSCHECK_INDEX_STATS=1 FSCHECK_CACHE_DIR="$C" in_dir "$P" "$TMP/stats" --engine=$engine user/main.c
            grep -q "the cached result" "$TMP/stats.err" || { cat "$TMP/stats.err"; fail "$engine: the warm run did not take the cached result"; }
        fi
        files=$(sed -n 's/^ *"file": "\([^"]*\)",$/\1/p' "$TMP/$engine-$run.json" | sort -u | tr '\n' ' ')
        [ "$files" = "probe_tool/main.c " ] ||
            { cat "$TMP/$engine-$run.json"; fail "$engine, $run cache: findings in '$files', expected probe_tool/main.c only"; }
    done
    rm -rf "$C"/*
done

pass "a name defined differently by two programs is a wrapper only for the program that probes"
