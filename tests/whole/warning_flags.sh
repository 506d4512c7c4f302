# warning_flags.sh - warning options do not change what fscheck sees: an
# unknown -W option, -Werror and -pedantic-errors turn no warning of the unit
# into an error of its parse (parse_errors stays 0, the engine stays
# libclang), and -Wp, still reaches the preprocessor.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 is needed"; exit 77; }
P=$TMP/proj
mkdir -p "$P"
: >"$P/.fscheck.yml"
cat >"$P/w.c" <<'EOF'
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int is_dir(const char *p)
{
    int unused;                 /* -Wunused-variable */
    struct stat st;
#if WANT_PROBE
    if (access(p, F_OK) != 0)
        return 0;
#endif
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}
EOF
report() { # report NAME FLAGS...
    name=$1
    shift
    (cd "$P" && "$FSCHECK" --engine=auto --format=json --exit-zero w.c -- "$@" >"$TMP/$name.json" 2>"$TMP/$name.err")
    python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); s=j["stats"]; print(s["parse_errors"], s["engine"]["clang"], " ".join(f["rule"] for f in j["findings"]))' "$TMP/$name.json"
}
got=$(report plain -Wp,-DWANT_PROBE=1)
[ "$got" = "0 1 FS101" ] || fail "plain: '$got' (parse errors, units by libclang, findings), expected '0 1 FS101': $(cat "$TMP/plain.err")"
got=$(report werror -Wall -Wextra -Werror -Werror=unused-variable -pedantic-errors -Wno-such-warning-xyz -Wp,-DWANT_PROBE=1)
[ "$got" = "0 1 FS101" ] || fail "with warnings as errors: '$got', expected '0 1 FS101': $(cat "$TMP/werror.err")"
got=$(report noprobe -Werror -Wp,-DWANT_PROBE=0)
[ "$got" = "0 1 " ] || fail "-Wp,-DWANT_PROBE=0: '$got', expected '0 1 ' (no finding)"
pass "warning options change nothing; -Wp, reaches the preprocessor"
