#!/usr/bin/env python3
"""Propose candidate sites for the recall study: a generous pair finder.

usage: candidates.py SRC [--helpers NAME,NAME...] [--window N] > candidates.tsv

For every function of every .c and .h file under SRC (found by brace
matching on text with comments blanked), it lists
  pair   two path calls with the same path argument (text, blanks removed)
         within WINDOW lines (default 80), at least one of them a probe;
  access each access()-family call with F_OK, R_OK, W_OK or X_OK (or a
         G_FILE_TEST_ / helper probe) that no pair row covers;
  loop   each probe inside a for/while/do body.
A "call" is a library path call (probe, open, create, remove, rename,
readlink, realpath, chdir, GLib's g_* forms) or a project helper: a name
given with --helpers, or one whose name looks like a probe (exists, is_dir,
isdir, is_file, is_directory, is_regular, file_test, _stat, _access, ...).
The rows are proposals only: each is decided by reading its function.
Columns: kind file func line1 call1 line2 call2 arg
"""
import os, re, sys

PROBES = {"access": 1, "euidaccess": 1, "eaccess": 1, "faccessat": 2, "stat": 1, "lstat": 1,
          "stat64": 1, "lstat64": 1, "fstatat": 2, "fstatat64": 2, "statx": 2,
          "g_file_test": 1, "g_stat": 1, "g_lstat": 1, "g_access": 1}
USES = {"open": 1, "open64": 1, "fopen": 1, "fopen64": 1, "freopen": 1, "opendir": 1, "openat": 2,
        "creat": 1, "mkdir": 1, "mkfifo": 1, "mknod": 1, "mkdirat": 2, "mkfifoat": 2,
        "symlink": 2, "symlinkat": 3, "link": 2, "linkat": 4, "unlink": 1, "rmdir": 1,
        "remove": 1, "unlinkat": 2, "rename": 1, "readlink": 1, "realpath": 1, "chdir": 1,
        "chmod": 1, "chown": 1, "truncate": 1, "utime": 1, "utimes": 1, "utimensat": 2,
        "g_open": 1, "g_fopen": 1, "g_mkdir": 1, "g_mkdir_with_parents": 1, "g_unlink": 1,
        "g_remove": 1, "g_rmdir": 1, "g_rename": 1, "g_creat": 1, "g_file_get_contents": 1,
        "g_file_set_contents": 1, "g_dir_open": 1, "g_chmod": 1, "g_freopen": 1,
        "g_file_read_link": 1, "g_mapped_file_new": 1, "g_key_file_load_from_file": 2}
HELPER_RE = re.compile(r"(^|_)(exists?|isdir|is_dir|isfile|is_file|is_directory|is_regular(_file)?|"
                       r"file_test|is_?readable|is_?writable|is_?executable|islink|is_link|is_symlink)(_|$)", re.I)
KW = {"if", "for", "while", "switch", "return", "sizeof", "do", "else", "case", "defined"}


def blank_comments(t):
    out = list(t)
    i, n = 0, len(t)
    while i < n:
        c = t[i]
        if t.startswith("/*", i):
            j = t.find("*/", i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
        elif t.startswith("//", i):
            j = t.find("\n", i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = " "
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and t[j] != c and t[j] != "\n":
                j += 2 if t[j] == "\\" else 1
            i = j + 1
        else:
            i += 1
    return "".join(out)


def blank_directives(t):
    # preprocessor lines do not count as braces (an #if arm may open one)
    lines = t.split("\n")
    out, cont = [], False
    for ln in lines:
        if cont or ln.lstrip().startswith("#"):
            cont = ln.rstrip().endswith("\\")
            # keep #if lines as they are for nothing: blank them
            out.append(" " * len(ln))
        else:
            out.append(ln)
    return "\n".join(out)


def functions(t):
    """(name, body_begin, body_end) of top-level bodies that follow a ')'."""
    depth, i, n = 0, 0, len(t)
    res = []
    while i < n:
        c = t[i]
        if c in "\"'":
            j = i + 1
            while j < n and t[j] != c and t[j] != "\n":
                j += 2 if t[j] == "\\" else 1
            i = j + 1
            continue
        if c == "{":
            if depth == 0:
                k = i - 1
                while k >= 0 and t[k].isspace():
                    k -= 1
                # skip K&R parameter declarations and attribute macros: find the last ')' before
                m = re.search(r"([A-Za-z_]\w*)\s*\([^;{}]*\)[^;{}()]*$", t[max(0, i - 2000):i])
                name = m.group(1) if m and t[k] != "=" and m.group(1) not in KW else None
                start = i
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0 and name:
                res.append((name, start, i + 1))
                name = None
            if depth < 0:
                depth = 0
        i += 1
    return res


def split_args(t, i):
    """Arguments of the call whose '(' is at t[i]: list of strings, end offset."""
    depth, args, cur, j, n = 0, [], [], i, len(t)
    while j < n:
        c = t[j]
        if c in "\"'":
            k = j + 1
            while k < n and t[k] != c and t[k] != "\n":
                k += 2 if t[k] == "\\" else 1
            cur.append(t[j:k + 1])
            j = k + 1
            continue
        if c in "([{":
            depth += 1
            if depth == 1:
                j += 1
                continue
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                args.append("".join(cur))
                return args, j
        elif c == "," and depth == 1:
            args.append("".join(cur))
            cur = []
            j += 1
            continue
        cur.append(c)
        j += 1
    return args, n


def norm(a):
    a = re.sub(r"\s+", "", a)
    a = re.sub(r"^\((const)?char\*\)", "", a)
    return a


def params_of(t, b):
    """Parameter names of the function whose body begins at t[b]."""
    m = re.search(r"\(([^;{}()]*(?:\([^()]*\)[^;{}()]*)*)\)[^;{}()]*$", t[max(0, b - 2000):b])
    if not m:
        return []
    names = []
    for p in m.group(1).split(","):
        ids = re.findall(r"[A-Za-z_]\w*", re.sub(r"\[[^\]]*\]", "", p))
        if ids:
            names.append(ids[-1])
    return names


def scan_calls(body, line0, fname, helpers):
    calls = []
    for m in CALL_RE.finditer(body):
        name = m.group(1)
        if name in KW or name == fname:
            continue
        kind = None
        if name in PROBES:
            kind, pos = "probe", PROBES[name]
        elif name in USES:
            kind, pos = "use", USES[name]
        elif name in helpers:
            kind, pos = helpers[name]
        elif HELPER_RE.search(name) and not name.startswith("S_IS"):
            kind, pos = "probe", 1
        if not kind:
            continue
        a, end = split_args(body, m.end() - 1)
        if len(a) < pos:
            continue
        arg = norm(a[pos - 1])
        if not arg:
            continue
        line = line0 + body.count("\n", 0, m.start())
        mode = norm(a[1]) if len(a) > 1 else ""
        if name == "faccessat" and len(a) > 2:
            mode = norm(a[2])
        calls.append((line, name, kind, arg, mode, m.start()))
    return calls


CALL_RE = re.compile(r"\b([A-Za-z_]\w*)\s*\(")
DEFINE_RE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(([^)]*)\)(.*(?:\\\n.*)*)", re.M)


def discover(units, helpers):
    """Project helpers: a function or macro whose parameter is the path of a
    library path call or of a helper already found (three rounds)."""
    for _ in range(3):
        grew = False
        for rel, text, t, fns in units:
            for fname, b, e, params in fns:
                if fname in helpers or not params:
                    continue
                for c in scan_calls(t[b:e], 0, fname, helpers):
                    if c[3] in params:
                        helpers[fname] = (c[2], params.index(c[3]) + 1)
                        grew = True
                        break
            for m in DEFINE_RE.finditer(text):
                name, ps = m.group(1), [x.strip() for x in m.group(2).split(",")]
                if name in helpers:
                    continue
                for c in scan_calls(m.group(3).replace("\\\n", " "), 0, name, helpers):
                    if c[3] in ps:
                        helpers[name] = (c[2], ps.index(c[3]) + 1)
                        grew = True
                        break
        if not grew:
            break


def main():
    args = sys.argv[1:]
    helpers, window, excl = {}, 80, []
    if "--helpers" in args:
        k = args.index("--helpers")
        for h in args[k + 1].split(","):
            helpers[h] = ("probe", 1)
        del args[k:k + 2]
    if "--window" in args:
        k = args.index("--window")
        window = int(args[k + 1])
        del args[k:k + 2]
    while "--exclude" in args:
        k = args.index("--exclude")
        excl.append(args[k + 1])
        del args[k:k + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    src = args[0]
    units = []
    for root, dirs, files in os.walk(src):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for f in sorted(files):
            if not f.endswith((".c", ".h")):
                continue
            p = os.path.join(root, f)
            rel = os.path.relpath(p, src)
            if any(rel.startswith(x) for x in excl):
                continue
            try:
                text = open(p, encoding="latin-1").read()
            except OSError:
                continue
            t = blank_directives(blank_comments(text))
            fns = [(n, b, e, params_of(t, b)) for n, b, e in functions(t)]
            units.append((rel, text, t, fns))
    discover(units, helpers)
    out = sys.stdout
    sys.stderr.write("helpers: %s\n" % " ".join(sorted(helpers)))
    for rel, text, t, fns in units:
        for fname, b, e, params in fns:
            body = t[b:e]
            line0 = t.count("\n", 0, b) + 1
            loops = [(m.start(), m.group(1)) for m in re.finditer(r"\b(for|while|do)\b", body)]
            calls = scan_calls(body, line0, fname, helpers)
            covered = set()
            for i, c1 in enumerate(calls):
                for c2 in calls[i + 1:]:
                    if c2[0] - c1[0] > window:
                        break
                    if c1[3] == c2[3] and (c1[2] == "probe" or c2[2] == "probe"):
                        out.write("pair\t%s\t%s\t%d\t%s\t%d\t%s\t%s\n" %
                                  (rel, fname, c1[0], c1[1], c2[0], c2[1], c1[3]))
                        covered.add(c1[5]); covered.add(c2[5])
            for c in calls:
                if c[2] != "probe":
                    continue
                if c[5] not in covered and (re.search(r"[FRWX]_OK|G_FILE_TEST", c[4]) or c[1] not in PROBES):
                    out.write("access\t%s\t%s\t%d\t%s\t\t\t%s\n" % (rel, fname, c[0], c[1], c[3]))
                for lpos, kw in loops:
                    if lpos < c[5]:
                        seg = body[lpos:c[5]]
                        if seg.count("{") - seg.count("}") > 0 or ";" not in seg:
                            out.write("loop\t%s\t%s\t%d\t%s\t\t\t%s\n" % (rel, fname, c[0], c[1], c[3]))
                            break


if __name__ == "__main__":
    main()
