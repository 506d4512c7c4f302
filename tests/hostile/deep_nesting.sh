#!/bin/sh
# Expressions and statements nested 10,000 deep, each in a file of its own
# before a function with one finding: brackets, unary, binary, assignment
# and conditional chains, calls, blocks, and ifs.  With every engine, no
# crash (no unbounded recursion in fscheck's walkers or in libclang's
# parser) and no time-out; auto and tree-sitter find every finding (a
# function too deep is left out with a message saying so); libclang alone
# stops at its bracket limit and says so.  No file changes.
#
#   deep_nesting.sh FSCHECK TESTS_HOSTILE_DIR
. "$2/lib.sh"

python_input src "make the input"
src=$TMP/src
make_input <<'PY'
n = 10000
forms = {
    'parens':  'int f(int x) { return ' + '(' * n + 'x' + ')' * n + '; }',
    'unary':   'int f(int x) { return ' + '!' * n + 'x; }',
    'minus':   'int f(int x) { return ' + '- ' * n + 'x; }',
    'binary':  'int f(int x) { return ' + ' + '.join(['x'] * n) + '; }',
    'assign':  'int f(int x) { int y; return ' + 'y = ' * n + 'x; }',
    'ternary': 'int f(int x) { return ' + 'x ? x : ' * n + 'x; }',
    'calls':   'int g(int); int f(int x) { return ' + 'g(' * n + 'x' + ')' * n + '; }',
    'blocks':  'int f(int x) { ' + '{' * n + 'x++;' + '}' * n + ' return x; }',
    'ifs':     'int f(int x) { ' + 'if (x) ' * n + 'x++; return x; }',
    'elses':   'int f(int x) { ' + 'if (x) x++; else ' * n + 'x--; return x; }',
}
for name, code in forms.items():
    with open('%s/%s.c' % (src, name), 'w') as f:
        f.write(finding.replace('/* One', '/* %s: one' % name, 1) + code + '\n')
PY
forms="parens unary minus binary assign ternary calls blocks ifs elses"
snapshot "$src" "$TMP/before"

cd "$src" || fail "no $src"
for engine in auto tree-sitter clang; do
    run "$engine" --engine=$engine -j2 . -- $CFLAGS
    expect_status "$engine" 1
    expect_rss "$engine" 2000000
    for f in $forms; do
        if grep -q "^$f\.c:9:9: warning: .*\[FS101\]" "$TMP/$engine.out"; then
            continue
        fi
        # libclang gives up at a bracket nesting of 256, and says so
        [ "$engine" = clang ] || fail "$engine: the finding of $f.c was not reported"
        expect_err "$engine" "^fscheck: $f\.c: .*(bracket nesting level exceeded|not given to libclang)"
    done
    unchanged "$src" "$TMP/before"
done
# tree-sitter says which function it left out, and why
expect_err tree-sitter "^fscheck: [a-z]+\.c:[0-9]+: function 'f' is too deeply nested to analyse"
pass "10,000-deep nesting is analysed or skipped with a reason, with every engine"
