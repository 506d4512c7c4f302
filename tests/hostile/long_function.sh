#!/bin/sh
# A function of 100,000 statements (assignments and branches), and one of
# 10,000 stat() calls of one path, each before a function with one
# finding.  The first is analysed; the second is left out with a message
# saying why (too many calls on one path to pair), in bounded time and
# memory; the findings after them are reported.  No file changes.
#
#   long_function.sh FSCHECK TESTS_HOSTILE_DIR
. "$2/lib.sh"

python_input src "make the input"
src=$TMP/src
make_input <<'PY'
n = 100000
with open(src + '/statements.c', 'w') as f:
    f.write(finding + 'int g(int x)\n{\n')
    for i in range(n // 2):
        f.write('    x += %d;\n    if (x == %d)\n        x--;\n' % (i, i))
    f.write('    return x;\n}\n')
with open(src + '/probes.c', 'w') as f:
    f.write(finding + 'int h(const char *p)\n{\n    int n = 0;\n    struct stat st;\n')
    for i in range(n // 10):
        f.write('    if (stat(p, &st) == 0)\n        n += %d;\n' % i)
    f.write('    return n;\n}\n')
PY
snapshot "$src" "$TMP/before"

cd "$src" || fail "no $src"
for engine in auto tree-sitter; do
    run "$engine" --engine=$engine -j2 . -- $CFLAGS
    expect_status "$engine" 1
    expect_rss "$engine" 3000000
    expect_out "$engine" "^statements\.c:9:9: warning: .*\[FS101\]"
    expect_out "$engine" "^probes\.c:9:9: warning: .*\[FS101\]"
    expect_err "$engine" "^fscheck: probes\.c:[0-9]+: function 'h' is too large to analyse \(10000 filesystem calls"
    no_err "$engine" "statements\.c"
    unchanged "$src" "$TMP/before"
done
pass "functions of 100,000 statements are analysed, or left out with a reason"
