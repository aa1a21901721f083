#!/usr/bin/env python3
"""Tests of tools/layout_stats.py on a made-up git tree: which files count as test (*_test.*,
testdata/, fake_*, files only the srcs of test or testonly rules name; a file a library also
names, or a test only runs as data, stays source), which count as source at all (no data files; a
#! script does), the tools/ share, and a folder that is not a git checkout refused with one line
and exit 2."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import unittest_junit  # noqa: E402

SCRIPT = os.path.join(HERE, "layout_stats.py")

BUILD = '''cc_library(
    name = "lib",
    srcs = ["lib.cc", "shared.cc"],
)

cc_library(
    name = "helper",
    testonly = True,
    srcs = ["helper.cc", "shared.cc"],  # shared.cc is also the library's: source
)

sh_test(
    name = "run_test",
    srcs = ["runner.sh"],
    data = ["tool.py"],  # the program a test runs stays source
)
'''


def lines(n):
    return "".join("x%d\n" % i for i in range(n))


class LayoutStatsTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.repo = self.tmp.name
        files = {
            "impl/BUILD": BUILD,                  # 14 non-blank lines, source
            "impl/lib.cc": lines(10),             # source
            "impl/shared.cc": lines(5),           # source: a library names it too
            "impl/helper.cc": lines(7),           # test: only a testonly rule names it
            "impl/runner.sh": lines(3),           # test: only an sh_test names it
            "impl/tool.py": lines(2),             # source: only a test's data
            "impl/lib_test.cc": lines(20),        # test by name
            "impl/testdata/gen.py": lines(4),     # test: testdata/
            "impl/vectors.json": lines(50),       # data, not counted
            "tools/front": "#!/bin/sh\n" + lines(9),  # source: a #! script without extension
            "tools/fake_qemu.py": lines(6),       # test-only helper by name
            "tools/cmd.py": lines(10) + "\n\n",   # blank lines do not count
        }
        for path, text in files.items():
            full = os.path.join(self.repo, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as f:
                f.write(text)
        git = ["git", "-C", self.repo, "-c", "user.name=t", "-c", "user.email=t@t"]
        subprocess.run(git[:3] + ["init", "-q"], check=True)
        subprocess.run(git + ["add", "-A"], check=True)

    def tearDown(self):
        self.tmp.cleanup()

    def run_stats(self, *args):
        return subprocess.run([sys.executable, SCRIPT] + list(args), capture_output=True,
                              text=True, timeout=60)

    def test_counts(self):
        p = self.run_stats("--json", self.repo)
        self.assertEqual(p.returncode, 0, p.stderr)
        got = json.loads(p.stdout)
        self.assertEqual(got["dirs"]["impl"], {"source": 14 + 10 + 5 + 2, "test": 7 + 3 + 20 + 4})
        self.assertEqual(got["dirs"]["tools"], {"source": 10 + 10, "test": 6})
        self.assertEqual(got["source_total"], 51)
        self.assertEqual(got["tools_share_percent"], 39.2)

    def test_text_output(self):
        p = self.run_stats(self.repo)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("tools/ share of non-test source lines: 39.2% (20 of 51)", p.stdout)

    def test_not_a_checkout(self):
        with tempfile.TemporaryDirectory() as d:
            p = self.run_stats(d)
        self.assertEqual(p.returncode, 2)
        self.assertEqual(p.stderr.count("\n"), 1, p.stderr)
        self.assertIn("not a git checkout", p.stderr)


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
