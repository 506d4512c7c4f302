/* calls.c - tables of C library calls. */
#include "ir/calls.h"
#include "base/docs.h"
#include "base/util.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>
#include <string.h>
#include <strings.h>


/* --- the catalogue (rules/library.yml, built in) ------------------------- */

#define FS_NAME_SLOTS 1024 /* a power of two, over twice the largest table */

static fs_call_spec *fs_calls;
static int fs_ncalls;

static const struct fs_kind_def {
    const char *word;
    fs_op_kind kind;
    fs_probe_family family;
    int access_mode;
    const char *pred;
    int follows;
    int fields_read;
    fs_outcome when_false;
    int open_mode;
} fs_kinds[] = {
    { "exists", FS_OP_PROBE, FS_PROBE_ACCESS, FS_F_OK, "", 1, 0, FS_OUT_FAIL, 0 },
    { "access", FS_OP_PROBE, FS_PROBE_ACCESS, FS_MODE_UNKNOWN, "", 1, 0, FS_OUT_FAIL, 0 },
    { "readable", FS_OP_PROBE, FS_PROBE_ACCESS, FS_R_OK, "", 1, 0, FS_OUT_FAIL, 0 },
    { "writable", FS_OP_PROBE, FS_PROBE_ACCESS, FS_W_OK, "", 1, 0, FS_OUT_FAIL, 0 },
    { "executable", FS_OP_PROBE, FS_PROBE_ACCESS, FS_X_OK, "", 1, 0, FS_OUT_FAIL, 0 },
    { "stat", FS_OP_PROBE, FS_PROBE_STAT, FS_MODE_UNKNOWN, "", 1, 1, FS_OUT_FAIL, 0 },
    { "is_dir", FS_OP_PROBE, FS_PROBE_STAT, FS_MODE_UNKNOWN, "S_ISDIR", 1, 1, FS_OUT_UNKNOWN, 0 },
    { "is_reg", FS_OP_PROBE, FS_PROBE_STAT, FS_MODE_UNKNOWN, "S_ISREG", 1, 1, FS_OUT_UNKNOWN, 0 },
    { "is_link", FS_OP_PROBE, FS_PROBE_STAT, FS_MODE_UNKNOWN, "S_ISLNK", 0, 1, FS_OUT_UNKNOWN, 0 },
    { "open", FS_OP_OPEN, 0, FS_MODE_UNKNOWN, "", 1, 0, FS_OUT_FAIL, FS_OPEN_READ },
    { "create", FS_OP_CREATE, 0, FS_MODE_UNKNOWN, "", 0, 0, FS_OUT_FAIL, FS_OPEN_WRITE },
    { "remove", FS_OP_REMOVE, 0, FS_MODE_UNKNOWN, "", 0, 0, FS_OUT_FAIL, 0 },
    { "modify", FS_OP_MODIFY, 0, FS_MODE_UNKNOWN, "", 1, 0, FS_OUT_FAIL, 0 },
};

static const struct fs_kind_def *fs_kind_find(const char *word)
{
    for (size_t i = 0; word && i < sizeof fs_kinds / sizeof fs_kinds[0]; i++)
        if (strcmp(fs_kinds[i].word, word) == 0)
            return &fs_kinds[i];
    return NULL;
}

int fs_kind_op(const char *word, fs_op *op)
{
    const struct fs_kind_def *k = fs_kind_find(word);
    if (!k)
        return -1;
    memset(op, 0, sizeof *op);
    op->kind = k->kind;
    op->family = k->family;
    op->access_mode = k->access_mode;
    op->follows = k->follows;
    op->fields_read = k->fields_read;
    snprintf(op->pred, sizeof op->pred, "%s", k->pred);
    op->open_mode = k->kind == FS_OP_OPEN ? k->open_mode : 0;
    if (k->kind == FS_OP_PROBE) { /* probes: true when it holds */
        op->sense.kind = FS_VAL_BOOL;
        op->sense.when_true = FS_OUT_SUCC;
    }
    op->sense.when_false = k->when_false;
    op->base = k->kind == FS_OP_PROBE ? (k->family == FS_PROBE_ACCESS ? "access" : k->follows ? "stat" : "lstat")
               : k->kind == FS_OP_OPEN ? "open" : k->kind == FS_OP_CREATE ? "creat"
               : k->kind == FS_OP_REMOVE ? "unlink" : "rename";
    return 0;
}

const char *fs_kind_words(void)
{
    return "exists, access, readable, writable, executable, stat, is_dir, is_reg, is_link, open, create, remove "
           "or modify";
}

/* The catalogue's text is built in; a mistake in it is the build's, found
 * by the unit tests: say where, and stop. */
static void fs_cat_fail(const yaml_node_t *n, const char *what)
{
    fprintf(stderr, "fscheck: internal error: rules/library.yml:%lu: %s\n", n ? (unsigned long)n->start_mark.line + 1 : 0UL,
            what);
    abort();
}

static const char *fs_cat_scalar(yaml_document_t *d, int id)
{
    yaml_node_t *n = yaml_document_get_node(d, id);
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static int fs_cat_int(const yaml_node_t *n, const char *v)
{
    char *end = NULL;
    long x = v ? strtol(v, &end, 10) : 0;
    if (!v || !end || *end || x < 1 || x > 32)
        fs_cat_fail(n, "an argument number must be from 1 to 32");
    return (int)x - 1;
}

static int fs_cat_bool(const yaml_node_t *n, const char *v)
{
    if (v && strcmp(v, "true") == 0)
        return 1;
    if (v && strcmp(v, "false") == 0)
        return 0;
    fs_cat_fail(n, "expected true or false");
    return 0;
}

static void fs_cat_tests(yaml_document_t *d, yaml_node_t *n, fs_call_spec *sp)
{
    if (n->type != YAML_MAPPING_NODE)
        fs_cat_fail(n, "tests must be a mapping");
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        const char *k = fs_cat_scalar(d, p->key);
        yaml_node_t *v = yaml_document_get_node(d, p->value);
        if (k && strcmp(k, "arg") == 0) {
            sp->test_arg = fs_cat_int(v, fs_cat_scalar(d, p->value));
        } else if (k && strcmp(k, "any") == 0 && v->type == YAML_MAPPING_NODE) {
            int cnt = (int)(v->data.mapping.pairs.top - v->data.mapping.pairs.start);
            fs_call_test *t = fs_xcalloc((size_t)cnt + 1, sizeof *t);
            int i = 0;
            for (yaml_node_pair_t *q = v->data.mapping.pairs.start; q < v->data.mapping.pairs.top; q++, i++) {
                yaml_node_t *m = yaml_document_get_node(d, q->value);
                t[i].name = fs_xstrdup(fs_cat_scalar(d, q->key));
                if (!m || m->type != YAML_MAPPING_NODE)
                    fs_cat_fail(m, "each test must be {value, kind}");
                for (yaml_node_pair_t *r = m->data.mapping.pairs.start; r < m->data.mapping.pairs.top; r++) {
                    const char *rk = fs_cat_scalar(d, r->key), *rv = fs_cat_scalar(d, r->value);
                    if (rk && strcmp(rk, "value") == 0 && rv)
                        t[i].value = strtol(rv, NULL, 0);
                    else if (rk && strcmp(rk, "kind") == 0 && fs_kind_find(rv))
                        t[i].kind = fs_kind_find(rv)->word;
                    else
                        fs_cat_fail(m, "a test has a value and a kind");
                }
                if (!t[i].kind || !t[i].value)
                    fs_cat_fail(m, "a test has a value and a kind");
            }
            sp->tests = t;
            sp->ntests = cnt;
        } else {
            fs_cat_fail(v, "tests has arg and any");
        }
    }
    if (sp->test_arg < 0 || !sp->ntests)
        fs_cat_fail(n, "tests has arg and any");
}

static void fs_cat_entry(yaml_document_t *d, yaml_node_t *n, fs_call_spec *sp)
{
    memset(sp, 0, sizeof *sp);
    sp->dirfd_arg = sp->mode_arg = sp->buf_arg = sp->flags_arg = sp->path_arg2 = sp->dirfd_arg2 = sp->test_arg = -1;
    sp->sync_arg = -1;
    sp->path_arg = -1;
    sp->value = FS_VAL_RAW;
    sp->library = "C";
    int follows = -1, excl = 0;
    const char *open = NULL;
    if (n->type != YAML_MAPPING_NODE)
        fs_cat_fail(n, "each entry must be a mapping");
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        const char *k = fs_cat_scalar(d, p->key), *v = fs_cat_scalar(d, p->value);
        yaml_node_t *vn = yaml_document_get_node(d, p->value);
        if (!k)
            fs_cat_fail(n, "a key must be a word");
        if (strcmp(k, "tests") == 0) {
            fs_cat_tests(d, vn, sp);
            continue;
        }
        if (!v)
            fs_cat_fail(vn, "a value must be a scalar");
        if (strcmp(k, "name") == 0) sp->name = fs_xstrdup(v);
        else if (strcmp(k, "library") == 0) sp->library = fs_xstrdup(v);
        else if (strcmp(k, "kind") == 0) sp->kindword = fs_xstrdup(v);
        else if (strcmp(k, "path") == 0) sp->path_arg = fs_cat_int(vn, v);
        else if (strcmp(k, "dirfd") == 0) sp->dirfd_arg = fs_cat_int(vn, v);
        else if (strcmp(k, "mode") == 0 || strcmp(k, "flags") == 0) sp->mode_arg = fs_cat_int(vn, v);
        else if (strcmp(k, "fopen_mode") == 0) sp->mode_arg = fs_cat_int(vn, v), sp->mode_string = 1;
        else if (strcmp(k, "buf") == 0) sp->buf_arg = fs_cat_int(vn, v);
        else if (strcmp(k, "at_flags") == 0) sp->flags_arg = fs_cat_int(vn, v);
        else if (strcmp(k, "path2") == 0) sp->path_arg2 = fs_cat_int(vn, v);
        else if (strcmp(k, "dirfd2") == 0) sp->dirfd_arg2 = fs_cat_int(vn, v);
        else if (strcmp(k, "sync") == 0) sp->sync_arg = fs_cat_int(vn, v);
        else if (strcmp(k, "follows") == 0) follows = fs_cat_bool(vn, v);
        else if (strcmp(k, "excl") == 0) excl = fs_cat_bool(vn, v);
        else if (strcmp(k, "exists_ok") == 0) sp->exists_ok = fs_cat_bool(vn, v);
        else if (strcmp(k, "open") == 0) open = fs_xstrdup(v);
        else if (strcmp(k, "value") == 0) {
            if (strcmp(v, "raw") == 0) sp->value = FS_VAL_RAW;
            else if (strcmp(v, "fd") == 0) sp->value = FS_VAL_FD;
            else if (strcmp(v, "ptr") == 0) sp->value = FS_VAL_PTR;
            else if (strcmp(v, "bool") == 0) sp->value = FS_VAL_BOOL;
            else fs_cat_fail(vn, "value is raw, fd, ptr or bool");
        } else {
            fs_cat_fail(vn, "unknown key");
        }
    }
    fs_op op;
    if (!sp->name || sp->path_arg < 0 || fs_kind_op(sp->kindword, &op) != 0)
        fs_cat_fail(n, "an entry needs a name, a path and a known kind");
    sp->kind = op.kind;
    sp->family = op.family;
    sp->access_mode = op.access_mode;
    sp->follows = follows >= 0 ? follows : op.follows;
    sp->excl = excl;
    sp->when_false = op.sense.when_false;
    /* a raw stat() says what it found in its buffer: whether that is read
     * is the caller's business (fields_read is decided where it is used) */
    sp->fields_read = sp->buf_arg < 0 ? op.fields_read : 0;
    snprintf(sp->pred, sizeof sp->pred, "%s", op.pred);
    sp->open_mode = !open ? (op.kind == FS_OP_OPEN && sp->mode_arg < 0 ? FS_OPEN_READ : 0)
                    : strcmp(open, "read") == 0 ? FS_OPEN_READ : strcmp(open, "write") == 0 ? FS_OPEN_WRITE
                    : strcmp(open, "rw") == 0 ? (FS_OPEN_READ | FS_OPEN_WRITE) : -1;
    if (sp->open_mode < 0)
        fs_cat_fail(n, "open is read, write or rw");
    free((char *)open);
    sp->others_written = strcmp(sp->library, "C") != 0;
}

static void fs_cat_load(void)
{
    const char *text = fs_rule_doc("library.yml");
    yaml_parser_t parser;
    yaml_document_t doc;
    if (!text || !yaml_parser_initialize(&parser))
        fs_cat_fail(NULL, "not built in");
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, strlen(text));
    if (!yaml_parser_load(&parser, &doc))
        fs_cat_fail(NULL, parser.problem ? parser.problem : "bad YAML");
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    yaml_node_t *calls = NULL;
    for (yaml_node_pair_t *p = root && root->type == YAML_MAPPING_NODE ? root->data.mapping.pairs.start : NULL;
         p && p < root->data.mapping.pairs.top; p++) {
        const char *k = fs_cat_scalar(&doc, p->key);
        if (k && strcmp(k, "calls") == 0)
            calls = yaml_document_get_node(&doc, p->value);
    }
    if (!calls || calls->type != YAML_SEQUENCE_NODE)
        fs_cat_fail(root, "the catalogue is {calls: [...]}");
    int cnt = (int)(calls->data.sequence.items.top - calls->data.sequence.items.start);
    if (2 * cnt > FS_NAME_SLOTS)
        fs_cat_fail(calls, "more entries than FS_NAME_SLOTS / 2");
    fs_calls = fs_xcalloc((size_t)cnt + 1, sizeof *fs_calls);
    for (yaml_node_item_t *it = calls->data.sequence.items.start; it < calls->data.sequence.items.top; it++)
        fs_cat_entry(&doc, yaml_document_get_node(&doc, *it), &fs_calls[fs_ncalls++]);
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
}

const fs_call_spec *fs_call_all(int *n)
{
    fs_call_lookup("access"); /* loads it */
    *n = fs_ncalls;
    return fs_calls;
}

int fs_call_writes_arg(const fs_call_spec *sp, int idx)
{
    if (idx == sp->buf_arg)
        return 1;
    if (!sp->others_written)
        return 0;
    return idx != sp->path_arg && idx != sp->dirfd_arg && idx != sp->mode_arg && idx != sp->flags_arg &&
           idx != sp->path_arg2 && idx != sp->dirfd_arg2 && idx != sp->test_arg && idx != sp->sync_arg;
}

/* The tables by name: open addressing over FNV-1a hashes, built once.
 * Most names asked about (every identifier of a text, at times) are in
 * none of them. */

static unsigned fs_name_hash(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static short fs_call_slots[FS_NAME_SLOTS], fs_libc_slots[FS_NAME_SLOTS]; /* index + 1; 0: empty */
static pthread_once_t fs_slots_once = PTHREAD_ONCE_INIT;

static void fs_slots_put(short *slots, const char *name, int index)
{
    unsigned k = fs_name_hash(name) & (FS_NAME_SLOTS - 1);
    while (slots[k])
        k = (k + 1) & (FS_NAME_SLOTS - 1);
    slots[k] = (short)(index + 1);
}

static void fs_slots_build(void);

/* The index of name in a table (names: its entries' names, stride bytes
 * apart), or -1. */
static int fs_slots_find(const short *slots, const char *name, const char *base, size_t stride)
{
    pthread_once(&fs_slots_once, fs_slots_build);
    for (unsigned k = fs_name_hash(name) & (FS_NAME_SLOTS - 1); slots[k]; k = (k + 1) & (FS_NAME_SLOTS - 1)) {
        int i = slots[k] - 1;
        if (strcmp(*(const char *const *)(const void *)(base + (size_t)i * stride), name) == 0)
            return i;
    }
    return -1;
}

const fs_call_spec *fs_call_lookup(const char *name)
{
    if (!name)
        return NULL;
    pthread_once(&fs_slots_once, fs_slots_build); /* fs_calls is loaded then */
    int i = fs_slots_find(fs_call_slots, name, (const char *)&fs_calls[0].name, sizeof fs_calls[0]);
    return i >= 0 ? &fs_calls[i] : NULL;
}

#define ALLV 0x80000000u

static const struct {
    const char *name;
    unsigned written;
} fs_libc[] = {
    /* read their pointer arguments only */
    { "strlen", 0 }, { "strnlen", 0 }, { "strcmp", 0 }, { "strncmp", 0 }, { "strcasecmp", 0 },
    { "strncasecmp", 0 }, { "strchr", 0 }, { "strrchr", 0 }, { "strstr", 0 }, { "strpbrk", 0 },
    { "strspn", 0 }, { "strcspn", 0 }, { "memcmp", 0 }, { "memchr", 0 }, { "memrchr", 0 },
    { "strchrnul", 0 }, { "strcasestr", 0 }, { "strdup", 0 }, { "strndup", 0 }, { "strcoll", 0 },
    { "printf", 0 }, { "fprintf", 0 }, { "dprintf", 0 }, { "puts", 0 }, { "fputs", 0 },
    { "putchar", 0 }, { "fputc", 0 }, { "putc", 0 }, { "perror", 0 }, { "syslog", 0 },
    { "err", 0 }, { "errx", 0 }, { "warn", 0 }, { "warnx", 0 }, { "error", 0 },
    { "vprintf", 0 }, { "vfprintf", 0 }, { "vsyslog", 0 },
    { "atoi", 0 }, { "atol", 0 }, { "atoll", 0 }, { "atof", 0 }, { "getenv", 0 },
    { "secure_getenv", 0 }, { "setenv", 0 }, { "fnmatch", 0 }, { "write", 0 }, { "fwrite", 0 },
    { "close", 0 }, { "fclose", 0 }, { "closedir", 0 }, { "readdir", 0 }, { "fstat", 2 },
    { "fileno", 0 }, { "free", 0 }, { "malloc", 0 }, { "calloc", 0 }, { "exit", 0 }, { "_exit", 0 },
    { "abort", 0 }, { "assert", 0 }, { "__assert_fail", 0 }, { "strerror", 0 }, { "sleep", 0 },
    { "usleep", 0 }, { "isatty", 0 }, { "getpid", 0 }, { "time", 1 }, { "execv", 0 },
    { "execvp", 0 }, { "execl", 0 }, { "execlp", 0 }, { "system", 0 }, { "popen", 0 },
    { "__errno_location", 0 }, { "fflush", 0 }, { "feof", 0 }, { "ferror", 0 }, { "fdopen", 0 }, { "dlopen", 0 },
    { "tolower", 0 }, { "toupper", 0 }, { "isspace", 0 }, { "isdigit", 0 }, { "isalpha", 0 },
    { "isalnum", 0 }, { "strtol", 2 }, { "strtoul", 2 }, { "strtoll", 2 }, { "strtoull", 2 },
    { "strtod", 2 }, { "realpath", 2 }, { "readlink", 2 }, { "getcwd", 1 },
    /* write into their first argument */
    { "strcpy", 1 }, { "strncpy", 1 }, { "stpcpy", 1 }, { "stpncpy", 1 }, { "strcat", 1 },
    { "strncat", 1 }, { "strlcpy", 1 }, { "strlcat", 1 }, { "memcpy", 1 }, { "memmove", 1 },
    { "mempcpy", 1 }, { "memset", 1 }, { "bzero", 1 }, { "sprintf", 1 }, { "snprintf", 1 },
    { "vsprintf", 1 }, { "vsnprintf", 1 }, { "strtok", 1 }, { "strtok_r", 1 | 4 },
    { "strsep", 1 }, { "fgets", 1 }, { "read", 2 }, { "fread", 1 }, { "pread", 2 },
    { "mkstemp", 1 }, { "mkostemp", 1 }, { "mkdtemp", 1 }, { "mktemp", 1 }, { "dirname", 1 },
    { "basename", 1 }, { "gets", 1 }, { "asprintf", 1 }, { "vasprintf", 1 },
    /* write through the variadic part */
    { "sscanf", ALLV }, { "scanf", ALLV }, { "fscanf", ALLV },
    /* GLib: strings, paths and messages, which read their arguments (or write the first) */
    { "g_str_has_suffix", 0 }, { "g_str_has_prefix", 0 }, { "g_strcmp0", 0 }, { "g_str_equal", 0 },
    { "g_strdup", 0 }, { "g_strndup", 0 }, { "g_strdup_printf", 0 }, { "g_strconcat", 0 },
    { "g_build_filename", 0 }, { "g_build_path", 0 }, { "g_path_get_basename", 0 },
    { "g_path_get_dirname", 0 }, { "g_path_is_absolute", 0 }, { "g_free", 0 }, { "g_utf8_validate", 0 },
    { "g_filename_to_utf8", 0 }, { "g_filename_from_utf8", 0 }, { "g_filename_display_name", 0 },
    { "g_print", 0 }, { "g_printerr", 0 }, { "g_message", 0 }, { "g_warning", 0 }, { "g_debug", 0 },
    { "g_info", 0 }, { "g_critical", 0 }, { "g_log", 0 }, { "g_ascii_strcasecmp", 0 },
    { "g_set_error", 1 }, { "g_set_error_literal", 1 }, { "g_strlcpy", 1 }, { "g_strlcat", 1 },
    { "g_snprintf", 1 },
};

static void fs_slots_build(void)
{
    fs_cat_load();
    for (int i = 0; i < fs_ncalls; i++) {
        for (int j = 0; j < i; j++)
            if (strcmp(fs_calls[j].name, fs_calls[i].name) == 0)
                fs_cat_fail(NULL, "a name has two entries");
        fs_slots_put(fs_call_slots, fs_calls[i].name, i);
    }
    for (size_t i = 0; i < sizeof fs_libc / sizeof fs_libc[0]; i++)
        fs_slots_put(fs_libc_slots, fs_libc[i].name, (int)i);
}

int fs_libc_writes(const char *name, unsigned *written_mask)
{
    if (!name)
        return 0;
    int i = fs_slots_find(fs_libc_slots, name, (const char *)&fs_libc[0].name, sizeof fs_libc[0]);
    if (i < 0)
        return 0;
    *written_mask = fs_libc[i].written;
    return 1;
}

/* Whether name is one of names[0, n). */
static int fs_name_in(const char *name, const char *const *names, size_t n)
{
    for (size_t i = 0; name && i < n; i++)
        if (strcmp(names[i], name) == 0)
            return 1;
    return 0;
}

#define FS_NAME_IN(name, names) fs_name_in((name), (names), sizeof (names) / sizeof (names)[0])

int fs_call_noreturn(const char *name, int status_known, long status)
{
    static const char *const names[] = { "exit", "_exit", "_Exit", "quick_exit", "abort", "err", "errx", "verr",
                                         "verrx", "errc", "verrc", "__assert_fail", "__assert_perror_fail",
                                         "__assert_rtn", "__assert", "pthread_exit", "thrd_exit", "longjmp",
                                         "siglongjmp", "_longjmp", "__builtin_unreachable", "__builtin_trap",
                                         "unreachable", "g_error", "g_assert_not_reached",
                                         "g_assertion_message_expr", "g_abort" };
    if (!name)
        return 0;
    if (strcmp(name, "error") == 0 || strcmp(name, "error_at_line") == 0)
        return status_known && status != 0;
    return FS_NAME_IN(name, names);
}

int fs_word_says_noreturn(const char *w, size_t len)
{
    if ((len == 6 && memcmp(w, "__dead", 6) == 0) || (len == 7 && memcmp(w, "__dead2", 7) == 0))
        return 1;
    for (size_t i = 0; i + 8 <= len; i++)
        if (strncasecmp(w + i, "noreturn", 8) == 0)
            return 1;
    for (size_t i = 0; i + 9 <= len; i++)
        if (strncmp(w + i, "NO_RETURN", 9) == 0)
            return 1;
    return 0;
}

int fs_is_chdir(const char *name)
{
    return name && (strcmp(name, "chdir") == 0 || strcmp(name, "fchdir") == 0 || strcmp(name, "g_chdir") == 0);
}

int fs_call_is_expect(const char *name)
{
    /* GCC's builtin, and the names projects give it when their header is
     * not read (likely(x) is __builtin_expect(!!(x), 1) once expanded) */
    static const char *const names[] = { "__builtin_expect", "__builtin_expect_with_probability", "likely",
                                         "unlikely", "LIKELY", "UNLIKELY", "G_LIKELY", "G_UNLIKELY",
                                         "_likely_", "_unlikely_", "__predict_true", "__predict_false",
                                         "PREDICT_TRUE", "PREDICT_FALSE", "likely_if", "unlikely_if" };
    return FS_NAME_IN(name, names);
}

int fs_is_sleep_call(const char *name)
{
    static const char *const names[] = { "sleep", "usleep", "nanosleep", "clock_nanosleep",
                                         "poll", "ppoll", "select", "pselect", "pause",
                                         "sched_yield", "wait", "waitpid", "sigsuspend",
                                         "epoll_wait", "inotify_add_watch", "thrd_sleep", "thrd_yield" };
    return FS_NAME_IN(name, names);
}

int fs_is_setuid_call(const char *name)
{
    static const char *const names[] = { "setuid", "seteuid", "setreuid", "setresuid",
                                         "setgid", "setegid", "setregid", "setresgid", "setfsuid" };
    return FS_NAME_IN(name, names);
}

int fs_call_changes_files(const char *callee, const char *stream_arg)
{
    static const char *const names[] = {
        "write", "pwrite", "writev", "pwritev", "fwrite", "fputs", "fputc", "putc", "fprintf", "vfprintf",
        "fflush", "fsync", "fdatasync", "ftruncate", "fchmod", "fchown", "futimens", "futimes", "fallocate",
        "posix_fallocate", "copy_file_range", "sendfile", "splice", "system", "popen", "fork", "vfork",
        "execv", "execve", "execvp", "execl", "execlp", "posix_spawn", "posix_spawnp", "wait", "waitpid",
        "kill", "sleep", "usleep", "nanosleep", "clock_nanosleep", "poll", "select", "pause", "sched_yield",
        "close", "fclose", "msync", "munmap" };
    if (!callee)
        return 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(callee, names[i]) == 0) {
            /* printing to the terminal changes no file */
            if (stream_arg && (strcmp(stream_arg, "stderr") == 0 || strcmp(stream_arg, "stdout") == 0) &&
                (strcmp(callee, "fprintf") == 0 || strcmp(callee, "fputs") == 0 || strcmp(callee, "fputc") == 0 ||
                 strcmp(callee, "fflush") == 0 || strcmp(callee, "vfprintf") == 0 || strcmp(callee, "putc") == 0 ||
                 strcmp(callee, "fwrite") == 0))
                return 0;
            return 1;
        }
    return 0;
}
