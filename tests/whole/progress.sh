#!/bin/sh
# Progress on stderr when it is a terminal: "[index n/N] file" lines while
# the project index is built (with an empty cache), then "[n/N] file" lines
# up to "[7/7]", with an estimate of the time left, the line cleared at the
# end; nothing with --quiet, or when stderr is no terminal; the report on
# stdout is the same either way.  The
# terminal comes from util-linux's script(1) (skipped without it).
. "$(dirname "$0")/lib.sh"

command -v script >/dev/null 2>&1 || { echo "SKIP: no script(1)"; exit 77; }
make_project "$TMP/p"
P="$TMP/p"

export FSCHECK_CACHE_DIR="$TMP/cache-plain"
in_dir "$P" "$TMP/plain.json" -p build -j2 --format=json
expect_status 1 "$TMP/plain.json" "without a terminal"
! grep -q "\[" "$TMP/plain.json.err" || { cat "$TMP/plain.json.err"; fail "progress lines without a terminal"; }
export FSCHECK_CACHE_DIR="$TMP/cache-tty"

(cd "$P" && script -qec "'$FSCHECK' -p build -j2 --format=json >'$TMP/tty.json'" "$TMP/tty.log") >/dev/null 2>&1
cmp "$TMP/plain.json" "$TMP/tty.json" >/dev/null || fail "the report differs when stderr is a terminal"
for n in 1 7; do
    grep -q "\[$n/7\] " "$TMP/tty.log" || { cat -v "$TMP/tty.log"; fail "no [$n/7] progress line on the terminal"; }
done
grep -q "left)" "$TMP/tty.log" || { cat -v "$TMP/tty.log"; fail "no estimate of the time left"; }
grep -q "\[index [0-9]*/[0-9]*\] " "$TMP/tty.log" || { cat -v "$TMP/tty.log"; fail "no progress line of the index"; }
export FSCHECK_CACHE_DIR="$TMP/cache-quiet"

(cd "$P" && script -qec "'$FSCHECK' --quiet -p build -j2 --format=json >'$TMP/quiet.json'" "$TMP/quiet.log") >/dev/null 2>&1
cmp "$TMP/plain.json" "$TMP/quiet.json" >/dev/null || fail "the report differs with --quiet on a terminal"
! grep -q "/7\]" "$TMP/quiet.log" || { cat -v "$TMP/quiet.log"; fail "progress lines with --quiet"; }
! grep -q "\[index" "$TMP/quiet.log" || { cat -v "$TMP/quiet.log"; fail "index progress lines with --quiet"; }

pass "progress on a terminal only, and not with --quiet"
