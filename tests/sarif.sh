#!/bin/sh
# sarif.sh - validate fscheck's SARIF against the SARIF 2.1.0 JSON schema.
#
#   sarif.sh setup CACHE_DIR            install the validator with npm into CACHE_DIR
#   sarif.sh schema FSCHECK CACHE_DIR   run fscheck --format=sarif on varied input
#                                       (from the source root) and validate each log
#
# The validator is Ajv with the schema that the npm package @microsoft/jest-sarif
# ships (lib/schemas/sarif-2.1.0-rtm.5.json); sarif_validate.js drives it.  The
# SARIF Multitool's npm build is not used: on Linux its `validate` loads none of
# its rules (a log with a result lacking its message passes), and 4.x aborts.
#
# Exit status 77 (a skip for ctest) when node or npm is missing or the packages
# cannot be installed; 0 when every log is valid and a broken one is rejected.
set -u

here=$(cd "$(dirname "$0")" && pwd)
skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }

mode=${1:-}
case $mode in
setup)
    cache=$2
    command -v node >/dev/null 2>&1 || skip "node is not installed (cmake/setup.sh installs nodejs)"
    command -v npm >/dev/null 2>&1 || skip "npm is not installed (cmake/setup.sh installs npm)"
    mkdir -p "$cache" || fail "cannot create $cache"
    cat >"$cache/package.json.new" <<'JSON'
{
  "name": "fscheck-sarif-validator",
  "private": true,
  "description": "test-time SARIF schema validation for fscheck",
  "dependencies": {
    "@microsoft/jest-sarif": "1.0.0-beta.0",
    "ajv": "8.20.0",
    "ajv-draft-04": "1.0.0",
    "ajv-formats": "3.0.1"
  }
}
JSON
    if [ -f "$cache/.installed" ] && cmp -s "$cache/package.json.new" "$cache/package.json"; then
        rm -f "$cache/package.json.new"
        echo "sarif.sh: validator already installed in $cache"
        exit 0
    fi
    mv "$cache/package.json.new" "$cache/package.json"
    rm -f "$cache/.installed"
    if ! (cd "$cache" && npm install --no-audit --no-fund --ignore-scripts --loglevel=error); then
        skip "npm could not install the SARIF validator packages into $cache"
    fi
    [ -f "$cache/node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json" ] ||
        fail "the installed @microsoft/jest-sarif has no lib/schemas/sarif-2.1.0-rtm.5.json"
    touch "$cache/.installed"
    echo "sarif.sh: validator installed in $cache"
    exit 0
    ;;
schema)
    fscheck=$2
    cache=$3
    ;;
*)
    echo "usage: sarif.sh setup CACHE_DIR | sarif.sh schema FSCHECK CACHE_DIR" >&2
    exit 2
    ;;
esac

command -v node >/dev/null 2>&1 || skip "node is not installed"
[ -f "$cache/.installed" ] || skip "the SARIF validator is not installed (the sarif/setup test was skipped or failed)"
modules=$cache/node_modules

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fscheck-sarif.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
flags="-std=c11 -D_GNU_SOURCE"

# sarif NAME EXPECTED_STATUS [fscheck arguments...]: one log in $tmp/NAME.sarif
sarif() {
    name=$1 want=$2
    shift 2
    "$fscheck" --format=sarif "$@" >"$tmp/$name.sarif" 2>"$tmp/$name.err"
    got=$?
    [ "$got" -eq "$want" ] || { cat "$tmp/$name.err"; fail "$name: fscheck exited $got, expected $want"; }
}

sarif one_finding 1 testdata/cli/one_finding.c -- $flags
# every rule of rules/rules.def
sarif all_rules 1 $(sed -n 's/^FS_RULE(\([A-Z0-9]*\),.*/testdata\/\1/p' rules/rules.def) -- $flags
sarif no_findings 0 testdata/cli/empty.c -- $flags
sarif skipped_file 0 testdata/cli/binary.c -- $flags
sarif suppressions 1 --report-unused-suppressions testdata/cli/suppressions.c -- $flags
sarif config 1 testdata/config/project -- $flags

# paths that need escaping in a URI, relative and absolute (outside the working folder)
odd="$tmp/dir with space"
mkdir -p "$odd" && cp testdata/cli/one_finding.c "$odd/per%cent-é#1.c" || fail "cannot copy the odd-path input"
sarif odd_absolute 1 "$odd/per%cent-é#1.c" -- $flags
(cd "$tmp" && "$fscheck" --format=sarif "dir with space/per%cent-é#1.c" -- $flags >"$tmp/odd_relative.sarif")
[ $? -eq 1 ] || fail "odd_relative: fscheck did not exit 1"

logs=
for f in "$tmp"/*.sarif; do logs="$logs $f"; done
# shellcheck disable=SC2086
node "$here/sarif_validate.js" "$modules" $logs || fail "a SARIF log is not valid (see above)"

# the validator really validates: a log with a broken result must fail
node -e '
const fs = require("fs");
const log = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
delete log.runs[0].results[0].message;
log.runs[0].results[0].level = "serious";
fs.writeFileSync(process.argv[2], JSON.stringify(log));
' "$tmp/one_finding.sarif" "$tmp/broken.json" || fail "cannot write the broken log"
if node "$here/sarif_validate.js" "$modules" "$tmp/broken.json" >"$tmp/broken.out"; then
    fail "the validator accepted a result without a message"
fi
grep -q "message" "$tmp/broken.out" || { cat "$tmp/broken.out"; fail "the validator did not name the missing message"; }
echo "sarif.sh: $(echo $logs | wc -w) SARIF logs valid; a broken one rejected"
exit 0
