#!/bin/sh
# --shard=1/3, 2/3 and 3/3 with --format=json, combined with `fscheck
# merge`, give the report of the unsharded run, in JSON and in text, in
# whatever order the shards are given; every unit is in exactly one shard.
. "$(dirname "$0")/lib.sh"

make_project "$TMP/p"
P="$TMP/p"

in_dir "$P" "$TMP/all.json" -p build --format=json
expect_status 1 "$TMP/all.json" "unsharded, --format=json"
in_dir "$P" "$TMP/all.txt" -p build
expect_status 1 "$TMP/all.txt" "unsharded"

total=0
for i in 1 2 3; do
    in_dir "$P" "$TMP/s$i.json" -p build -j2 --format=json --shard=$i/3
    [ "$status" -le 1 ] || { cat "$TMP/s$i.json.err"; fail "--shard=$i/3: exit status $status"; }
    n=$(units "$TMP/s$i.json")
    [ "$n" -ge 2 ] || fail "--shard=$i/3 took $n units, expected 2 or 3"
    total=$((total + n))
done
[ "$total" -eq 7 ] || fail "the shards took $total units together, expected 7"

(cd "$P" && "$FSCHECK" merge --format=json "$TMP/s1.json" "$TMP/s2.json" "$TMP/s3.json") >"$TMP/m.json"
status=$?
[ "$status" -eq 1 ] || fail "merge --format=json: exit status $status, expected 1"
cmp "$TMP/all.json" "$TMP/m.json" >/dev/null ||
    { diff "$TMP/all.json" "$TMP/m.json"; fail "merged JSON differs from the unsharded JSON"; }

(cd "$P" && "$FSCHECK" merge "$TMP/s3.json" "$TMP/s1.json" "$TMP/s2.json") >"$TMP/m.txt"
status=$?
[ "$status" -eq 1 ] || fail "merge: exit status $status, expected 1"
cmp "$TMP/all.txt" "$TMP/m.txt" >/dev/null ||
    { diff "$TMP/all.txt" "$TMP/m.txt"; fail "merged text differs from the unsharded text"; }

(cd "$P" && "$FSCHECK" merge --exit-zero "$TMP/s2.json" "$TMP/s1.json" "$TMP/s3.json") >/dev/null
[ $? -eq 0 ] || fail "merge --exit-zero: exit status is not 0"

# a report that is not fscheck's is an input error
echo '{"findings": 3}' >"$TMP/bad.json"
(cd "$P" && "$FSCHECK" merge "$TMP/s1.json" "$TMP/bad.json") >"$TMP/bad.out" 2>"$TMP/bad.err"
[ $? -eq 2 ] || fail "merge of a foreign report: exit status is not 2"
grep -q "bad\.json" "$TMP/bad.err" || { cat "$TMP/bad.err"; fail "merge of a foreign report does not name it"; }

pass "merged shards equal the unsharded report"
