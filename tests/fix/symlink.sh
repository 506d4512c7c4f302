#!/bin/sh
# A file that is a symlink is fixed through the link: the target gets the
# fixed text and the link stays a link to it.  --diff names the target, so
# that git apply patches the target too.
#
#   symlink.sh FSCHECK TESTS_FIX_DIR
. "$2/lib.sh"

# link_project DEST: src/guards.c is a symlink to ../lib/guards.c
link_project() {
    make_project "$1"
    mkdir "$1/lib"
    mv "$1/src/guards.c" "$1/lib/guards.c"
    ln -s ../lib/guards.c "$1/src/guards.c"
}

ref=$TMP/ref
make_project "$ref"
in_dir "$ref" --fix src/guards.c -- $CFLAGS
grep -q 'access(' "$ref/src/guards.c" && fail "the plain copy of src/guards.c was not fixed"

p=$TMP/p
link_project "$p"
in_dir "$p" --fix src/guards.c -- $CFLAGS
[ $status -eq 0 ] || { show "$p.err"; fail "fscheck --fix exited with $status, expected 0"; }
[ -L "$p/src/guards.c" ] || fail "src/guards.c is no longer a symlink"
[ "$(readlink "$p/src/guards.c")" = ../lib/guards.c ] || fail "src/guards.c points elsewhere: $(readlink "$p/src/guards.c")"
cmp "$p/lib/guards.c" "$ref/src/guards.c" || fail "the target lib/guards.c is not the fixed file"
no_temp_files "$p"

if command -v git >/dev/null 2>&1; then
    d=$TMP/d
    link_project "$d"
    in_dir "$d" --diff src/guards.c -- $CFLAGS
    grep -q '^+++ b/lib/guards.c' "$d.out" || { show "$d.out"; fail "--diff does not name the target lib/guards.c"; }
    g=$TMP/g
    link_project "$g"
    (cd "$g" && git init -q . && git apply "$d.out") >"$TMP/git.log" 2>&1 || { cat "$TMP/git.log"; fail "git apply failed"; }
    rm -rf "$g/.git"
    same_tree "$p" "$g"
fi
pass "a symlinked file is fixed through the link"
