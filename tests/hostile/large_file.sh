#!/bin/sh
# A .c file of 50 MB next to a file with one finding, found in a folder
# and named on the command line: it is skipped with "file too large",
# named on stderr and in the JSON report's stats.skipped, and neither
# read whole nor parsed (memory stays far below its size); the other
# file's finding is reported.  A header of 20 MB #included keeps its file
# from libclang (--engine=auto analyses it with tree-sitter, which reads no
# header that large).  No file changes.
#
#   large_file.sh FSCHECK TESTS_HOSTILE_DIR
. "$2/lib.sh"

command -v python3 >/dev/null 2>&1 || skip "python3 is needed to read the JSON report"
src=$TMP/src
mkdir "$src"
one_finding >"$src/small.c"
{ one_finding big; yes 'int filler_variable_of_a_generated_file;' | head -c 52428800; } >"$src/big.c"
mkdir "$src/include"
yes 'int filler_variable_of_a_generated_header;' | head -c 20971520 >"$src/include/big.h"
{ one_finding; echo '#include "big.h"'; } >"$src/includes_big.c"
snapshot "$src" "$TMP/before"

cd "$src" || fail "no $src"
for engine in auto tree-sitter; do
    run "$engine" --engine=$engine . -- $CFLAGS -Iinclude
    expect_status "$engine" 1
    expect_err "$engine" "^fscheck: big\.c: skipped: file too large \(over 16 MiB\)"
    expect_out "$engine" "^small\.c:9:9: warning: .*\[FS101\]"
    expect_out "$engine" "^includes_big\.c:9:9: warning: .*\[FS101\]"
    no_out "$engine" "^big\.c"
    expect_rss "$engine" 300000
done
expect_err auto "^fscheck: includes_big\.c: not given to libclang: 'include/big\.h' \(included from includes_big\.c:15\) is over 16 MiB; analysed with tree-sitter"
run json --format=json big.c small.c -- $CFLAGS
expect_status json 1
valid_json json
python3 - "$TMP/json.out" <<'PY' || fail "json: big.c is not in stats.skipped with its reason"
import json, sys
d = json.load(open(sys.argv[1]))
assert {"file": "big.c", "reason": "file too large (over 16 MiB)"} in d["stats"]["skipped"], d["stats"]
assert [f["file"] for f in d["findings"]] == ["small.c"], d["findings"]
PY
unchanged "$src" "$TMP/before"
pass "a file of 50 MB is skipped as too large"
