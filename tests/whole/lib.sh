# lib.sh - shared by the tests in tests/whole/: sourced as
#
#   . lib.sh   (with $1 = the fscheck binary, $2 = this folder)
#
# Each test works on a copy of project/ in a temporary folder of its own
# (removed at the end), with a build/compile_commands.json written for that
# folder.  fail() ends a test with status 1.
FS_TEST_KIND=whole-test
. "$(cd "$2" && pwd)/../common.sh"
WHOLEDIR=$(cd "$2" && pwd)

# The units of project/ with a finding each (with their own flags; and
# src/clean.c without one).
UNITS="src/a.c src/b.c src/c.c src/d.c src/util/e.c src/util/f.c"

# units JSON: the units a JSON report accounts for (analysed, or passed over
# by the prefilter)
units() {
    a=$(sed -n 's/^ *"files": \([0-9]*\),$/\1/p' "$1")
    b=$(sed -n 's/^ *"nothing_to_check": \([0-9]*\),*$/\1/p' "$1")
    echo $((${a:-0} + ${b:-0}))
}

# make_project DEST: a copy of project/ and its build/compile_commands.json.
# The entries use relative "file" names and -I paths against "directory"
# folders that differ, both the "command" and the "arguments" forms, an
# absolute "file", dependency-file options and a clean unit; extra/solo.c is
# not in the database.
make_project() {
    mkdir -p "$1" || fail "cannot make $1"
    cp -R "$WHOLEDIR/project/." "$1/" || fail "cannot copy the project to $1"
    P=$(cd "$1" && pwd)
    mkdir -p "$P/build"
    cat >"$P/build/compile_commands.json" <<EOF
[
  {"directory": "$P/build", "file": "../src/a.c",
   "command": "cc -DNEED_A -I../include -c -o a.o ../src/a.c"},
  {"directory": "$P/build", "file": "../src/b.c",
   "arguments": ["gcc", "-DNEED_B", "-I", "../include", "-c", "../src/b.c", "-o", "b.o"]},
  {"directory": "$P/src", "file": "c.c",
   "command": "/usr/bin/cc -MD -MF ../build/c.d -DNEED_C -iquote ../include -o ../build/c.o -c c.c"},
  {"directory": "$P/build", "file": "$P/src/d.c",
   "arguments": ["clang", "-DNEED_D", "-I../include", "-c", "$P/src/d.c"]},
  {"directory": "$P/src/util", "file": "e.c",
   "arguments": ["cc", "-DNEED_E", "-I", "../../include", "-c", "e.c", "-o", "../../build/e.o"]},
  {"directory": "$P/build", "file": "../src/util/f.c",
   "command": "cc -DNEED_F -c ../src/util/f.c"},
  {"directory": "$P/build", "file": "../src/clean.c",
   "command": "cc -I../include -c ../src/clean.c"}
]
EOF
}

# in_dir DIR OUT ARGS...: run fscheck in DIR with stdout to OUT and stderr
# to OUT.err; sets $status.
in_dir() {
    d=$1
    o=$2
    shift 2
    (cd "$d" && "$FSCHECK" "$@") >"$o" 2>"$o.err"
    status=$?
}

# expect_status N OUT WHAT
expect_status() {
    [ "$status" -eq "$1" ] || {
        echo "--- stdout"; cat "$2"; echo "--- stderr"; cat "$2.err"
        fail "$3: exit status $status, expected $1"
    }
}

# warnings OUT PREFIX: how many text-format warnings of OUT begin with PREFIX
warnings() {
    grep -c "^$2:[0-9]*:[0-9]*: warning: " "$1"
}

# expect_warnings OUT PREFIX N WHAT
expect_warnings() {
    n=$(warnings "$1" "$2")
    [ "$n" -eq "$3" ] || { cat "$1"; fail "$4: $n warnings in $2, expected $3"; }
}
