# trivial.sh - functions of a unit whose text names nothing a summary or a
# finding could come from are not converted (fe_clang.c): which are taken
# as such, and, with FSCHECK_CHECK_TRIVIAL=1 (each converted all the same
# and checked), that none of them says more than its being defined or has
# a finding, here and over every case of testdata/.
. "$(dirname "$0")/lib.sh"

P=$TMP/proj
mkdir -p "$P"
: >"$P/.fscheck.yml"
cat >"$P/t.c" <<'EOT'
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

struct box { const char *path; };
#define SET_PATH(o, p) ((o)->path = (p))
#define MY_STAT stat
#define CLEAR(o) ((o)->path = NULL)

static int add(int a, int b) { return a + b; }
static int add_one(int x) { return add(x, 1); }
static void keep(struct box *o, const char *p) { o->path = p; }
static void keep_by_macro(struct box *o, const char *p) { SET_PATH(o, p); }
static void clear(struct box *o) { CLEAR(o); }
static int probe(const char *p) { struct stat st; return MY_STAT(p, &st); }
static int probe_caller(const char *p) { return probe(p); }
static int say(const char *p) { return printf("%s\n", p); /* it's fine: stdout */ }
static int local_copy(const char *p) { const char *q = p; return q != NULL; }
static int spliced(const char *p) { return acce\
ss(p, 0); }
#define PASTE(a, b) a##b
static int pasted(const char *p) { return PASTE(acc, ess)(p, 0); }
#define CHECK access
static int redefined(const char *p) { return CHECK(p, 0); }
#undef CHECK
#define CHECK getpid
static int included(const char *p)
{
#include "body.inc"
}

int main(int argc, char **argv)
{
    struct box b;
    keep(&b, argv[0]);
    keep_by_macro(&b, argv[0]);
    clear(&b);
    say(argv[0]);
    if (access(argv[0], F_OK) == 0 && probe_caller(argv[0]) == 0)
        return add_one(argc) + local_copy(argv[0]) + spliced(argv[0]) + pasted(argv[0]) + redefined(argv[0]) +
               included(argv[0]) + CHECK();
    return 0;
}
EOT
echo 'return access(p, 0);' >"$P/body.inc"
(cd "$P" && FSCHECK_CHECK_TRIVIAL=1 FSCHECK_CACHE_DIR=$TMP/cache "$FSCHECK" --engine=clang --format=json t.c \
    >"$TMP/check.json" 2>"$TMP/check.err")
grep -q "but it has" "$TMP/check.err" && fail "a function taken as trivial says more: $(grep 'but it has' "$TMP/check.err")"
taken=$(sed -n "s/.*function '\([a-z_]*\)' taken as trivial$/\1/p" "$TMP/check.err" | sort | tr '\n' ' ')
# add, add_one: nothing; clear: its macro assigns no parameter; the others
# store a parameter (also through a macro, or into a local: then anything
# made of it counts), probe through a macro naming stat() or through a name
# a backslash splits (acce\ ss), a macro pastes, a macro defined twice
# names, or an #include in the body brings, call printf (a stream call), or call one of those
[ "$taken" = "add add_one clear " ] || fail "taken as trivial: '$taken', expected 'add add_one clear '"
(cd "$P" && FSCHECK_CACHE_DIR=$TMP/cache "$FSCHECK" --engine=clang --format=json t.c >"$TMP/plain.json" 2>"$TMP/plain.err")
cmp -s "$TMP/check.json" "$TMP/plain.json" || fail "the report differs when trivial functions are not converted"

# functions no probe can come of, which no converted function names, are
# not converted either: every finding starts at a probe, and their
# summaries reach none; one a function with a probe names (directly or
# through a macro, or through another such) is converted: a file it
# changes between two probes makes the second one needed
cat >"$P/u.c" <<'EOT'
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static FILE *log_file;
static void log_line(const char *s) { fputs(s, log_file); }
static void drop(const char *p) { unlink(p); }
static void refresh(const char *p) { drop(p); }
static void refresh2(const char *p) { unlink(p); }
#define REFRESH(p) refresh2(p)
static void save(const char *p) { unlink(p); }
static void touch_then(const char *p) { save(p); }
static int is_dir(const char *p) { struct stat st; return stat(p, &st) == 0 && S_ISDIR(st.st_mode); }
static int check(const char *p) { log_line(p); return is_dir(p); }

void unrelated(const char *p) { touch_then(p); }

int twice(const char *p)
{
    struct stat a, b;
    if (stat(p, &a) != 0)
        return -1;
    refresh(p);
    return stat(p, &b);
}

int twice_by_macro(const char *p)
{
    struct stat a, b;
    if (stat(p, &a) != 0)
        return -1;
    REFRESH(p);
    return stat(p, &b);
}

/* what these name is told by libclang's tree: a pasted name, a function a macro makes */
#define PASTE2(a, b) a##b
int stat_thrice(const char *p)
{
    struct stat st;
    int n = 0;
    for (int i = 0; i < 3; i++)
        n += PASTE2(st, at)(p, &st) == 0;
    return n;
}
#define DEFINE_DROPPER(name) static void name(const char *p) { unlink(p); }
DEFINE_DROPPER(dropper)
void drops(const char *p) { dropper(p); }

int main(int argc, char **argv)
{
    (void)argc;
    if (access(argv[0], F_OK) == 0 && check(argv[0]))
        return 1;
    return 0;
}
EOT
(cd "$P" && FSCHECK_CHECK_TRIVIAL=1 FSCHECK_CACHE_DIR=$TMP/cache "$FSCHECK" --engine=clang --format=json u.c \
    >"$TMP/ucheck.json" 2>"$TMP/ucheck.err")
grep -q "but it has" "$TMP/ucheck.err" && fail "a function not converted has findings: $(grep 'but it has' "$TMP/ucheck.err")"
taken=$(sed -n "s/.*function '\([a-z_0-9]*\)' taken as reaching no probe$/\1/p" "$TMP/ucheck.err" | sort | tr '\n' ' ')
[ "$taken" = "dropper drops save touch_then unrelated " ] ||
    fail "taken as reaching no probe: '$taken', expected 'dropper drops save touch_then unrelated '"
(cd "$P" && FSCHECK_CACHE_DIR=$TMP/cache "$FSCHECK" --engine=clang --format=json u.c >"$TMP/uplain.json" 2>"$TMP/uplain.err")
cmp -s "$TMP/ucheck.json" "$TMP/uplain.json" || fail "the report differs when functions reaching no probe are not converted"
rules=$(sed -n 's/^ *"rule": "\(FS[0-9]*\)",*$/\1/p' "$TMP/uplain.json" | tr '\n' ' ')
[ "$rules" = "FS302 FS302 FS401 FS101 " ] ||
    fail "u.c: rules '$rules', expected 'FS302 FS302 FS401 FS101 ' (stat then removed by refresh() and REFRESH(), no FS102 across them; stat() by a pasted name in a loop)"
grep -q '"functions": 15' "$TMP/uplain.json" || fail "u.c: every function counted: $(grep '"functions"' "$TMP/uplain.json")"

# every testdata case (their own flags aside): nothing taken as trivial says more
bad=0
for f in "$WHOLEDIR"/../../testdata/FS*/*.c; do
    FSCHECK_CHECK_TRIVIAL=1 FSCHECK_CACHE_DIR=$TMP/cache "$FSCHECK" --engine=clang --format=json "$f" \
        >/dev/null 2>"$TMP/case.err"
    if grep -q "but it has" "$TMP/case.err"; then
        show "$f: $(grep 'but it has' "$TMP/case.err")"
        bad=1
    fi
done
[ "$bad" = 0 ] || fail "testdata: functions taken as trivial that say more (above)"
pass "trivial functions and functions reaching no probe: which are, and none of them says more, here and over testdata/"
