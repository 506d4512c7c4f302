#!/usr/bin/env python3
"""Write the stub headers of testdata/real-world.md's "Appendix: stub headers"
into a CFG folder, plus the files "Repeating the runs" asks for:
CFG/config.h (empty), CFG/coreutils/fts_.h (from gnulib's fts.in.h),
CFG/coreutils/configmake.h (empty), CFG/irssi-root/irssi/ (copies of the
irssi stubs).

usage: stubs.py REAL_WORLD_MD CFG [GNULIB_LIB]
"""
import os
import re
import shutil
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    md, cfg = sys.argv[1], sys.argv[2]
    gnulib = sys.argv[3] if len(sys.argv) > 3 else None
    text = open(md, encoding="utf-8").read()
    app = text[text.index("## Appendix: stub headers"):]
    blocks = re.findall(r"^`<CFG>/([^`]+)`:\n\n```c\n(.*?)^```", app, re.M | re.S)
    if not blocks:
        sys.exit("no stub headers found in " + md)
    for name, body in blocks:
        path = os.path.join(cfg, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(body)
        print(path)
    open(os.path.join(cfg, "config.h"), "w").close()
    os.makedirs(os.path.join(cfg, "coreutils"), exist_ok=True)
    open(os.path.join(cfg, "coreutils", "configmake.h"), "w").close()
    if gnulib:
        src = open(os.path.join(gnulib, "fts.in.h"), encoding="utf-8").read()
        with open(os.path.join(cfg, "coreutils", "fts_.h"), "w", encoding="utf-8") as f:
            f.write(re.sub(r"@[A-Z_]*@", "", src))
    root = os.path.join(cfg, "irssi-root", "irssi")
    os.makedirs(root, exist_ok=True)
    for h in ("irssi-config.h", "irssi-version.h"):
        if os.path.exists(os.path.join(cfg, "irssi", h)):
            shutil.copy(os.path.join(cfg, "irssi", h), root)


if __name__ == "__main__":
    main()
