#!/bin/sh
# Without a compilation database, a quoted #include that is not beside its
# includer is looked for where the project's files say: the project file
# whose path ends with the include's name (nearest the includer).  Its
# folder is given to libclang (-idirafter), so the unit parses whole, and the
# wrapper the header defines is known to both engines; in CMake's calling
# form the unit's own flags stand, and nothing is guessed.
. "$(dirname "$0")/lib.sh"

P="$TMP/p"
mkdir -p "$P/src/shared/sub" "$P/src/tool" "$P/other/sub"
: >"$P/.fscheck.yml"
cat >"$P/src/shared/sub/helpers.h" <<'EOF2'
#include <sys/stat.h>
typedef struct widget { int n; } widget_t;
static inline int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}
EOF2
# the same name farther away: not the one taken
cat >"$P/other/sub/helpers.h" <<'EOF2'
typedef int widget_t;
EOF2
cat >"$P/src/tool/main.c" <<'EOF2'
#include "sub/helpers.h"
#include <unistd.h>

int usable(widget_t *w, const char *dir)
{
    if (access(dir, F_OK) != 0)
        return w->n;
    return is_dir(dir);
}
EOF2

for engine in auto tree-sitter; do
    in_dir "$P" "$TMP/$engine" --no-cache --engine=$engine --format=json src/tool/main.c
    expect_status 1 "$TMP/$engine" "$engine"
    grep -q '"rule": "FS101"' "$TMP/$engine" || { cat "$TMP/$engine" "$TMP/$engine.err"; fail "$engine: no FS101 through the header's wrapper"; }
done
grep -q '"partial": \[\]' "$TMP/auto" || { cat "$TMP/auto"; fail "auto: the unit did not parse whole"; }

# CMake's calling form: the compile command's flags are the unit's own
in_dir "$P" "$TMP/cmake" --no-cache --format=json src/tool/main.c -- cc -c src/tool/main.c
grep -q '"partial": \[\]' "$TMP/cmake" && { cat "$TMP/cmake"; fail "cmake form: folders guessed"; }
exit 0
