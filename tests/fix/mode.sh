#!/bin/sh
# --fix keeps each file's permission bits (set-group-id included) and, when
# run as root, its owner and group.
#
#   mode.sh FSCHECK TESTS_FIX_DIR
. "$2/lib.sh"

p=$TMP/p
make_project "$p"
chmod 640 "$p/src/guards.c"
chmod 2751 "$p/src/last_line.c"
chmod 604 "$p/include/probe.h"
root=
if [ "$(id -u)" -eq 0 ]; then
    root=1
    chown 65534:65534 "$p/src/guards.c"
    chown 0:65534 "$p/src/last_line.c"
fi
before=$(cd "$p" && stat -c '%n %a %u:%g' src/guards.c src/last_line.c include/probe.h)
fix "$p"
for f in src/guards.c src/last_line.c include/probe.h; do
    grep -q 'access(path, F_OK) == 0 &&\|access(path, F_OK) != 0\|access(p, F_OK) == 0 &&' "$p/$f" &&
        fail "$f was not fixed"
done
after=$(cd "$p" && stat -c '%n %a %u:%g' src/guards.c src/last_line.c include/probe.h)
if [ "$before" != "$after" ]; then
    echo "before: $before"
    echo "after:  $after"
    fail "modes or owners changed"
fi
no_temp_files "$p"
pass "modes${root:+ and owners} are kept"
