#!/usr/bin/env python3
"""Fixed programs behave as their fixes say: one case of testdata/behaviour/.

usage: behaviour.py FSCHECK CASE.c [CC]

The case is a whole program that takes a path as its only argument.  Its
first line says what fscheck must offer: `// FIXES: safe` or `// FIXES:
unsafe` (every finding has a fix, and of that kind).  The case is copied
into a fresh folder; `fscheck --fix` (and, for unsafe cases,
`--fix --unsafe-fixes`) rewrites a copy; the original and the fixed
program are compiled with -Wall -Wextra -Werror and run on the path states
of CONTRACT.md ("Safe fixes"), as root and as an unprivileged user, and
what they print, their exit status and the files they leave are compared.

- safe: the same on every state, and, counted with strace as root, no more
  path system calls in all.
- unsafe: every state where the two differ is named in the fix's
  description (the words of STATE_WORDS).

Exit status 0 when the case holds, 1 when not, 77 when the tools it needs
(strace, setpriv, root) are missing.
"""
import json, os, shutil, signal, stat, subprocess, sys, tempfile

PATH_SYSCALLS = ("access", "faccessat", "faccessat2", "stat", "lstat", "newfstatat", "statx", "open",
                 "openat", "openat2", "creat", "mkdir", "mkdirat", "mknodat", "unlink", "unlinkat", "rmdir",
                 "rename", "renameat", "renameat2", "symlink", "symlinkat", "link", "linkat", "readlink",
                 "readlinkat", "truncate", "chdir", "opendir")
NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]


def write(path, text, mode=0o644):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, mode)


def make_states():
    """state -> (builder(dir) -> path, run as root?, run unprivileged?)"""
    def file_(d): write(os.path.join(d, "p"), "hello\nworld\n"); return os.path.join(d, "p")
    def empty(d): write(os.path.join(d, "p"), ""); return os.path.join(d, "p")
    def folder(d): os.mkdir(os.path.join(d, "p")); return os.path.join(d, "p")
    def missing(d): return os.path.join(d, "p")
    def link_file(d): write(os.path.join(d, "real"), "target\n"); os.symlink("real", os.path.join(d, "p")); return os.path.join(d, "p")
    def link_dir(d): os.mkdir(os.path.join(d, "realdir")); os.symlink("realdir", os.path.join(d, "p")); return os.path.join(d, "p")
    def dangling(d): os.symlink("nowhere", os.path.join(d, "p")); return os.path.join(d, "p")
    def fifo(d): os.mkfifo(os.path.join(d, "p")); return os.path.join(d, "p")
    def notdir(d): write(os.path.join(d, "afile"), "x\n"); return os.path.join(d, "afile", "p")
    def loop(d): os.symlink("p2", os.path.join(d, "p")); os.symlink("p", os.path.join(d, "p2")); return os.path.join(d, "p")
    def unreadable(d): write(os.path.join(d, "p"), "secret\n", 0); return os.path.join(d, "p")
    def unsearchable(d):
        sub = os.path.join(d, "locked")
        os.mkdir(sub)
        write(os.path.join(sub, "p"), "hidden\n")
        os.chmod(sub, 0)
        return os.path.join(sub, "p")
    return {
        "regular file": (file_, True, True), "empty file": (empty, True, True), "folder": (folder, True, True),
        "missing": (missing, True, True), "symlink to a file": (link_file, True, True),
        "symlink to a folder": (link_dir, True, True), "dangling symlink": (dangling, True, True),
        "FIFO": (fifo, True, True), "under a regular file": (notdir, True, True),
        "symlink loop": (loop, True, True), "unreadable file": (unreadable, False, True),
        "under an unsearchable folder": (unsearchable, False, True),
    }


STATES = make_states()
# How a fix's description may name each state.
STATE_WORDS = {
    "regular file": ("regular", "not a folder"), "empty file": ("empty", "not a folder"),
    "folder": ("folder",), "missing": ("missing",), "symlink to a file": ("symlink",),
    "symlink to a folder": ("symlink",), "dangling symlink": ("symlink", "dangling"),
    "FIFO": ("FIFO", "not a folder"), "under a regular file": ("ENOTDIR", "under a regular file"),
    "symlink loop": ("symlink", "ELOOP"), "unreadable file": ("unreadable",),
    "under an unsearchable folder": ("unsearchable", "EACCES"),
}


def reset(d):
    for root, dirs, _ in os.walk(d):
        for x in dirs:
            try:
                os.chmod(os.path.join(root, x), 0o755)
            except OSError:
                pass
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    os.chmod(d, 0o777)


def snapshot(d):
    out = []
    for root, dirs, files in os.walk(d):
        for x in sorted(dirs + files):
            p = os.path.join(root, x)
            st = os.lstat(p)
            out.append((os.path.relpath(p, d), stat.S_IFMT(st.st_mode), st.st_size if stat.S_ISREG(st.st_mode) else 0))
        dirs.sort()
    return sorted(out)


def run(exe, state, work, nobody, trace=None):
    d = os.path.join(work, "state")
    reset(d)
    path = STATES[state][0](d)
    cmd = [exe, path]
    if trace:
        cmd = ["strace", "-f", "-qq", "-o", trace, "-e", "trace=" + ",".join(
            s for s in PATH_SYSCALLS if s != "opendir")] + cmd
    if nobody:
        cmd = NOBODY + cmd
    # a group of its own: on a timeout (a FIFO's open blocks) the program
    # goes too, not only strace or setpriv above it
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                         start_new_session=True)
    try:
        out, _ = p.communicate(timeout=2)
        result = (out, p.returncode)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        result = (b"<timeout>", -1)
    files = snapshot(d)
    reset(d)
    return result + (files,)


def count(trace, work):
    n = 0
    with open(trace, errors="replace") as f:
        for line in f:
            if os.path.join(work, "state") in line:
                n += 1
    return n


def compile_c(cc, src, exe):
    p = subprocess.run([cc, "-std=c11", "-D_GNU_SOURCE", "-Wall", "-Wextra", "-Werror", "-o", exe, src],
                       capture_output=True, text=True)
    return p.returncode == 0, p.stderr


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    fscheck, case = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    cc = sys.argv[3] if len(sys.argv) > 3 else "cc"
    if os.geteuid() != 0 or not shutil.which("strace") or not shutil.which("setpriv"):
        print("skipped: needs root, strace and setpriv")
        return 77
    with open(case) as f:
        first = f.readline()
    want = first.split("FIXES:", 1)[1].strip() if "FIXES:" in first else None
    if want not in ("safe", "unsafe"):
        print("%s: the first line must be `// FIXES: safe` or `// FIXES: unsafe`" % case)
        return 1
    work = tempfile.mkdtemp(prefix="fscheck-behaviour-")
    os.chmod(work, 0o755)
    problems = []
    try:
        name = os.path.basename(case)
        orig = os.path.join(work, "orig")
        os.makedirs(orig)
        shutil.copy(case, orig)
        p = subprocess.run([fscheck, "--format=json", name, "--", "-std=c11", "-D_GNU_SOURCE"], cwd=orig,
                           capture_output=True, text=True, timeout=120)
        if p.returncode not in (0, 1):
            print("fscheck failed (%d): %s" % (p.returncode, p.stderr.strip()))
            return 1
        findings = json.loads(p.stdout)["findings"]
        if not findings:
            problems.append("no finding")
        for x in findings:
            fix = x.get("fix")
            where = "%s line %d" % (x["rule"], x["line"])
            if not fix:
                problems.append("%s: no fix (%s)" % (where, x["message"]))
            elif fix["safety"] != want:
                problems.append("%s: a %s fix, the case expects %s: %s" % (where, fix["safety"], want,
                                                                        fix["description"]))
        descriptions = " ".join((x.get("fix") or {}).get("description", "") for x in findings)
        fixed = os.path.join(work, "fixed")
        os.makedirs(fixed)
        shutil.copy(case, fixed)
        args = ["--fix"] + (["--unsafe-fixes"] if want == "unsafe" else [])
        p = subprocess.run([fscheck] + args + [name, "--", "-std=c11", "-D_GNU_SOURCE"], cwd=fixed,
                           capture_output=True, text=True, timeout=120)
        if p.returncode not in (0, 1):
            problems.append("fscheck --fix failed (%d): %s" % (p.returncode, p.stderr.strip()))
        with open(case) as a, open(os.path.join(fixed, name)) as b:
            if a.read() == b.read():
                problems.append("--fix %s changed nothing" % " ".join(args[1:]))
        exes = {}
        for label, d in (("original", orig), ("fixed", fixed)):
            exe = os.path.join(work, label + ".exe")
            ok, err = compile_c(cc, os.path.join(d, name), exe)
            if not ok:
                problems.append("the %s program does not compile:\n%s" % (label, err))
            exes[label] = exe
        if problems:
            raise StopIteration
        calls = {"original": 0, "fixed": 0}
        for state, (_, as_root, as_user) in STATES.items():
            for nobody in ((False,) if as_root else ()) + ((True,) if as_user else ()):
                o = run(exes["original"], state, work, nobody)
                f = run(exes["fixed"], state, work, nobody)
                if o == f:
                    continue
                who = "unprivileged" if nobody else "root"
                if want == "safe":
                    problems.append("%s, %s: original %r, fixed %r" % (state, who, o[:2], f[:2]))
                elif not any(w in descriptions for w in STATE_WORDS[state]):
                    problems.append("%s, %s: behaves otherwise (original %r, fixed %r) and the description "
                                    "does not say so: %s" % (state, who, o[:2], f[:2], descriptions))
            if want == "safe" and as_root:
                for label in calls:
                    trace = os.path.join(work, "trace")
                    run(exes[label], state, work, False, trace)
                    calls[label] += count(trace, work)
        if want == "safe" and calls["fixed"] > calls["original"]:
            problems.append("more path system calls: %d, against %d" % (calls["fixed"], calls["original"]))
        if not problems:
            print("%s: %s fix holds%s" % (name, want, "; path system calls %d -> %d" % (
                calls["original"], calls["fixed"]) if want == "safe" else ""))
    except StopIteration:
        pass
    finally:
        reset(os.path.join(work, "state"))
        shutil.rmtree(work, ignore_errors=True)
    for x in problems:
        print("FAIL:", x)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
