#!/bin/sh
# A file whose project header is missing (no build yet): every function uses
# a type that header declares, so libclang reports an error in each, more
# than its default limit of 20.  The findings must not depend on where in
# the file a function sits: the 60th function's pair is reported with every
# engine, libclang's damaged bodies go to tree-sitter, and the file that only
# partly parsed is said on stderr (with --quiet too, being all of the run),
# listed in the JSON report's stats.partial, and a warning notification of
# the SARIF report, whose run still succeeded.
. "$(dirname "$0")/lib.sh"

P="$TMP/p"
mkdir -p "$P"
: >"$P/.fscheck.yml"
{
    printf '#include "project_types.h"\n#include <stdio.h>\n#include <sys/stat.h>\n\n'
    i=0
    while [ $i -lt 59 ]; do
        printf 'int fn%d(widget_t *w)\n{\n    thing_t t = make_thing(w);\n    return use_thing(t) + %d;\n}\n\n' $i $i
        i=$((i + 1))
    done
    cat <<'EOF2'
long last(widget_t *w, const char *p)
{
    struct stat st;
    if (stat(p, &st) != 0)
        return -1;
    thing_t t = make_thing(w);
    long before = (long)st.st_size;
    if (stat(p, &st) == 0 && S_ISDIR(st.st_mode))
        return use_thing(t);
    return before;
}
EOF2
} >"$P/sixty.c"
line=$(grep -n 'if (stat(p, &st) == 0' "$P/sixty.c" | cut -d: -f1)

for engine in auto tree-sitter; do
    in_dir "$P" "$TMP/$engine" --no-cache --engine=$engine sixty.c
    expect_status 1 "$TMP/$engine" "$engine: the 60th function"
    grep -q "^sixty.c:$line:9: warning: .*\[FS102\]" "$TMP/$engine" ||
        { cat "$TMP/$engine" "$TMP/$engine.err"; fail "$engine: no FS102 in the 60th function"; }
done
grep -Eq "^fscheck: sixty\.c: [0-9]+ parse errors, analysed as far as it parses; first: sixty\.c:1:10: error: 'project_types\.h' file not found$" "$TMP/auto.err" ||
    { cat "$TMP/auto.err"; fail "auto: the partly parsed file not said"; }
n=$(grep -Eo '[0-9]+ parse errors' "$TMP/auto.err" | cut -d' ' -f1)
[ "${n:-0}" -gt 59 ] || fail "auto: $n errors, not every one (the limit of 20 is libclang's default)"

in_dir "$P" "$TMP/quiet" --no-cache --quiet sixty.c
grep -q "sixty.c: .*parse errors" "$TMP/quiet.err" || { cat "$TMP/quiet.err"; fail "--quiet: nothing said of a run whose every file only partly parsed"; }

in_dir "$P" "$TMP/json" --no-cache --format=json sixty.c
grep -q '"file": "sixty.c",' "$TMP/json" && grep -Eq '"reason": "[0-9]+ parse errors, analysed as far as it parses; first: ' "$TMP/json" ||
    { cat "$TMP/json"; fail "json: no stats.partial entry"; }
grep -Eq '"tree-sitter": 60$' "$TMP/json" || { cat "$TMP/json"; fail "json: the 60 damaged functions are not tree-sitter's"; }

in_dir "$P" "$TMP/sarif" --no-cache --format=sarif sixty.c
python3 - "$TMP/sarif" <<'EOF2' || fail "sarif: no notification of the partly parsed file"
import json, sys
inv = json.load(open(sys.argv[1]))["runs"][0]["invocations"][0]
assert inv["executionSuccessful"] is True, inv
notes = inv["toolExecutionNotifications"]
assert any(n["level"] == "warning" and n["message"]["text"].startswith("only partly parsed: ")
           and n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("sixty.c")
           for n in notes), notes
EOF2
pass "the 60th function of a file with a missing header is analysed; the partial parse is said in every format"
