# lib.sh - sourced by the bench scripts: usage() prints the script's
# leading comment (its manual) and exits 2; die() says what is wrong and
# exits 2.
usage() {
    sed -n '2,/^[^#]/p' "$0" | sed '/^[^#]/d; s/^# \{0,1\}//' >&2
    exit 2
}

die() {
    echo "$(basename "$0"): $*" >&2
    exit 2
}
