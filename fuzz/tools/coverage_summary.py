#!/usr/bin/env python3
"""Summarizes a clang source-based coverage run for `tools/ariasuite fuzz --coverage`.

Usage: coverage_summary.py SUMMARY_JSON SHOW_TXT SUMMARY_OUT UNCOVERED_OUT
                           [EXPLAINED_MD [FUNCTIONS_JSON]]
SUMMARY_JSON is `llvm-cov export -summary-only`; SHOW_TXT is `llvm-cov show` (text, every file).
Writes one line per folder and one per non-test impl/ file (lines and branches covered), and the
impl/ lines with an execution count of 0 as `file:line: code`.
EXPLAINED_MD (fuzz/COVERAGE.md) holds table rows "| `impl/FILE` | ITEMS | reason |", ITEMS a
comma-separated list of N, N-M, N-M in `Function` (lines that must lie in that function) or
`Function` (or `Class::Function`): unreached lines no input can reach, each with its reason. A
function item names every unreached line of that function, with its extent read from
FUNCTIONS_JSON (`llvm-cov export` with function records), so the row survives edits that move
the function. The summary then adds the impl/ figure with those lines set aside, the count of
unreached lines nobody explained, and every stale row: a listed line that is now reached, lies
past the file's end or outside the function it is said to be in, a function or file no longer in
the report, or a row left with no unreached line. uncovered.txt lists the unexplained lines
first, the explained ones after, marked "(explained)".
"""
import json
import os
import re
import subprocess
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


EXPLAINED_ROW = re.compile(r"^\|\s*`(impl/[^`]+)`\s*\|([^|]*)\|")
LINE_ITEM = re.compile(r"^(\d+)(?:-(\d+))?(?:\s+in\s+`([A-Za-z_][A-Za-z_0-9:~]*)`)?$")
FUNCTION_ITEM = re.compile(r"^`([A-Za-z_][A-Za-z_0-9:~]*)`$")


def read_explained(path):
    """The table rows of EXPLAINED_MD as (file, line numbers, function names, row text)."""
    rows = []
    with open(path) as f:
        for line in f:
            m = EXPLAINED_ROW.match(line)
            if not m:
                continue
            numbers, names, within = set(), [], []
            for part in m.group(2).split(","):
                part = part.strip()
                if not part:
                    continue
                lm, fm = LINE_ITEM.match(part), FUNCTION_ITEM.match(part)
                if lm:
                    span = set(range(int(lm.group(1)), int(lm.group(2) or lm.group(1)) + 1))
                    numbers |= span
                    if lm.group(3):
                        within.append((lm.group(3), span))
                elif fm:
                    names.append(fm.group(1))
                else:
                    raise SystemExit("coverage_summary: %s: row of %s: '%s' is neither a line, "
                                     "a range N-M (in `function`) nor a `function`"
                                     % (path, m.group(1), part))
            rows.append((m.group(1), numbers, names, within,
                         "%s |%s|" % (m.group(1), m.group(2))))
    return rows


def read_functions(path):
    """{file: {name: set of lines}} from `llvm-cov export` (with functions), names demangled and
    reduced to the unqualified name and Class::name (no parameters or template arguments)."""
    with open(path) as f:
        functions = json.load(f)["data"][0].get("functions", [])
    mangled = [fn["name"].rpartition(":")[2] if fn["name"].count(":") == 1 else fn["name"]
               for fn in functions]
    try:
        plain = subprocess.run(["c++filt"], input="\n".join(mangled), capture_output=True,
                               text=True, check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        plain = mangled
    extents = {}
    for fn, name in zip(functions, plain):
        regions = [r for r in fn["regions"] if r[5] == 0]
        if not regions or not fn.get("filenames"):
            continue
        lines = set(range(min(r[0] for r in regions), max(r[2] for r in regions) + 1))
        for key in short_names(name):
            extents.setdefault(rel(fn["filenames"][0]), {}).setdefault(key, set()).update(lines)
    return extents


def short_names(name):
    """'void ns::(anonymous namespace)::Class::Fn<3>(int) const' -> {'Fn', 'Class::Fn'}."""
    name = re.sub(r"\[abi:[^\]]*\]", "", name.replace("(anonymous namespace)::", ""))
    depth, bare = 0, ""
    for c in name:  # template arguments out, up to the parameters (the first '(' outside them)
        if c == "(" and depth == 0:
            break
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif depth == 0:
            bare += c
    parts = [p for p in bare.split()[-1:][0].split("::") if p] if bare.split() else []
    if not parts:
        return set()
    return {parts[-1]} | ({"::".join(parts[-2:])} if len(parts) > 1 else set())


def main():
    if len(sys.argv) not in (5, 6, 7):
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
    counts = {}  # {impl/ file: {line: count}}, the lines llvm-cov counts
    last_line = {}
    current = None
    with open(sys.argv[2]) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.endswith(":") and not line.startswith(" ") and "|" not in line:
                current = rel(line[:-1])
                continue
            m = SHOW_LINE.match(line)
            if not (m and current and current.startswith("impl/") and not is_test_file(current)):
                continue
            num = int(m.group(1))
            last_line[current] = max(last_line.get(current, 0), num)
            if m.group(2):
                counts.setdefault(current, {})[num] = m.group(2)
            if m.group(2) == "0":
                uncovered.append((current, num, m.group(3).strip()))
    explained, stale = {}, []
    if len(sys.argv) >= 6:
        functions = read_functions(sys.argv[6]) if len(sys.argv) == 7 else {}
        for path, numbers, names, within, text in read_explained(sys.argv[5]):
            why = []
            for name, span in within:
                outside = sorted(span - functions.get(path, {}).get(name, set()))
                if outside:
                    why.append("not in `%s`: %s" % (name, ", ".join(map(str, outside))))
            if path not in last_line:
                why.append("the file is not in the report")
            lines = set(numbers)
            for name in names:
                if name in functions.get(path, {}):
                    zero = {n for n in functions[path][name] if counts.get(path, {}).get(n) == "0"}
                    if not zero:
                        why.append("`%s` has no unreached line" % name)
                    lines |= zero
                else:
                    why.append("no function `%s`" % name)
            reached = sorted(n for n in numbers if counts.get(path, {}).get(n, "0") != "0")
            if reached:
                why.append("reached now: %s" % ", ".join(map(str, reached)))
            past = sorted(n for n in numbers if n > last_line.get(path, 0))
            if path in last_line and past:
                why.append("past the file's last line %d: %s" % (last_line[path],
                                                                 ", ".join(map(str, past))))
            if not why and not any(counts.get(path, {}).get(n) == "0" for n in lines):
                why.append("no unreached line")
            if why:
                stale.append("%s (%s)" % (text, "; ".join(why)))
            explained.setdefault(path, set()).update(lines)
    unexplained = [u for u in uncovered if u[1] not in explained.get(u[0], set())]
    set_aside = [u for u in uncovered if u[1] in explained.get(u[0], set())]
    if len(sys.argv) >= 6:
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
        out.append("%s: %d stale rows (a listed line now reached, past the file's end or outside "
                   "its function, a function or file gone, or no unreached line left)" % (
                       os.path.basename(sys.argv[5]), len(stale)))
        out.extend("  stale: " + row for row in stale)
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
