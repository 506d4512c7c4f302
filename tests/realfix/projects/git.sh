# git (github.com/git/git): its Makefile, the t/ test scripts.
# Sourced by realfix.sh, in the tree's folder for each step.

PROJ_APT="make gcc bear zlib1g-dev libssl-dev perl"
proj_marker() { echo git.c; }
proj_needs()  { echo make cc bear perl xargs; }
GIT_MAKE_OPTS=(DEVELOPER=1 NO_CURL=1 NO_EXPAT=1 NO_GETTEXT=1 NO_TCLTK=1 NO_PYTHON=1 NO_PERL=1)
# git's DEVELOPER=1 mode: -Werror -Wall -pedantic -std=gnu99
# -Wdeclaration-after-statement -Wextra and more (config.mak.dev).
proj_flags()  { echo "make ${GIT_MAKE_OPTS[*]} (DEVELOPER=1: git's own -Werror -Wall -Wextra -pedantic -std=gnu99 -Wdeclaration-after-statement ... set); compile_commands.json by bear"; }

# The whole t/ suite takes far longer than 15 minutes on 2 cores: by default
# the scripts of the areas fscheck's fixes touch (worktree, trace2, setup and
# discovery, submodule, clone, gc, ls-files, grep, difftool, bisect) and t0000.
# REALFIX_GIT_TESTS (globs under t/) chooses others.
GIT_TESTS=${REALFIX_GIT_TESTS:-"t0000-*.sh t021*.sh t24*.sh t1500-*.sh t1501-*.sh t1510-*.sh t7400-*.sh t5601-*.sh t6500-*.sh t3000-*.sh t7810-*.sh t7800-*.sh t6030-*.sh"}
proj_test_desc() { echo "t/ scripts $GIT_TESTS, each test of each script"; }
proj_compdb_dir() { echo .; }

proj_configure() { :; }

proj_build() {
    if [ -f compile_commands.json ]; then
        nice -n 10 make -j "$JOBS" "${GIT_MAKE_OPTS[@]}" all
    else
        nice -n 10 bear --output compile_commands.json -- make -j "$JOBS" "${GIT_MAKE_OPTS[@]}" all
    fi
}

# git_tap_to_tsv SCRIPT: a test script's TAP output to tsv lines
git_tap_to_tsv() {
    awk -v s="$1" '
        /^ok [0-9]+ # skip / { n = $2; sub(/^ok [0-9]+ # skip /, ""); print "skip\t" s " #" n ": " $0; next }
        /^not ok [0-9]+ - .*# TODO known breakage$/ { n = $3; sub(/^not ok [0-9]+ - /, ""); sub(/ # TODO known breakage$/, "");
                                                      print "skip\t" s " #" n ": " $0 " (known breakage)"; next }
        /^ok [0-9]+ - / { n = $2; sub(/^ok [0-9]+ - /, ""); sub(/ # TODO known breakage vanished$/, ""); print "pass\t" s " #" n ": " $0; next }
        /^not ok [0-9]+ - / { n = $3; sub(/^not ok [0-9]+ - /, ""); print "fail\t" s " #" n ": " $0; next }
        /^1\.\.0 # SKIP/ { print "skip\t" s " (whole script)" }'
}

git_run() { # git_run OUTDIR SCRIPT...: each script, JOBS at a time
    local out=$1; shift
    mkdir -p "$out/t"
    # shellcheck disable=SC2016
    printf '%s\n' "$@" | isolated xargs -P "$JOBS" -I{} sh -c '
        cd t && nice -n 10 sh "./$1" --root="$TMPDIR/trash" >"$2/t/$1.out" 2>&1
        echo "$1 $?" >>"$2/t/status"' sh {} "$out"
    local s rc
    for s in "$@"; do
        git_tap_to_tsv "${s%.sh}" <"$out/t/$s.out" >>"$out/tests.tsv"
        rc=$(awk -v s="$s" '$1 == s { print $2 }' "$out/t/status")
        echo "$s exited with ${rc:-?}"
        [ "$rc" = 0 ] && echo "pass	${s%.sh} (script)" >>"$out/tests.tsv" || echo "fail	${s%.sh} (script)" >>"$out/tests.tsv"
    done
}

proj_test() {
    local scripts
    # shellcheck disable=SC2086
    scripts=$(cd t && ls $GIT_TESTS 2>/dev/null | sort -u)
    [ -n "$scripts" ] || { echo "no test script matches $GIT_TESTS"; return 1; }
    # shellcheck disable=SC2086
    git_run "$1" $scripts
}

proj_retest() { # the scripts of these tests, once more
    local out=$1; shift
    # shellcheck disable=SC2046
    git_run "$out" $(printf '%s\n' "$@" | sed 's/ .*//; s/$/.sh/' | sort -u)
}
