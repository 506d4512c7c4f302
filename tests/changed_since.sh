#!/bin/sh
# changed_since.sh - --changed-since=REV in a temporary git repository.
#
#   changed_since.sh FSCHECK
#
# Only findings on lines changed since REV are reported (uncommitted or
# committed since, and new untracked files); a bad revision, and a folder
# outside any work tree, are usage errors (exit 2).  Skipped (77) without git.
set -u

fscheck=$1
command -v git >/dev/null 2>&1 || { echo "SKIP: git is not installed"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fscheck-changed.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
flags="-std=c11 -D_GNU_SOURCE"
git() { command git -c user.name=fscheck-test -c user.email=test@fscheck.invalid -c commit.gpgsign=false \
    -c init.defaultBranch=main "$@"; }

mkdir "$tmp/repo" "$tmp/not-a-repo"
cd "$tmp/repo" || exit 1
git init -q . || fail "git init"
cat >old.c <<'C'
#include <sys/stat.h>
#include <unistd.h>

long old_size(const char *path)
{
    struct stat st;

    if (access(path, F_OK) != 0)
        return -1;
    if (stat(path, &st) != 0)
        return -1;
    return (long)st.st_size;
}
C
git add old.c && git commit -q -m "old code" || fail "git commit"

# nothing changed yet
"$fscheck" --changed-since=HEAD old.c -- $flags >out.txt 2>err.txt
[ $? -eq 0 ] || { cat out.txt err.txt; fail "unchanged file: expected no findings"; }
grep -q "1 finding on lines not changed since HEAD left out" err.txt || fail "no note of the finding left out"

# a new function below the old finding, not committed
cat >>old.c <<'C'

int new_is_dir(const char *p)
{
    struct stat st;

    if (access(p, F_OK) != 0)
        return 0;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}
C
"$fscheck" --changed-since=HEAD old.c -- $flags >out.txt 2>err.txt
[ $? -eq 1 ] || fail "uncommitted change: expected exit 1"
grep -q "old.c:19:9: warning: .*\[FS101\]" out.txt || { cat out.txt; fail "uncommitted change: the new finding"; }
grep -q "old.c:8:" out.txt && fail "uncommitted change: the old finding was reported"

# the same once committed, with an untracked file next to it
git add old.c && git commit -q -m "new code" || fail "git commit"
sed 's/old_size/other_size/' old.c >untracked.c
"$fscheck" --changed-since=HEAD~1 . -- $flags >out.txt 2>err.txt
[ $? -eq 1 ] || fail "committed change: expected exit 1"
grep -q "old.c:19:9: warning" out.txt || { cat out.txt; fail "committed change: the new finding"; }
grep -q "old.c:8:" out.txt && fail "committed change: the old finding was reported"
[ "$(grep -c '^untracked.c:.*warning' out.txt)" -eq 2 ] || { cat out.txt; fail "an untracked file is new in every line"; }
"$fscheck" --changed-since=HEAD old.c -- $flags >out.txt 2>err.txt
[ $? -eq 0 ] || fail "no change since HEAD: expected exit 0"

# a changed line inside the old function
sed 's/if (access(path, F_OK) != 0)/if (access(path, F_OK) != 0) \/* touched *\//' old.c >old.new && mv old.new old.c
"$fscheck" --changed-since=HEAD old.c -- $flags >out.txt 2>err.txt
[ $? -eq 1 ] || fail "changed line: expected exit 1"
grep -q "old.c:8:9: warning" out.txt || { cat out.txt; fail "changed line: its finding"; }
grep -q "old.c:19:" out.txt && fail "changed line: the unchanged new finding was reported"

# bad revisions, and no work tree
for rev in no-such-revision HEAD~5 --output=x ""; do
    "$fscheck" "--changed-since=$rev" old.c -- $flags >out.txt 2>err.txt
    [ $? -eq 2 ] || fail "--changed-since='$rev': expected exit 2"
    grep -q "is not a" err.txt || { cat err.txt; fail "--changed-since='$rev': no message"; }
done
[ -e x ] && fail "a revision was taken as a git option"
cp old.c "$tmp/not-a-repo/" && cd "$tmp/not-a-repo" || exit 1
GIT_CEILING_DIRECTORIES=$tmp "$fscheck" --changed-since=HEAD old.c -- $flags >out.txt 2>err.txt
[ $? -eq 2 ] || fail "outside a work tree: expected exit 2"
grep -q "not in a git work tree" err.txt || { cat err.txt; fail "outside a work tree: no message"; }

echo "changed_since.sh: all checks passed"
