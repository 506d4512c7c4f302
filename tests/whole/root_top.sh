# root_top.sh - inputs whose only folder in common is / (and no marker on
# the way up) make no project index: the file system is not walked; the
# run says so (not with --quiet) and checks each file as with --no-index.
. "$(dirname "$0")/lib.sh"

for m in /.git /compile_commands.json /.fscheck.yml; do
    [ ! -e "$m" ] || skip "$m exists: / is a project root here"
done
case "$TMP" in
/tmp/*) other=/var/tmp ;;
*) other=/tmp ;;
esac
[ -d "$other" ] && [ -w "$other" ] || skip "no writable $other beside $TMP"
O=$(mktemp -d "$other/fscheck-root-top.XXXXXX") || skip "cannot make a folder in $other"
CLEANUP='rm -rf "$O"'
top=${TMP#/}
top=/${top%%/*}
for m in .git compile_commands.json .fscheck.yml; do
    [ ! -e "$top/$m" ] && [ ! -e "$other/$m" ] || skip "a project marker in $top or $other"
done

cat >"$TMP/a.c" <<'C'
#include <unistd.h>

int exists_twice(const char *p)
{
    if (access(p, F_OK) != 0)
        return 0;
    return access(p, F_OK) == 0;
}
C
cp "$TMP/a.c" "$O/b.c"

# (a limit on the time: the walk of / took minutes)
FSCHECK_CACHE_DIR=$TMP/cache FSCHECK_INDEX_STATS=1 timeout 60 "$FSCHECK" --format=json "$TMP/a.c" "$O/b.c" -- \
    >"$TMP/out.json" 2>"$TMP/out.err"
st=$?
[ "$st" = 1 ] || fail "exit status $st, expected 1 (findings): $(cat "$TMP/out.err")"
grep -q "no project folder in common below /" "$TMP/out.err" || fail "no word of the missing index: $(cat "$TMP/out.err")"
grep -q "index of" "$TMP/out.err" && fail "an index was built: $(cat "$TMP/out.err")"
[ ! -e "$TMP/cache" ] || fail "a cache was written: $(ls "$TMP/cache")"
n=$(grep -c '"rule": "FS102"' "$TMP/out.json")
[ "$n" = 2 ] || fail "$n FS102 findings, expected one in each file: $(cat "$TMP/out.json")"
# --quiet: the same report, nothing said
FSCHECK_CACHE_DIR=$TMP/cache timeout 60 "$FSCHECK" --quiet --format=json "$TMP/a.c" "$O/b.c" -- \
    >"$TMP/quiet.json" 2>"$TMP/quiet.err"
[ ! -s "$TMP/quiet.err" ] || fail "--quiet: $(cat "$TMP/quiet.err")"
cmp -s "$TMP/out.json" "$TMP/quiet.json" || fail "--quiet: another report"

pass "inputs with / as their only common folder: no index, said, findings in each file"
