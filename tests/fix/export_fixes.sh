#!/bin/sh
# --export-fixes=FILE applied with clang-apply-replacements (Debian's
# clang-tools) gives exactly the files that --fix gives (safe fixes, then
# with --unsafe-fixes); --export-fixes alone changes nothing.
#
#   export_fixes.sh FSCHECK TESTS_FIX_DIR
. "$2/lib.sh"

car=
for c in clang-apply-replacements clang-apply-replacements-14 clang-apply-replacements-15 \
         clang-apply-replacements-16 clang-apply-replacements-17 clang-apply-replacements-18 \
         clang-apply-replacements-19; do
    if command -v $c >/dev/null 2>&1; then
        car=$c
        break
    fi
done
[ -n "$car" ] || skip "no clang-apply-replacements (Debian: apt-get install clang-tools)"

for mode in safe unsafe; do
    fix_mode $mode car

    mkdir "$TMP/$mode.yaml"
    yaml=$TMP/$mode.yaml/fixes.yaml
    in_dir "$TMP/$mode.car" --export-fixes="$yaml" $extra src -- $CFLAGS
    [ $status -eq 1 ] || { show "$TMP/$mode.car.err"; fail "--export-fixes $extra exited with $status, expected 1"; }
    [ -s "$yaml" ] || fail "--export-fixes $extra wrote no YAML"
    same_tree "$TMP/$mode.orig" "$TMP/$mode.car"
    for key in MainSourceFile Diagnostics DiagnosticName DiagnosticMessage Message FilePath FileOffset \
               Replacements Offset Length ReplacementText Level BuildDirectory; do
        grep -q "$key:" "$yaml" || { show "$yaml"; fail "the YAML has no $key"; }
    done
    n=$(grep -c 'FilePath: .*include/probe.h' "$yaml")
    # one diagnostic: its FilePath and the FilePath of its one replacement
    [ "$n" -eq 2 ] || { show "$yaml"; fail "the YAML has the fix of include/probe.h $(($n / 2)) times"; }

    "$car" "$TMP/$mode.yaml" >"$TMP/car.log" 2>&1 || { cat "$TMP/car.log"; show "$yaml"; fail "$car failed ($mode)"; }
    same_tree "$TMP/$mode.fix" "$TMP/$mode.car"
done
pass "--export-fixes with $car gives the --fix result"
