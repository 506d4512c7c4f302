# prefilter_macros.sh - the prefilter and a header's macros: a unit whose
# only probe is an object-like macro of a project header (`#define
# port_stat stat`, as curl's curlx_stat), or a function-like macro calling
# it, is parsed (libclang expands them); a unit naming neither is passed
# over; the findings are those of --no-prefilter, with an empty and with a
# filled index cache; and a header that later turns a name the units
# already use into such a macro makes them parsed again.
. "$(dirname "$0")/lib.sh"

P=$TMP/proj
mkdir -p "$P/src" "$P/include"
: >"$P/.fscheck.yml"
cat >"$P/include/port.h" <<'EOF'
#include <sys/stat.h>
#define port_stat stat
#define PORT_IS_REG(p, st) (port_stat((p), (st)) == 0 && S_ISREG((st)->st_mode))
EOF
cat >"$P/src/alias.c" <<'EOF'
#include <fcntl.h>
#include "port.h"

int open_regular(const char *p)
{
    struct stat st;
    if (port_stat(p, &st) != 0 || !S_ISREG(st.st_mode))
        return -1;
    return open(p, O_RDONLY);
}
EOF
cat >"$P/src/fmacro.c" <<'EOF'
#include <fcntl.h>
#include "port.h"

int open_if_regular(const char *p)
{
    struct stat st;
    if (!PORT_IS_REG(p, &st))
        return -1;
    return open(p, O_RDONLY);
}
EOF
cat >"$P/src/later.c" <<'EOF'
#include <fcntl.h>
#include <sys/stat.h>
#include "port.h"

int late_stat(const char *p, struct stat *st);

int open_checked(const char *p)
{
    struct stat st;
    if (late_stat(p, &st) != 0)
        return -1;
    return open(p, O_RDONLY);
}
EOF
cat >"$P/src/plain.c" <<'EOF'
int add(int a, int b)
{
    return a + b;
}
EOF

CACHE=$TMP/cache
run() { # run NAME ARGS...: fscheck --engine=clang on the four units
    name=$1
    shift
    (cd "$P" && FSCHECK_CACHE_DIR=$CACHE "$FSCHECK" --engine=clang --format=json "$@" src/alias.c src/fmacro.c \
        src/later.c src/plain.c -- -Iinclude >"$TMP/$name.json" 2>"$TMP/$name.err")
    echo $?
}
findings() { python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print(" ".join(sorted("%s:%s:%d" % (f["rule"], f["file"].split("/")[-1], f["line"]) for f in j["findings"])))' "$1"; }
passed_over() { sed -n 's/^ *"nothing_to_check": \([0-9]*\),*$/\1/p' "$1"; }
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 is needed"; exit 77; }

expected="FS202:alias.c:7 FS202:fmacro.c:7"
for state in cold warm; do
    st=$(run "$state")
    [ "$st" = 1 ] || fail "$state: exit status $st: $(cat "$TMP/$state.err")"
    [ "$(findings "$TMP/$state.json")" = "$expected" ] || fail "$state: findings $(findings "$TMP/$state.json"), expected $expected"
    [ "$(passed_over "$TMP/$state.json")" = 2 ] || fail "$state: $(passed_over "$TMP/$state.json") units passed over, expected 2 (later.c, plain.c)"
done
st=$(run none --no-prefilter)
[ "$(findings "$TMP/none.json")" = "$expected" ] || fail "--no-prefilter: findings $(findings "$TMP/none.json")"

# the header makes late_stat, which later.c already calls, a probe: later.c
# (unchanged, in the cache) is parsed now, and its finding is reported
cat >>"$P/include/port.h" <<'EOF'
#define late_stat port_stat
EOF
expected="FS202:alias.c:7 FS202:fmacro.c:7 FS202:later.c:10"
st=$(run changed)
[ "$(findings "$TMP/changed.json")" = "$expected" ] || fail "after the header changed: findings $(findings "$TMP/changed.json"), expected $expected"
[ "$(passed_over "$TMP/changed.json")" = 1 ] || fail "after the header changed: $(passed_over "$TMP/changed.json") units passed over, expected 1"
st=$(run changed-none --no-prefilter)
[ "$(findings "$TMP/changed-none.json")" = "$expected" ] || fail "after the header changed, --no-prefilter: $(findings "$TMP/changed-none.json")"
pass "macros of a header that probe make their users parsed; findings as with --no-prefilter"
