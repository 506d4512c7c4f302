#!/bin/sh
# 100,000 small .c files in 100 folders, one of them with a finding: all
# are read (the project index, the prefilter), the finding is reported,
# and the peak memory stays under a bound: 1 GB (about 700 MB are used),
# 3 GB under AddressSanitizer (about 1.7 GB), within the time limit.  No
# file changes.
#
#   many_files.sh FSCHECK TESTS_HOSTILE_DIR
. "$2/lib.sh"
LIMIT=${FSCHECK_HOSTILE_TIMEOUT:-240}

command -v python3 >/dev/null 2>&1 || skip "python3 is needed to make the files and read the report"
# in a RAM disk where there is one: making 100,000 files on a busy disk
# can take minutes
src=$TMP/src
if [ -d /dev/shm ] && [ -w /dev/shm ] && shm=$(mktemp -d /dev/shm/fscheck-hostile.XXXXXX 2>/dev/null); then
    CLEANUP='rm -rf "$shm"'
    src=$shm/src
fi
mkdir "$src"
python3 - "$src" <<'PY' || fail "cannot make the files"
import os, sys
src = sys.argv[1]
for d in range(100):
    os.mkdir('%s/d%02d' % (src, d))
    for i in range(1000):
        with open('%s/d%02d/f%04d.c' % (src, d, i), 'w') as f:
            f.write('int f%d_%d(int x) { return x + %d; }\n' % (d, i, i))
PY
one_finding >"$src/d42/probe.c"
snapshot "$src" "$TMP/before" meta

cd "$src" || fail "no $src"
start=$(date +%s)
run json --format=json -j2 . -- $CFLAGS
end=$(date +%s)
expect_status json 1
bound=1000000
if command -v ldd >/dev/null 2>&1 && ldd "$FSCHECK" | grep -q libasan; then
    bound=3000000
fi
expect_rss json $bound
python3 - "$TMP/json.out" <<'PY' || fail "not 100,001 files with one finding"
import json, sys
d = json.load(open(sys.argv[1]))
assert [(f['file'], f['line']) for f in d['findings']] == [('d42/probe.c', 9)], d['findings']
assert d['stats']['files'] + d['stats']['nothing_to_check'] == 100001, d['stats']
assert d['stats']['skipped'] == [], d['stats']['skipped'][:5]
PY
unchanged "$src" "$TMP/before" meta
pass "100,000 files: $((end - start)) s, peak memory $rss KiB"
