# index_cache.sh - the project index and its cache: a wrapper of a wrapper
# across three files (defined in files that sort after their callers), the
# same findings with an empty and with a filled cache, a changed (and a
# removed) wrapper that changes what the files kept in the cache say, a
# corrupt or foreign cache ignored and rewritten, the call graph file, and
# files not read again while lstat shows them unchanged, and files of other
# roots unused for a month removed.
. "$(dirname "$0")/lib.sh"

P=$TMP/proj
mkdir -p "$P/src"
: >"$P/.fscheck.yml"
cat >"$P/src/z_exists.c" <<'EOF'
#include <unistd.h>

int path_exists(const char *p)
{
    return access(p, F_OK) == 0;
}
EOF
cat >"$P/src/m_has.c" <<'EOF'
int path_exists(const char *p);

int has_config(const char *p)
{
    return path_exists(p);
}
EOF
cat >"$P/src/a_read.c" <<'EOF'
#include <stdio.h>

int has_config(const char *p);

int read_config(const char *p, char *buf, int n)
{
    if (!has_config(p))
        return -1;
    FILE *f = fopen(p, "r");
    if (!f)
        return -1;
    int got = (int)fread(buf, 1, (size_t)n, f);
    fclose(f);
    return got;
}
EOF

CACHE=$TMP/cache
run() { # run NAME: fscheck on a_read.c alone (the index brings the others)
    (cd "$P" && FSCHECK_CACHE_DIR=$CACHE FSCHECK_INDEX_STATS=1 "$FSCHECK" --engine=tree-sitter --format=json \
        src/a_read.c >"$TMP/$1.json" 2>"$TMP/$1.err")
    echo $?
}
set_key() { # set_key FILE KEY VALUE: a top-level string of a JSON file
    python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
d[sys.argv[2]] = sys.argv[3]
json.dump(d, open(sys.argv[1], "w"))' "$@" || fail "python3 could not edit $1"
}
rules() { sed -n 's/^ *"rule": "\(FS[0-9]*\)",*$/\1/p' "$1" | tr '\n' ' '; }

# 1. empty cache: every file parsed; the probe two wrappers down is found
st=$(run cold)
[ "$st" = 1 ] || fail "cold run: exit status $st, expected 1 (a finding): $(cat "$TMP/cold.err")"
grep -q "3 files, 3 parsed, 0 from the cache" "$TMP/cold.err" || fail "cold run: index stats: $(cat "$TMP/cold.err")"
[ "$(rules "$TMP/cold.json")" = "FS201 " ] || fail "cold run: findings $(rules "$TMP/cold.json"), expected FS201"
ls "$CACHE"/index-*.json >/dev/null 2>&1 || fail "no cache file written in $CACHE"

# 2. filled cache: nothing parsed, the same report
st=$(run warm)
[ "$st" = 1 ] || fail "warm run: exit status $st"
grep -q "3 files, 0 parsed, 3 from the cache" "$TMP/warm.err" || fail "warm run: index stats: $(cat "$TMP/warm.err")"
cmp -s "$TMP/cold.json" "$TMP/warm.json" || fail "warm run: report differs from the cold one"

# 3. the bottom wrapper stops probing: its file is parsed again, and the
#    middle one, kept in the cache, is lowered again with the change
cat >"$P/src/z_exists.c" <<'EOF'
int path_exists(const char *p)
{
    return p != 0;
}
EOF
st=$(run changed)
[ "$st" = 0 ] || fail "after the change: exit status $st, expected 0: $(rules "$TMP/changed.json")"
# (the two others come from the cache, and are both parsed again in part:
# the middle wrapper, then the caller of the middle wrapper)
grep -q "3 files, 3 parsed, 2 from the cache" "$TMP/changed.err" ||
    fail "after the change: index stats: $(cat "$TMP/changed.err")"
# and back: the finding returns
cat >"$P/src/z_exists.c" <<'EOF'
#include <unistd.h>

int path_exists(const char *p)
{
    return access(p, F_OK) == 0;
}
EOF
st=$(run back)
[ "$st" = 1 ] || fail "after changing it back: exit status $st"
cmp -s "$TMP/cold.json" "$TMP/back.json" || fail "after changing it back: report differs from the cold one"

# the bottom wrapper's file goes: nothing probes any more
mv "$P/src/z_exists.c" "$TMP/z_exists.c"
st=$(run gone)
[ "$st" = 0 ] || fail "with the wrapper's file gone: exit status $st, expected 0: $(rules "$TMP/gone.json")"
mv "$TMP/z_exists.c" "$P/src/z_exists.c"
st=$(run back2)
cmp -s "$TMP/cold.json" "$TMP/back2.json" || fail "with the file back: report differs from the cold one"

# 4. a corrupt cache is ignored (everything parsed again) and rewritten
for c in "$CACHE"/index-*.json; do printf '{"format": "fscheck-index", "version": ' >"$c"; done
st=$(run corrupt)
[ "$st" = 1 ] || fail "corrupt cache: exit status $st"
grep -q "3 files, 3 parsed, 0 from the cache" "$TMP/corrupt.err" || fail "corrupt cache: index stats: $(cat "$TMP/corrupt.err")"
cmp -s "$TMP/cold.json" "$TMP/corrupt.json" || fail "corrupt cache: report differs from the cold one"
st=$(run again)
grep -q "0 parsed, 3 from the cache" "$TMP/again.err" || fail "corrupt cache not rewritten: $(cat "$TMP/again.err")"

# 5. a cache of another root (same file name) is not trusted
for c in "$CACHE"/index-*.json; do
    set_key "$c" root /somewhere/else
done
st=$(run foreign)
grep -q "3 files, 3 parsed, 0 from the cache" "$TMP/foreign.err" || fail "foreign cache used: $(cat "$TMP/foreign.err")"
cmp -s "$TMP/cold.json" "$TMP/foreign.json" || fail "foreign cache: report differs from the cold one"

# 6. the call graph is a file of its own, read when a file changed: missing,
#    or of another save, the index is built again as without a cache
run graph >/dev/null
ls "$CACHE"/index-*.graph.json >/dev/null 2>&1 || fail "no call graph file written in $CACHE"
for g in "$CACHE"/index-*.graph.json; do
    set_key "$g" generation another
done
printf '\n' >>"$P/src/m_has.c"
st=$(run graph-other)
[ "$st" = 1 ] || fail "call graph of another save: exit status $st"
grep -q "3 files, 3 parsed, 0 from the cache" "$TMP/graph-other.err" ||
    fail "call graph of another save: index stats: $(cat "$TMP/graph-other.err")"
cmp -s "$TMP/cold.json" "$TMP/graph-other.json" || fail "call graph of another save: report differs from the cold one"
rm -f "$CACHE"/index-*.graph.json
printf '\n' >>"$P/src/m_has.c"
st=$(run graph-gone)
grep -q "3 files, 3 parsed, 0 from the cache" "$TMP/graph-gone.err" ||
    fail "call graph gone: index stats: $(cat "$TMP/graph-gone.err")"
cmp -s "$TMP/cold.json" "$TMP/graph-gone.json" || fail "call graph gone: report differs from the cold one"

# 7. a file lstat shows as it was when cached is not read again, once its
#    times are older than a clock tick at the read (then the cache is
#    written again with them), and when none is, the cache's result file
#    is the index (not when corrupt, of another root, or a file changed);
#    a change of the same size with the old modification time back is
#    still seen (its change time is new)
sleep 3
st=$(run restamp)
# (some may have been stamped already, when the test runs slowly)
grep -q "3 files, 0 parsed, 3 from the cache" "$TMP/restamp.err" ||
    fail "files older than a tick: index stats: $(cat "$TMP/restamp.err")"
st=$(run unread)
grep -q "3 files, 0 parsed, 3 from the cache (3 unread)" "$TMP/unread.err" ||
    fail "unchanged files read again: index stats: $(cat "$TMP/unread.err")"
cmp -s "$TMP/cold.json" "$TMP/unread.json" || fail "unchanged files: report differs from the cold one"
# the same files, all unchanged: the index is the cache's result file alone
grep -q "the cached result, every file unchanged" "$TMP/unread.err" ||
    fail "unchanged files: the result file was not taken: $(cat "$TMP/unread.err")"
ls "$CACHE"/index-*.result.json >/dev/null 2>&1 || fail "no result file written in $CACHE"
# a corrupt result file, or one of another root, is not taken: the records
# are read, the report is the same, and the result is written again
for r in "$CACHE"/index-*.result.json; do printf '{"format": "fscheck-index-result", "files": [' >"$r"; done
st=$(run result-corrupt)
grep -q "the cached result" "$TMP/result-corrupt.err" && fail "a corrupt result file was taken"
grep -q "3 files, 0 parsed, 3 from the cache (3 unread)" "$TMP/result-corrupt.err" ||
    fail "a corrupt result file: index stats: $(cat "$TMP/result-corrupt.err")"
cmp -s "$TMP/cold.json" "$TMP/result-corrupt.json" || fail "a corrupt result file: report differs from the cold one"
st=$(run result-again)
grep -q "the cached result, every file unchanged" "$TMP/result-again.err" ||
    fail "the result file was not written again: $(cat "$TMP/result-again.err")"
for r in "$CACHE"/index-*.result.json; do
    set_key "$r" root /somewhere/else
done
st=$(run result-foreign)
grep -q "the cached result" "$TMP/result-foreign.err" && fail "a result file of another root was taken"
cmp -s "$TMP/cold.json" "$TMP/result-foreign.json" || fail "a result file of another root: report differs from the cold one"
cp -p "$P/src/z_exists.c" "$TMP/z_exists.orig"
python3 - "$P/src/z_exists.c" <<'EOF' || fail "python3 could not edit z_exists.c"
import sys
t = open(sys.argv[1]).read()
n = t.replace("access(p, F_OK) == 0", "p != 0")
n = n.replace("\n}", " " * (len(t) - len(n)) + "\n}")
assert len(n) == len(t)
open(sys.argv[1], "w").write(n)
EOF
touch -r "$TMP/z_exists.orig" "$P/src/z_exists.c"
st=$(run same-size)
[ "$st" = 0 ] || fail "a change of the same size and time: exit status $st, expected 0: $(cat "$TMP/same-size.err")"
grep -q "3 files, 3 parsed, 2 from the cache (2 unread)" "$TMP/same-size.err" ||
    fail "a change of the same size and time: index stats: $(cat "$TMP/same-size.err")"
# (the result file, written by the run before, says what the file was)
grep -q "the cached result" "$TMP/same-size.err" && fail "a change of the same size and time: the result file was taken"

# 8. what the index takes: .c and .h files in folders below the root; not
#    symbolic links (to a file or a folder), other names, or hidden folders
mkdir -p "$P/src/sub" "$P/.hidden" "$P/docs"
printf 'int in_sub(void);\n' >"$P/src/sub/sub.h"
printf 'int hidden(void) { return 0; }\n' >"$P/.hidden/h.c"
printf 'not C\n' >"$P/docs/README"
printf 'int not_source(void) { return 0; }\n' >"$P/docs/x.cc"
ln -s z_exists.c "$P/src/link.c"
ln -s src "$P/linked"
ln -s gone.c "$P/src/sub/dangling.c"
st=$(run walk)
[ "$st" = 0 ] || fail "the walk: exit status $st, expected 0: $(cat "$TMP/walk.err")"
grep -q "4 files, 1 parsed, 3 from the cache" "$TMP/walk.err" ||
    fail "the walk: index stats (expected 4 files: the 3 and src/sub/sub.h): $(cat "$TMP/walk.err")"

# 9. a wrapper whose probe is of its second parameter, in a file that calls
#    back into the file of its callers, which is ordered first: its callers
#    are lowered before it has a summary, and again after; the caller
#    passing its parameter second is a wrapper, the one passing it first is
#    not; either engine, with an empty and a filled cache
Q=$TMP/proj2
mkdir -p "$Q"
: >"$Q/.fscheck.yml"
cat >"$Q/z_wrap.c" <<'EOF'
#include <unistd.h>

void note(const char *msg);

int exists_second(const char *tag, const char *p)
{
    note(tag);
    return access(p, F_OK) == 0;
}
EOF
cat >"$Q/a_callers.c" <<'EOF'
#include <unistd.h>

int exists_second(const char *tag, const char *p);

void note(const char *msg) { (void)msg; }
/* (each calls a path call of its own: lowered in the first pass, before
 * exists_second has a summary) */
int by_first(const char *p)
{
    (void)access("/", F_OK);
    return exists_second(p, "/etc/motd");
}
int by_second(const char *p)
{
    (void)access("/", F_OK);
    return exists_second("tag", p);
}
EOF
cat >"$Q/m_main.c" <<'EOF'
#include <sys/stat.h>

int by_first(const char *p);
int by_second(const char *p);

int use_second(const char *p)
{
    struct stat st;
    if (!by_second(p))
        return -1;
    return stat(p, &st);
}

int use_first(const char *p)
{
    struct stat st;
    if (!by_first(p))
        return -1;
    return stat(p, &st);
}
EOF
for engine in tree-sitter clang; do
    for pass in empty filled; do
        [ "$pass" = empty ] && rm -rf "$TMP/cache2"
        (cd "$Q" && FSCHECK_CACHE_DIR=$TMP/cache2 "$FSCHECK" --engine=$engine --format=json m_main.c \
            >"$TMP/pos.json" 2>"$TMP/pos.err")
        got=$(sed -n 's/^ *"rule": "\(FS[0-9]*\)",*$/\1/p' "$TMP/pos.json" | tr '\n' ' ')
        [ "$got" = "FS101 " ] || { cat "$TMP/pos.err"; fail "$engine, $pass cache: rules '$got', expected 'FS101 '"; }
        grep -q '"line": 9' "$TMP/pos.json" || fail "$engine, $pass cache: the finding is not at line 9: $(cat "$TMP/pos.json")"
    done
done

# 10. the cache folder: files of other roots that no run used for 30 days
#     (FSCHECK_CACHE_DAYS) go when a run writes its own; names the index
#     does not write stay, and so do the files of a root a run uses
C3=$TMP/cache3
old="index-0123456789abcdef"
fill() { # a cache folder anew: another root's files unused for 40 days (one for 10), other names
    rm -rf "$C3"
    mkdir -p "$C3"
    for f in "$old.json" "$old.graph.json" "$old.result.json" "$old.json.tmp.4242" notes.txt index-0123.json \
        "index-0123456789abcdee.json"; do
        printf '{}\n' >"$C3/$f"
    done
    touch -d '40 days ago' "$C3/$old.json" "$C3/$old.graph.json" "$C3/$old.result.json" "$C3/$old.json.tmp.4242" \
        "$C3/notes.txt" "$C3/index-0123.json"
    touch -d '10 days ago' "$C3/index-0123456789abcdee.json"
}
fill
(cd "$Q" && FSCHECK_CACHE_DAYS=0 FSCHECK_CACHE_DIR=$C3 "$FSCHECK" --format=json m_main.c >"$TMP/keep.json" 2>"$TMP/keep.err")
[ -f "$C3/$old.json" ] || fail "FSCHECK_CACHE_DAYS=0: an old cache file was removed"
fill
(cd "$Q" && FSCHECK_CACHE_DIR=$C3 "$FSCHECK" --format=json m_main.c >"$TMP/prune.json" 2>"$TMP/prune.err")
for f in "$old.json" "$old.graph.json" "$old.result.json" "$old.json.tmp.4242"; do
    [ ! -e "$C3/$f" ] || fail "a cache file unused for 40 days was not removed: $f"
done
for f in notes.txt index-0123.json index-0123456789abcdee.json; do
    [ -e "$C3/$f" ] || fail "removed from the cache folder: $f"
done
own=$(ls "$C3"/index-????????????????.json | grep -v -e "$old" -e 0123456789abcdee | head -n 1)
[ -n "$own" ] || fail "no cache file of the run's own root in $C3: $(ls "$C3")"
# the root's own files, unused for 40 days, are used by a run: kept
touch -d '40 days ago' "$C3"/index-*.json
(cd "$Q" && FSCHECK_CACHE_DIR=$C3 "$FSCHECK" --format=json m_main.c >"$TMP/use.json" 2>"$TMP/use.err")
[ -n "$(find "$own" -mmin -5)" ] || fail "a run that used the cache did not mark it used: $(ls -l "$own")"
cmp -s "$TMP/prune.json" "$TMP/use.json" || fail "the report differs after the cache was marked used"

pass "index cache: cold, warm, a changed wrapper, corrupt and foreign caches, its call graph, lstat stamps, the walk, callers lowered again, old caches removed"
