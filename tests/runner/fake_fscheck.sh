#!/bin/sh
# A stand-in for fscheck, used to test testdata_runner itself.
#
# It checks that it was called the way the runner must call it
#   fake_fscheck.sh --format=json [ARGS...] NAME.c -- -std=c11 -D_GNU_SOURCE
# from the case's own folder (or, for the fix run, a folder holding a copy of
# it), then prints NAME.json (or NAME.ENGINE.json when --engine=ENGINE was
# given and that file exists) and exits with the status in NAME.status
# ("segv" kills itself), or by default 1 when the JSON names a rule and 0
# otherwise.
#
# With --fix it "fixes" NAME.c in place with the sed script NAME.sed, and
# with --unsafe-fixes also with NAME.unsafe.sed; without them it leaves the
# file alone.
set -u

die() { echo "fake_fscheck: $*" >&2; exit 3; }

[ "${1:-}" = "--format=json" ] || die "first argument is not --format=json: $*"
shift
case_file=
engine=
fix=
unsafe=
while [ $# -gt 0 ]; do
    case $1 in
        --) shift; break ;;
        --engine=*) engine=${1#--engine=} ;;
        --fix) fix=1 ;;
        --unsafe-fixes) unsafe=1 ;;
        --*) ;;
        *) case_file=$1 ;;
    esac
    shift
done
[ "$*" = "-std=c11 -D_GNU_SOURCE" ] || die "compiler arguments are not '-std=c11 -D_GNU_SOURCE': $*"
[ -n "$case_file" ] || die "no case file"
case $case_file in */*) die "case file given with a folder: $case_file" ;; esac
[ -f "$case_file" ] || die "$case_file is not in the working directory $(pwd)"

name=${case_file%.c}
json=$name.json
if [ -n "$engine" ] && [ -f "$name.$engine.json" ]; then
    json=$name.$engine.json
fi
[ -f "$json" ] || die "no $json"
cat "$json"

if [ -n "$fix" ]; then
    if [ -f "$name.sed" ]; then
        sed -i -f "$name.sed" "$case_file" || die "cannot fix $case_file"
    fi
    if [ -n "$unsafe" ] && [ -f "$name.unsafe.sed" ]; then
        sed -i -f "$name.unsafe.sed" "$case_file" || die "cannot fix $case_file"
    fi
fi

if [ -f "$name.status" ]; then
    status=$(cat "$name.status")
    if [ "$status" = segv ]; then
        kill -SEGV $$
    fi
    exit "$status"
fi
if grep -q '"rule"' "$json"; then exit 1; fi
exit 0
