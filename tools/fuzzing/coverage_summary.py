#!/usr/bin/env python3
"""Summarizes a clang source-based coverage run for `tools/ariasuite fuzz --coverage`.

Usage: coverage_summary.py SUMMARY_JSON SHOW_TXT SUMMARY_OUT UNCOVERED_OUT
SUMMARY_JSON is `llvm-cov export -summary-only`; SHOW_TXT is `llvm-cov show` (text, every file).
Writes one line per folder and one per non-test impl/ file (lines and branches covered), and the
impl/ lines with an execution count of 0 as `file:line: code`.
"""
import json
import os
import re
import sys

SHOW_LINE = re.compile(r"^\s*(\d+)\|\s*([0-9.]+[kMG]?|)\|(.*)$")


def is_test_file(path):
    base = os.path.basename(path)
    return (base.endswith("_test.cc") or "for_testing" in base or base == "test_util.h"
            or "/testing/" in path)


def rel(path):
    # Paths are relative to the execution root already, or absolute under it.
    for top in ("impl/", "oracles/", "conformance/", "vectors/", "fuzz/", "tools/", "testing/"):
        i = path.find(top)
        if i >= 0:
            return path[i:]
    return path


def pct(covered, count):
    return "%5.1f%%" % (100.0 * covered / count) if count else "   - "


def main():
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1]) as f:
        data = json.load(f)["data"][0]["files"]
    folders = {}
    impl_rows = []
    for entry in data:
        path = rel(entry["filename"])
        s = entry["summary"]
        lines, branches = s["lines"], s.get("branches", {"count": 0, "covered": 0})
        top = path.split("/")[0] + "/"
        test = is_test_file(path)
        key = top + (" (tests)" if test else "")
        agg = folders.setdefault(key, [0, 0, 0, 0])
        agg[0] += lines["covered"]
        agg[1] += lines["count"]
        agg[2] += branches["covered"]
        agg[3] += branches["count"]
        if top == "impl/" and not test:
            impl_rows.append((path, lines["covered"], lines["count"], branches["covered"],
                              branches["count"]))
    out = []
    out.append("coverage per folder (lines, branches; test files apart):")
    for key in sorted(folders):
        lc, ln, bc, bn = folders[key]
        out.append("  %-24s lines %s (%d/%d)  branches %s (%d/%d)" % (key, pct(lc, ln), lc, ln,
                                                                    pct(bc, bn), bc, bn))
    out.append("impl/ per file (non-test; the SIMD paths count only where this CPU ran them):")
    for path, lc, ln, bc, bn in sorted(impl_rows):
        out.append("  %-32s lines %s (%d/%d)  branches %s (%d/%d)" % (path, pct(lc, ln), lc, ln,
                                                                     pct(bc, bn), bc, bn))
    with open(sys.argv[3], "w") as f:
        f.write("\n".join(out) + "\n")
    uncovered = []
    current = None
    with open(sys.argv[2]) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.endswith(":") and not line.startswith(" ") and "|" not in line:
                current = rel(line[:-1])
                continue
            m = SHOW_LINE.match(line)
            if (m and current and current.startswith("impl/") and m.group(2) == "0"
                    and not is_test_file(current)):
                uncovered.append("%s:%s: %s" % (current, m.group(1), m.group(3).strip()))
    with open(sys.argv[4], "w") as f:
        f.write("".join(u + "\n" for u in uncovered))
    return 0


if __name__ == "__main__":
    sys.exit(main())
