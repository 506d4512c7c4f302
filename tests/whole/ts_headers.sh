# ts_headers.sh - the tree-sitter engine reads each project header once a
# run and shares it between the units that include it (on every worker),
# and parses each macro body once (the same text, the same tree):
# a probing macro and a wrapper's prototype from headers included by
# several units (directly, and through another header, at different
# depths) count in each unit, with the same report for -j1 and -j4, and
# the same as each unit checked on its own.
. "$(dirname "$0")/lib.sh"

Q=$TMP/q
mkdir -p "$Q/inc" "$Q/src"
cat >"$Q/inc/probe.h" <<'H'
#include <unistd.h>
#define EXISTS(p) (access((p), F_OK) == 0)
#define CONFIG_PATH "/etc/q.conf"
int is_dir(const char *p);
H
cat >"$Q/inc/all.h" <<'H'
#include "probe.h"
#define Q_VERSION 2
H
cat >"$Q/src/dir.c" <<'C'
#include <sys/stat.h>
#include "../inc/probe.h"

int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}
C
i=0
while [ $i -lt 8 ]; do
    if [ $((i % 2)) = 0 ]; then inc='"../inc/all.h"'; else inc='"../inc/probe.h"'; fi
    cat >"$Q/src/u$i.c" <<C
#include $inc

int check_$i(const char *p)
{
    if (!EXISTS(p))
        return -1;
    return is_dir(p);
}

int config_$i(void)
{
    if (!EXISTS(CONFIG_PATH))
        return 0;
    return EXISTS(CONFIG_PATH);
}
C
    i=$((i + 1))
done
for j in 1 4; do
    FSCHECK_CACHE_DIR=$TMP/cache "$FSCHECK" --engine=tree-sitter -j$j --format=json "$Q/src" \
        >"$TMP/j$j.json" 2>"$TMP/j$j.err"
    st=$?
    [ "$st" = 1 ] || fail "-j$j: status $st, expected 1: $(cat "$TMP/j$j.err")"
done
cmp -s "$TMP/j1.json" "$TMP/j4.json" || fail "-j1 and -j4 differ: $(diff "$TMP/j1.json" "$TMP/j4.json")"
i=0
while [ $i -lt 8 ]; do
    for fn in check_$i config_$i; do
        grep -q "\"function\": \"$fn\"" "$TMP/j4.json" || fail "no finding in $fn: $(cat "$TMP/j4.json")"
    done
    FSCHECK_CACHE_DIR=$TMP/cache "$FSCHECK" --engine=tree-sitter --format=json "$Q/src/u$i.c" >"$TMP/one.json" 2>/dev/null
    n1=$(grep -cE "\"function\": \"(check|config)_$i\"" "$TMP/one.json")
    n2=$(grep -cE "\"function\": \"(check|config)_$i\"" "$TMP/j4.json")
    [ "$n1" -gt 0 ] && [ "$n1" = "$n2" ] || fail "u$i.c: $n1 findings alone, $n2 in the run of all"
    i=$((i + 1))
done

pass "project headers shared between tree-sitter units: the same findings in every unit, for -j1 and -j4"
