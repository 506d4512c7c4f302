# jq (github.com/jqlang/jq): autotools, `make check`.
# Sourced by realfix.sh, in the tree's folder for each step.
# Its oniguruma submodule is not needed: Debian's libonig-dev is used.

PROJ_APT="autoconf automake libtool make gcc bear libonig-dev"
proj_marker() { echo src/jq.h; }
proj_needs()  { echo autoreconf automake libtoolize make cc bear; }
# configure's CFLAGS plus -Werror at make time (jq's Makefile.am adds -Wextra
# -Wall -Wno-unused-parameter -Wno-unused-function -Woverlength-strings
# -Wstrict-prototypes); this passes on the unmodified tree with gcc 12.
proj_flags()  { echo "autoreconf -i; ./configure --disable-docs --with-oniguruma=yes; make CFLAGS='<configure's CFLAGS> -Werror' (jq's AM_CFLAGS: -Wextra -Wall -Wno-unused-parameter -Wno-unused-function -Woverlength-strings -Wstrict-prototypes); compile_commands.json by bear"; }
proj_test_desc() { echo "make check (each tests/*.test case by line, each test script)"; }
proj_compdb_dir() { echo .; }

proj_configure() {
    autoreconf -i
    ./configure --disable-docs --with-oniguruma=yes
}

jq_make() {
    local cflags
    cflags=$(sed -n 's/^CFLAGS = //p' Makefile)
    nice -n 10 "$@" make -j "$JOBS" CFLAGS="$cflags -Werror"
}

proj_build() {
    if [ -f compile_commands.json ]; then jq_make; else jq_make bear --output compile_commands.json --; fi
}

# jq_results OUTDIR: the results of the test scripts that ran, from their logs
jq_results() {
    local trs log name
    for trs in tests/*.trs; do
        [ -e "$trs" ] || continue
        name=${trs%.trs}
        log=$name.log
        # the script's own result
        sed -n 's/^:test-result: //p' "$trs" | head -n 1 | awk -v n="$name" '
            { s = ($1 == "PASS" || $1 == "XFAIL") ? "pass" : ($1 == "SKIP") ? "skip" : "fail"; print s "\t" n }' >>"$1/tests.tsv"
        # each case of a `jq --run-tests` file: passed unless a *** line
        # follows its "Test #N" line, or the run stopped before its summary
        [ -f "$log" ] && awk -v n="$name" '
            /^Test #[0-9]+: .* at line number [0-9]+$/ {
                if (cur != "") print (bad ? "fail" : "pass") "\t" cur
                line = $0; sub(/.* at line number /, "", line)
                cur = n ":line " line; bad = 0; next }
            /^\*\*\* / { if (cur != "") bad = 1; next }
            /^[0-9]+ of [0-9]+ tests passed/ { done = 1 }
            END { if (cur != "") print ((bad || !done) ? "fail" : "pass") "\t" cur }' "$log" >>"$1/tests.tsv"
    done
}

proj_test() {
    local rc=0
    rm -f tests/*.log tests/*.trs test-suite.log
    isolated nice -n 10 make -j "$JOBS" check || rc=$?
    echo "make check exited with $rc"
    jq_results "$1"
}

# proj_retest OUTDIR NAME...: run the scripts of these tests once more
proj_retest() {
    local out=$1 scripts; shift
    scripts=$(printf '%s\n' "$@" | sed 's/:line .*//' | sort -u | tr '\n' ' ')
    rm -f tests/*.log tests/*.trs test-suite.log
    isolated make check TESTS="$scripts" || true
    jq_results "$out"
}
