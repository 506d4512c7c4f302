# build_opts.sh - sourced by the scripts that build a tree of their own
# (fuzz/run.sh, valgrind.sh) after they set $root, $build, $jobs and
# usage(): takes [-B BUILD_DIR] [-j N | -jN] off the front of "$@".
while [ $# -gt 0 ]; do
    case "$1" in
    -B) [ $# -ge 2 ] || usage; build=$2; shift 2 ;;
    -j) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
    -j*) jobs=${1#-j}; shift ;;
    -*) usage ;;
    *) break ;;
    esac
done
