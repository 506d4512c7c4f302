#!/usr/bin/env python3
"""sarif_content.py - what fscheck's SARIF says, beyond its schema.

    python3 sarif_content.py FSCHECK      (from the source root)

Checks the rules (descriptions, help with the bad example and the rewrite,
level, tags with CWE-367 for the race rules, precision), one result against
the JSON report of the same run (locations, related locations, fix), columns
in UTF-16 code units, and that partialFingerprints stay the same when ten
lines are inserted above the finding and change when the calls change.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

FLAGS = ["--", "-std=c11", "-D_GNU_SOURCE"]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL: " + what)


def run(fscheck, args, cwd=None):
    p = subprocess.run([fscheck] + args + FLAGS, cwd=cwd, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def sarif(fscheck, path, cwd=None):
    rc, out, err = run(fscheck, ["--format=sarif", path], cwd)
    check(rc in (0, 1), f"fscheck --format=sarif {path}: exit {rc}: {err}")
    return json.loads(out)["runs"][0]


def main():
    fscheck = os.path.abspath(sys.argv[1])

    # --- rules ---
    run0 = sarif(fscheck, "testdata/cli/one_finding.c")
    driver = run0["tool"]["driver"]
    check(driver["name"] == "fscheck" and driver.get("version") and driver.get("informationUri"),
          "driver has name, version and informationUri")
    listed = [line.split()[0] for line in subprocess.run([fscheck, "--list-rules"], capture_output=True,
                                                           text=True).stdout.splitlines() if line.strip()]
    rules = driver["rules"]
    check([r["id"] for r in rules] == listed, f"rules are the registry's: {[r['id'] for r in rules]} vs {listed}")
    race = {"FS201", "FS202", "FS301", "FS302"}
    for r in rules:
        rid = r["id"]
        for key in ("name", "shortDescription", "fullDescription", "help", "defaultConfiguration", "properties"):
            check(key in r, f"{rid}: has {key}")
        md = r.get("help", {}).get("markdown", "")
        check(md.count("```c") >= 2, f"{rid}: help.markdown shows the bad example and the rewrite")
        check("## Example" in md and "## The fix" in md, f"{rid}: help.markdown has Example and The fix")
        text = r.get("help", {}).get("text", "")
        check("```" not in text and "Example:" in text, f"{rid}: help.text is plain text")
        check(r.get("defaultConfiguration", {}).get("level") in ("error", "warning", "note"), f"{rid}: level")
        props = r.get("properties", {})
        tags = props.get("tags", [])
        check(props.get("precision") in ("very-high", "high", "medium", "low"), f"{rid}: precision")
        if rid in race:
            check("security" in tags and "external/cwe/cwe-367" in tags, f"{rid}: tagged security and CWE-367")
        else:
            check("external/cwe/cwe-367" not in tags, f"{rid}: not tagged CWE-367")

    # --- one result, against the JSON report ---
    rc, out, _ = run(fscheck, ["--format=json", "testdata/cli/one_finding.c"])
    fj = json.loads(out)["findings"][0]
    res = run0["results"][0]
    check(res["ruleId"] == fj["rule"] and rules[res["ruleIndex"]]["id"] == fj["rule"], "ruleId and ruleIndex")
    check(res["level"] == fj["severity"], "level")
    check(res["message"]["text"].startswith(fj["message"]), "message")
    loc = res["locations"][0]["physicalLocation"]
    check(loc["artifactLocation"] == {"uri": "testdata/cli/one_finding.c", "uriBaseId": "%SRCROOT%"},
          f"artifactLocation relative to %SRCROOT%: {loc['artifactLocation']}")
    root = run0["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    check(root == "file://" + os.getcwd().rstrip("/") + "/", f"%SRCROOT% is the working folder: {root}")
    reg = loc["region"]
    check((reg["startLine"], reg["startColumn"], reg["endLine"], reg["endColumn"]) ==
          (fj["line"], fj["column"], fj["end_line"], fj["end_column"]), f"region {reg}")
    check(res["locations"][0].get("logicalLocations", [{}])[0].get("name") == fj["function"], "function")
    rel = res["relatedLocations"]
    check(len(rel) == len(fj["related"]), "relatedLocations")
    check(rel[0]["physicalLocation"]["region"]["startLine"] == fj["related"][0]["line"], "related line")
    check(rel[0]["physicalLocation"]["region"]["startColumn"] == fj["related"][0]["column"], "related column")
    fix = res["fixes"][0]["artifactChanges"][0]["replacements"][0]
    edit = fj["fix"]["edits"][0]
    check(fix["deletedRegion"] == {"byteOffset": edit["offset"], "byteLength": edit["length"]}, "deletedRegion")
    check(fix.get("insertedContent", {"text": ""})["text"] == edit["replacement"], "insertedContent")
    fp = res.get("partialFingerprints", {})
    check(len(fp) == 1 and list(fp.values())[0] == fj.get("fingerprint"), "partialFingerprints = fingerprint")

    tmp = tempfile.mkdtemp(prefix="fscheck-sarif-content.")
    try:
        # --- columns in UTF-16 code units: "é" is 2 bytes, 1 unit ---
        src = open("testdata/cli/one_finding.c", encoding="utf-8").read()
        wide = src.replace("    if (access(path, F_OK) != 0)", "    if (/* é */ access(path, F_OK) != 0)")
        check(wide != src, "the UTF-16 input was made")
        with open(os.path.join(tmp, "wide.c"), "w", encoding="utf-8") as f:
            f.write(wide)
        rc, out, _ = run(fscheck, ["--format=json", "wide.c"], tmp)
        byte_col = json.loads(out)["findings"][0]["column"]
        reg = sarif(fscheck, "wide.c", tmp)["results"][0]["locations"][0]["physicalLocation"]["region"]
        check(reg["startColumn"] == byte_col - 1, f"UTF-16 column {reg['startColumn']} for byte column {byte_col}")

        # --- fingerprints: ten lines above change nothing; other calls do ---
        shutil.copy("testdata/cli/one_finding.c", os.path.join(tmp, "probe.c"))
        before = sarif(fscheck, "probe.c", tmp)["results"][0]
        lines = src.splitlines(True)
        extra = [f"/* line {i} inserted above */\n" for i in range(9)] + ["static int unrelated(void) { return 0; }\n"]
        with open(os.path.join(tmp, "probe.c"), "w") as f:
            f.writelines(lines[:4] + extra + lines[4:])
        after = sarif(fscheck, "probe.c", tmp)["results"][0]
        start = lambda r: r["locations"][0]["physicalLocation"]["region"]["startLine"]
        check(start(after) == start(before) + 10, "the finding moved down ten lines")
        check(after["partialFingerprints"] == before["partialFingerprints"],
              f"fingerprint kept across inserted lines: {before['partialFingerprints']} {after['partialFingerprints']}")
        with open(os.path.join(tmp, "probe.c"), "w") as f:
            f.write(src.replace("stat(path, &st)", "lstat(path, &st)"))
        other = sarif(fscheck, "probe.c", tmp)["results"]
        check(other and other[0]["partialFingerprints"] != before["partialFingerprints"],
              "fingerprint changes with the calls involved")
    finally:
        shutil.rmtree(tmp)

    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    print("sarif_content.py: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
