#!/bin/sh
# Whether a project changes its user ids is a property of the project, not
# of one file: access() checks the real uid, an open the effective one, so a
# fix that drops an access() is unsafe in a project where any file calls
# setuid() and friends (found by the index), and safe where none does.
. "$(dirname "$0")/lib.sh"

P="$TMP/p"
mkdir -p "$P/src"
: >"$P/.fscheck.yml"
cat >"$P/src/open_log.c" <<'EOF2'
#include <stdio.h>
#include <unistd.h>

FILE *open_log(const char *path)
{
    if (access(path, R_OK) != 0)
        return NULL;
    return fopen(path, "r");
}
EOF2

in_dir "$P" "$TMP/alone.json" --format=json --no-cache src/open_log.c
expect_status 1 "$TMP/alone.json" "without setuid"
grep -q '"safety": "safe"' "$TMP/alone.json" || { cat "$TMP/alone.json"; fail "without setuid: the fix is not safe"; }

cat >"$P/src/privs.c" <<'EOF2'
#include <unistd.h>

int drop_privileges(uid_t uid)
{
    return seteuid(uid);
}
EOF2
in_dir "$P" "$TMP/project.json" --format=json --no-cache src/open_log.c
expect_status 1 "$TMP/project.json" "with seteuid() in another file"
grep -q '"safety": "unsafe"' "$TMP/project.json" ||
    { cat "$TMP/project.json"; fail "with seteuid() in another file: the fix is not unsafe"; }

# the same through the index's cache: a cached result keeps the answer
C="$TMP/cache"
mkdir -p "$C"
FSCHECK_CACHE_DIR="$C" in_dir "$P" "$TMP/cold.json" --format=json src/open_log.c
FSCHECK_CACHE_DIR="$C" in_dir "$P" "$TMP/warm.json" --format=json src/open_log.c
grep -q '"safety": "unsafe"' "$TMP/warm.json" || { cat "$TMP/warm.json"; fail "from the cache: the fix is not unsafe"; }
cmp "$TMP/cold.json" "$TMP/warm.json" >/dev/null || { diff "$TMP/cold.json" "$TMP/warm.json"; fail "cold and warm runs differ"; }

pass "a project that changes user ids anywhere makes an access() drop unsafe"
