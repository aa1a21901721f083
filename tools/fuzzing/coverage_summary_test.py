#!/usr/bin/env python3
"""Tests of tools/fuzzing/coverage_summary.py's explained lines (fuzz/COVERAGE.md's table): a
listed unreached line is set aside in the second impl/ figure and marked "(explained)"; an
unreached line no row lists (or a row whose line numbers went stale) stays unexplained and comes
first in uncovered.txt.
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SUMMARY = os.path.join(HERE, "coverage_summary.py")

# llvm-cov export -summary-only, one impl/ file of 10 lines, 6 reached.
EXPORT = {"data": [{"files": [{"filename": "/proc/self/cwd/impl/x.cc", "summary": {
    "lines": {"count": 10, "covered": 6}, "branches": {"count": 0, "covered": 0}}}]}]}
# llvm-cov show (text): lines 3, 4, 7 and 9 unreached.
SHOW = "/proc/self/cwd/impl/x.cc:\n" + "".join(
    "%5d|%7s|line %d\n" % (n, "0" if n in (3, 4, 7, 9) else "1", n) for n in range(1, 11))


def run(md_rows):
    with tempfile.TemporaryDirectory() as d:
        paths = {k: os.path.join(d, k) for k in ("export.json", "show.txt", "summary.txt",
                                                  "uncovered.txt", "COVERAGE.md")}
        with open(paths["export.json"], "w") as f:
            json.dump(EXPORT, f)
        with open(paths["show.txt"], "w") as f:
            f.write(SHOW)
        with open(paths["COVERAGE.md"], "w") as f:
            f.write("| file | lines | reason |\n| --- | --- | --- |\n" + md_rows)
        subprocess.run([sys.executable, SUMMARY, paths["export.json"], paths["show.txt"],
                        paths["summary.txt"], paths["uncovered.txt"], paths["COVERAGE.md"]],
                       check=True)
        with open(paths["summary.txt"]) as f:
            summary = f.read()
        with open(paths["uncovered.txt"]) as f:
            uncovered = f.read().splitlines()
        return summary, uncovered


class ExplainedLinesTest(unittest.TestCase):
    def test_listed_lines_are_set_aside_and_the_rest_come_first(self):
        summary, uncovered = run("| `impl/x.cc` | 3-4, 9 | compile time |\n")
        self.assertIn("impl/ non-test lines reached: 60.0% (6/10); 4 unreached, 3 of them "
                      "explained", summary)
        self.assertIn("impl/ with the explained lines set aside: 85.7% (6/7); 1 unreached lines "
                      "unexplained", summary)
        self.assertEqual(uncovered[0], "impl/x.cc:7: line 7")
        self.assertEqual(uncovered[1:], ["impl/x.cc:3: (explained) line 3",
                                         "impl/x.cc:4: (explained) line 4",
                                         "impl/x.cc:9: (explained) line 9"])

    def test_a_stale_row_explains_nothing(self):
        summary, uncovered = run("| `impl/x.cc` | 5-6 | moved away |\n"
                                 "| `impl/other.cc` | 3 | another file |\n")
        self.assertIn("0 of them explained", summary)
        self.assertIn("4 unreached lines unexplained", summary)
        self.assertFalse(any("(explained)" in u for u in uncovered))


if __name__ == "__main__":
    unittest.main()
