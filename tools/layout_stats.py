#!/usr/bin/env python3
"""Lines of non-test source per top-level directory, and the share held by tools/.

Usage: tools/layout_stats.py [--json] [REPO]   (REPO defaults to this file's repository)

Counts the files git tracks. Source is C/C++ (.cc .h .c), Python, shell, Starlark (.bzl, BUILD)
and any other file starting with a #! line; data (vectors, corpora, JSON, YAML, Markdown, mutant
rules, patches) is not source. A source file is a test file when any of these holds:
  - its name matches *_test.* or *_test (e.g. vm_test.sh, aria_ctx_test.cc);
  - a directory on its path is testdata/;
  - it is a test-only helper: named fake_*, *_testing.* or *_plant*, or in the srcs/hdrs of
    BUILD rules that are tests (kind ending in _test) or marked testonly = True (impl/testing's
    test-only libraries, the vector generator) and named by no other rule; a file any other rule
    names (a library, a binary, a filegroup, exports_files) or that a test only lists as data
    (the program it runs) is not test-only.
Prints one line per top-level directory (non-test lines, test lines) and the share of all
non-test lines under tools/.
"""

import argparse
import json
import os
import re
import subprocess
import sys

SOURCE_EXT = (".cc", ".h", ".c", ".py", ".sh", ".bzl")
HELPER_PATTERNS = (r"^fake_", r"_testing\.", r"_plant")


def tracked_files(repo):
    out = subprocess.run(["git", "-C", repo, "ls-files", "-z"], check=True,
                         capture_output=True).stdout.decode()
    return [p for p in out.split("\0") if p and os.path.isfile(os.path.join(repo, p))]


def is_source(repo, path):
    base = os.path.basename(path)
    if base.endswith(SOURCE_EXT) or base in ("BUILD", "BUILD.bazel", "WORKSPACE"):
        return True
    try:
        with open(os.path.join(repo, path), "rb") as f:
            return f.read(2) == b"#!"
    except OSError:
        return False


def build_blocks(text):
    """Yields (kind, body) for each top-level call in a BUILD file."""
    for m in re.finditer(r"^([A-Za-z_][A-Za-z0-9_]*)\(", text, re.M):
        depth, i = 0, m.end() - 1
        while i < len(text):
            c = text[i]
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    break
            elif c == "#":
                i = text.find("\n", i)
                if i < 0:
                    break
            i += 1
        yield m.group(1), text[m.end():i]


def build_references(repo, files):
    """Files named by test rules and by other rules, from each package's BUILD."""
    test_refs, other_refs = set(), set()
    present = set(files)
    for build in (p for p in files if os.path.basename(p) in ("BUILD", "BUILD.bazel")):
        pkg = os.path.dirname(build)
        with open(os.path.join(repo, build), encoding="utf-8") as f:
            text = f.read()
        for kind, body in build_blocks(text):
            is_test = kind.endswith("_test") or re.search(r"testonly\s*=\s*(True|1)", body)
            # A test names its code in srcs/hdrs; what it lists as data (the program it runs) is
            # not made test-only by that.
            names = body
            if is_test:
                names = " ".join(re.findall(r"\b(?:srcs|hdrs)\s*=\s*\[([^\]]*)\]", body))
            for s in re.findall(r'"([^"$:/][^"$:]*)"', names):
                path = os.path.join(pkg, s) if pkg else s
                if path in present:
                    (test_refs if is_test else other_refs).add(path)
    return test_refs, other_refs


def is_test(path, test_only_refs):
    base = os.path.basename(path)
    parts = path.split("/")[:-1]
    if re.search(r"_test(\.|$)", base) or "testdata" in parts:
        return True
    if any(re.search(p, base) for p in HELPER_PATTERNS):
        return True
    return path in test_only_refs


def count_lines(repo, path):
    with open(os.path.join(repo, path), "rb") as f:
        return sum(1 for line in f if line.strip())


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("repo", nargs="?",
                    default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    if not os.path.isdir(os.path.join(args.repo, ".git")) and not os.path.isfile(
            os.path.join(args.repo, ".git")):
        print(f"layout_stats: {args.repo}: not a git checkout", file=sys.stderr)
        return 2
    files = tracked_files(args.repo)
    test_refs, other_refs = build_references(args.repo, files)
    test_only = test_refs - other_refs
    per_dir = {}
    for path in files:
        if not is_source(args.repo, path):
            continue
        top = path.split("/")[0] if "/" in path else "."
        row = per_dir.setdefault(top, [0, 0])
        row[1 if is_test(path, test_only) else 0] += count_lines(args.repo, path)
    total = sum(r[0] for r in per_dir.values())
    tools = per_dir.get("tools", [0, 0])[0]
    share = 100.0 * tools / total if total else 0.0
    if args.json:
        print(json.dumps({"dirs": {d: {"source": r[0], "test": r[1]} for d, r in per_dir.items()},
                          "source_total": total, "tools_share_percent": round(share, 1)},
                         indent=2, sort_keys=True))
        return 0
    print(f"{'dir':<16}{'source':>8}{'test':>8}")
    for d in sorted(per_dir, key=lambda d: -per_dir[d][0]):
        print(f"{d:<16}{per_dir[d][0]:>8}{per_dir[d][1]:>8}")
    print(f"{'total':<16}{total:>8}{sum(r[1] for r in per_dir.values()):>8}")
    print(f"tools/ share of non-test source lines: {share:.1f}% ({tools} of {total})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
