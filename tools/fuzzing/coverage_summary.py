#!/usr/bin/env python3
"""Summarizes a clang source-based coverage run for `tools/ariasuite fuzz --coverage`.

Usage: coverage_summary.py SUMMARY_JSON SHOW_TXT SUMMARY_OUT UNCOVERED_OUT [EXPLAINED_MD]
SUMMARY_JSON is `llvm-cov export -summary-only`; SHOW_TXT is `llvm-cov show` (text, every file).
Writes one line per folder and one per non-test impl/ file (lines and branches covered), and the
impl/ lines with an execution count of 0 as `file:line: code`.
EXPLAINED_MD (fuzz/COVERAGE.md) holds table rows "| `impl/FILE` | LINES | reason |", LINES a
comma-separated list of N or N-M: unreached lines no input can reach, each with its reason. The
summary then adds the impl/ figure with those lines set aside and the count of unreached lines
nobody explained; uncovered.txt lists the unexplained ones first, the explained ones after,
marked "(explained)".
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


EXPLAINED_ROW = re.compile(r"^\|\s*`(impl/[^`]+)`\s*\|\s*([0-9][0-9,\s-]*)\|")


def read_explained(path):
    """{file: set of line numbers} from the table rows of EXPLAINED_MD."""
    explained = {}
    with open(path) as f:
        for line in f:
            m = EXPLAINED_ROW.match(line)
            if not m:
                continue
            lines = explained.setdefault(m.group(1), set())
            for part in m.group(2).split(","):
                part = part.strip()
                if not part:
                    continue
                lo, _, hi = part.partition("-")
                lines.update(range(int(lo), int(hi or lo) + 1))
    return explained


def main():
    if len(sys.argv) not in (5, 6):
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
                uncovered.append((current, int(m.group(1)), m.group(3).strip()))
    explained = read_explained(sys.argv[5]) if len(sys.argv) == 6 else {}
    unexplained = [u for u in uncovered if u[1] not in explained.get(u[0], set())]
    set_aside = [u for u in uncovered if u[1] in explained.get(u[0], set())]
    if len(sys.argv) == 6:
        lc = sum(r[1] for r in impl_rows)
        ln = sum(r[2] for r in impl_rows)
        out.append("impl/ non-test lines reached: %s (%d/%d); %d unreached, %d of them explained "
                   "in %s as unreachable by any input" % (pct(lc, ln).strip(), lc, ln,
                                                          len(uncovered), len(set_aside),
                                                          os.path.basename(sys.argv[5])))
        # Reached over reached plus unexplained: llvm-cov's line count (the JSON) leaves out some
        # lines its text view shows as 0 (a #pragma, a closing brace), so the explained lines are
        # not subtracted from it.
        out.append("impl/ with the explained lines set aside: %s (%d/%d); %d unreached lines "
                   "unexplained" % (pct(lc, lc + len(unexplained)).strip(), lc,
                                    lc + len(unexplained), len(unexplained)))
    with open(sys.argv[3], "w") as f:
        f.write("\n".join(out) + "\n")
    with open(sys.argv[4], "w") as f:
        for path, num, code in unexplained:
            f.write("%s:%d: %s\n" % (path, num, code))
        for path, num, code in set_aside:
            f.write("%s:%d: (explained) %s\n" % (path, num, code))
    return 0


if __name__ == "__main__":
    sys.exit(main())
