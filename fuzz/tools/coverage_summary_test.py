#!/usr/bin/env python3
"""Tests of fuzz/tools/coverage_summary.py's explained lines (fuzz/COVERAGE.md's table): a
listed unreached line, or an unreached line of a listed function, is set aside in the second impl/
figure and marked "(explained)"; an unreached line no row lists stays unexplained and comes first
in uncovered.txt; a row that went stale (a listed line reached, past the file's end, a function or
file gone, nothing left unreached) is reported.
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

# llvm-cov export with function records: Late() on lines 6-8 (its line 7 unreached), a static
# Early() on lines 1-2 (reached), the template Affine<1, 2>(int) on lines 9-10 in a class Rows.
FUNCTIONS = {"data": [{"functions": [
    {"name": "_ZN9ariasuite4LateEv", "filenames": ["/proc/self/cwd/impl/x.cc"],
     "regions": [[6, 1, 8, 2, 1, 0, 0, 0], [7, 3, 7, 9, 0, 0, 0, 0]]},
    {"name": "impl/x.cc:_ZL5Earlyv", "filenames": ["/proc/self/cwd/impl/x.cc"],
     "regions": [[1, 1, 2, 2, 1, 0, 0, 0]]},
    {"name": "_ZN9ariasuite4Rows6AffineILi1ELi2EEEvi", "filenames": ["/proc/self/cwd/impl/x.cc"],
     "regions": [[9, 1, 10, 2, 0, 0, 0, 0]]}]}]}


def run(md_rows, expect_ok=True, show=SHOW):
    with tempfile.TemporaryDirectory() as d:
        paths = {k: os.path.join(d, k) for k in ("export.json", "show.txt", "summary.txt",
                                                  "uncovered.txt", "COVERAGE.md", "functions.json")}
        with open(paths["export.json"], "w") as f:
            json.dump(EXPORT, f)
        with open(paths["functions.json"], "w") as f:
            json.dump(FUNCTIONS, f)
        with open(paths["show.txt"], "w") as f:
            f.write(show)
        with open(paths["COVERAGE.md"], "w") as f:
            f.write("| file | lines | reason |\n| --- | --- | --- |\n" + md_rows)
        done = subprocess.run([sys.executable, SUMMARY, paths["export.json"], paths["show.txt"],
                               paths["summary.txt"], paths["uncovered.txt"], paths["COVERAGE.md"],
                               paths["functions.json"]], capture_output=True, text=True)
        if not expect_ok:
            return done
        assert done.returncode == 0, done.stderr
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

    def test_a_stale_row_explains_nothing_and_is_reported(self):
        summary, uncovered = run("| `impl/x.cc` | 5-6 | moved away |\n"
                                 "| `impl/other.cc` | 3 | another file |\n")
        self.assertIn("0 of them explained", summary)
        self.assertIn("4 unreached lines unexplained", summary)
        self.assertFalse(any("(explained)" in u for u in uncovered))
        self.assertIn("COVERAGE.md: 2 stale rows", summary)
        self.assertIn("  stale: impl/x.cc | 5-6 | (reached now: 5, 6)", summary)
        self.assertIn("  stale: impl/other.cc | 3 | (the file is not in the report)", summary)

    def test_a_row_past_the_end_of_the_file_is_stale(self):
        summary, _ = run("| `impl/x.cc` | 9, 11-12 | shrunk |\n")
        self.assertIn("1 stale rows", summary)
        self.assertIn("(past the file's last line 10: 11, 12)", summary)

    def test_a_row_of_lines_llvm_cov_does_not_count_is_stale(self):
        show = SHOW.replace("    5|      1|", "    5|       |")  # line 5: a comment, say
        summary, _ = run("| `impl/x.cc` | 5 | blank now |\n", show=show)
        self.assertIn("  stale: impl/x.cc | 5 | (no unreached line)", summary)

    def test_lines_said_to_lie_in_a_function_must_lie_in_it(self):
        summary, uncovered = run("| `impl/x.cc` | 7 in `Late`, 9 in `Rows::Affine` | inside |\n")
        self.assertIn("0 stale rows", summary)
        self.assertIn("impl/x.cc:7: (explained) line 7", uncovered)
        summary, _ = run("| `impl/x.cc` | 3-4 in `Late` | slid out |\n")
        self.assertIn("  stale: impl/x.cc | 3-4 in `Late` | (not in `Late`: 3, 4)", summary)

    def test_a_function_row_explains_its_unreached_lines(self):
        summary, uncovered = run("| `impl/x.cc` | `Late`, 3-4 | test hook |\n"
                                 "| `impl/x.cc` | `Rows::Affine` | compile time |\n")
        self.assertIn("4 unreached, 4 of them explained", summary)
        self.assertIn("0 unreached lines unexplained", summary)
        self.assertIn("COVERAGE.md: 0 stale rows", summary)
        self.assertIn("impl/x.cc:7: (explained) line 7", uncovered)

    def test_a_gone_or_fully_reached_function_is_stale(self):
        summary, uncovered = run("| `impl/x.cc` | `Gone` | renamed |\n"
                                 "| `impl/x.cc` | `Early` | now reached |\n")
        self.assertIn("2 stale rows", summary)
        self.assertIn("(no function `Gone`)", summary)
        self.assertIn("impl/x.cc | `Early` | (`Early` has no unreached line)", summary)
        summary, _ = run("| `impl/x.cc` | `Late`, `Early` | one of two reached |\n")
        self.assertIn("impl/x.cc | `Late`, `Early` | (`Early` has no unreached line)", summary)
        self.assertFalse(any("(explained)" in u for u in uncovered))

    def test_an_item_that_is_no_line_nor_function_is_refused(self):
        done = run("| `impl/x.cc` | 3, seven | typo |\n", expect_ok=False)
        self.assertNotEqual(done.returncode, 0)
        self.assertIn("'seven' is neither a line, a range N-M (in `function`) nor a `function`",
                      done.stderr)


if __name__ == "__main__":
    unittest.main()
