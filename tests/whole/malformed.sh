#!/bin/sh
# A compile_commands.json that is missing or malformed is an error: exit
# status 2, nothing on stdout, and a message on stderr that names the file
# and the problem; with -p, and when discovery finds it.
. "$(dirname "$0")/lib.sh"

make_project "$TMP/p"
P="$TMP/p"
DB="$P/build/compile_commands.json"

# case NAME CONTENT EXPECTED-MESSAGE (an ERE)
case_db() {
    printf '%s\n' "$2" >"$DB"
    for how in "-p build" "src/a.c"; do
        # shellcheck disable=SC2086
        in_dir "$P" "$TMP/out" $how
        expect_status 2 "$TMP/out" "$1 ($how)"
        [ ! -s "$TMP/out" ] || { cat "$TMP/out"; fail "$1 ($how): a report on stdout"; }
        grep -Eq "^fscheck: ([^ ]*/)?build/compile_commands\.json[: ].*$3" "$TMP/out.err" ||
            { cat "$TMP/out.err"; fail "$1 ($how): the message does not match: $3"; }
    done
}

case_db invalid-json '[{"directory": "/", "file": "a.c", "command": "cc a.c"},' \
    '[0-9]+:[0-9]+: not valid JSON'
case_db not-an-array '{"directory": "/", "file": "a.c"}' 'expected an array of compile commands'
case_db missing-file '[{"directory": "/", "file": "a.c", "command": "cc a.c"}, {"directory": "/", "command": "cc b.c"}]' \
    'entry 2 has no "file" string'
case_db missing-directory '[{"file": "a.c", "command": "cc a.c"}]' 'entry 1 has no "directory" string'
case_db missing-command '[{"directory": "/", "file": "a.c"}]' 'entry 1 has neither "command" nor "arguments"'
case_db arguments-not-strings '[{"directory": "/", "file": "a.c", "arguments": ["cc", "-c", 7, "a.c"]}]' \
    'entry 1: item 3 of "arguments" is not a string'
case_db entry-not-object '["cc a.c"]' 'entry 1 is not an object'

# missing: -p names a folder without one, or no folder at all
rm -f "$DB"
in_dir "$P" "$TMP/out" -p build
expect_status 2 "$TMP/out" "-p to a folder without compile_commands.json"
grep -q "^fscheck: build: no compile_commands.json in this folder" "$TMP/out.err" ||
    { cat "$TMP/out.err"; fail "-p build without a database: unclear message"; }
in_dir "$P" "$TMP/out" -p no-such-folder src/a.c
expect_status 2 "$TMP/out" "-p to a missing folder"
grep -q "^fscheck: no-such-folder: no such folder" "$TMP/out.err" ||
    { cat "$TMP/out.err"; fail "-p to a missing folder: unclear message"; }

pass "missing and malformed databases are errors that name the problem"
