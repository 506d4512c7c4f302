#!/bin/sh
# --fix killed (SIGKILL) at moments spread over the writing of 200 files:
# each file is then wholly the old text or wholly the fixed text, never a
# mix, a truncation or an empty file; a temporary file left behind (only
# possible between its naming and its rename) holds the whole fixed text.
# fscheck waits (FSCHECK_TEST_PAUSE_BEFORE_FIX) after the analysis, so that
# the kills fall while it writes; a first, unkilled run gives the fixed
# texts and how long the writing takes.
#
#   fix_killed.sh FSCHECK TESTS_HOSTILE_DIR
. "$2/lib.sh"

python_input orig "make the input"
orig=$TMP/orig
python3 - "$orig" "$TMP/finding.c" <<'PY' || fail "cannot make the input"
import sys
orig, finding = sys.argv[1], open(sys.argv[2]).read()
filler = '/*\n' + ' * a comment that makes the file long enough to take a while to write\n' * 1500 + ' */\n'
for i in range(200):
    with open('%s/f%03d.c' % (orig, i), 'w') as f:
        f.write(finding.replace('is_directory', 'is_directory_%d' % i) + filler)
PY
FIXARGS="--engine=tree-sitter --no-index"

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# start_fix DIR: fscheck --fix on DIR in the background ($pid), after its
# pause has begun; $t0 is then (ms)
start_fix() {
    (cd "$1" && FSCHECK_TEST_PAUSE_BEFORE_FIX=0.2 exec "$FSCHECK" $FIXARGS --fix . -- $CFLAGS) \
        >"$TMP/run.out" 2>"$TMP/run.err" &
    pid=$!
    wait_for_pause "$TMP/run.err" $pid 0.02
    t0=$(now_ms)
}

# the fixed texts, and how long writing them takes (after the 0.2 s pause)
want=$TMP/want
cp -R "$orig" "$want"
start_fix "$want"
wait $pid
status=$?
[ $status -eq 0 ] || { show "$TMP/run.err"; fail "the unkilled --fix exited with $status"; }
write_ms=$(($(now_ms) - t0 - 200))
[ $write_ms -gt 0 ] || write_ms=1
grep -q 'fixed 200 findings; 0 left' "$TMP/run.err" || { show "$TMP/run.err"; fail "the unkilled --fix did not fix 200 findings"; }
[ -z "$(grep -l 'access(path, F_OK)' "$want"/*.c)" ] || fail "the unkilled --fix left a file unfixed"

rounds=8
mixed=0
left=0
r=0
lo=0 hi=$((write_ms * 2))
while [ $r -lt $rounds ] || { [ $mixed -eq 0 ] && [ $r -lt $((rounds * 2)) ]; }; do
    w=$TMP/w$r
    cp -R "$orig" "$w"
    if [ $r -lt $rounds ]; then
        # kill at 0.2 s + r/rounds of the writing, and a little before and after
        delay=$((200 + (write_ms * (r + 1) * 12 / 10) / rounds - write_ms / 10))
    else
        # none fell mid-way (a busy machine writes slower or faster than it
        # did at first): halve the interval between "nothing written yet"
        # and "all written"
        delay=$((200 + (lo + hi) / 2))
    fi
    start_fix "$w"
    while [ $(($(now_ms) - t0)) -lt $delay ]; do
        sleep 0.005
    done
    kill -9 $pid 2>/dev/null
    wait $pid 2>/dev/null
    # every file old or fixed; a temporary file only with a whole fixed text
    counts=$(python3 - "$orig" "$want" "$w" <<'PY'
import os, sys
orig, want, w = sys.argv[1:]
old = new = tmp = 0
fixed = set()
for name in sorted(os.listdir(orig)):
    o, f = open(os.path.join(orig, name), 'rb').read(), open(os.path.join(want, name), 'rb').read()
    fixed.add(f)
    got = open(os.path.join(w, name), 'rb').read()
    if got == o:
        old += 1
    elif got == f:
        new += 1
    else:
        sys.exit('%s is neither the old nor the fixed text (%d bytes)' % (name, len(got)))
for name in os.listdir(w):
    if name in os.listdir(orig):
        continue
    if not name.startswith('.fscheck-fix-'):
        sys.exit('%s is new' % name)
    if open(os.path.join(w, name), 'rb').read() not in fixed:
        sys.exit('%s left behind does not hold a whole fixed text' % name)
    tmp += 1
print(old, new, tmp)
PY
) || fail "round $r: see above"
    set -- $counts
    old=$1 new=$2 left=$((left + $3))
    [ $old -gt 0 ] && [ $new -gt 0 ] && mixed=$((mixed + 1))
    [ $new -eq 0 ] && [ $((delay - 200)) -gt $lo ] && lo=$((delay - 200))
    [ $old -eq 0 ] && [ $((delay - 200)) -lt $hi ] && hi=$((delay - 200))
    echo "round $r: killed at +$((delay - 200)) ms of ${write_ms} ms: $new fixed, $old old"
    rm -rf "$w"
    r=$((r + 1))
done
# the kills must have fallen while files were being written, at least once
[ $mixed -gt 0 ] || fail "no kill fell between two files being written (writing takes $write_ms ms)"
pass "killed $r times while fixing: every file wholly old or wholly new ($mixed kills mid-way, $left temporary files left)"
