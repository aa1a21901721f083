#!/usr/bin/env python3
"""Tests of fuzz/tools/fuzz_options.py, the reader of fuzz/<target>_fuzzer.options: the flags of
the [libfuzzer] section in file order, comments and other sections left out, no file no flags;
each malformed file is one error naming FILE:LINE; every committed options file reads; the
command line prints one flag a line and exits 2 on a malformed file.
"""
import glob
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools"))
import fuzz_options  # noqa: E402
import unittest_junit  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))


class Reading(unittest.TestCase):
    def test_libfuzzer_section_in_file_order(self):
        text = ("# OSS-Fuzz options\n[libfuzzer]\nmax_len = 4096\ntimeout=30  # seconds\n\n"
                "; another comment\nuse_value_profile = 1\n[asan]\ndetect_leaks = 0\n")
        self.assertEqual(fuzz_options.read_text(text, "t.options"),
                         ["-max_len=4096", "-timeout=30", "-use_value_profile=1"])

    def test_other_sections_alone_give_no_flags(self):
        self.assertEqual(fuzz_options.read_text("[asan]\ndetect_leaks = 0\n", "t.options"), [])
        self.assertEqual(fuzz_options.read_text("", "t.options"), [])

    def test_no_file_no_flags(self):
        with tempfile.TemporaryDirectory(dir=os.environ.get("TEST_TMPDIR")) as d:
            self.assertEqual(fuzz_options.read_file(os.path.join(d, "none.options")), [])

    def test_malformed_files_name_file_and_line(self):
        cases = [
            ("max_len = 1\n", "t.options:1: a line before any [section]: 'max_len = 1'"),
            ("[libfuzzer\nmax_len = 1\n", "t.options:1: not a [section] line: '[libfuzzer'"),
            ("[libfuzzer]\nmax_len\n",
             "t.options:2: not a `name = value` line or a [section]: 'max_len'"),
            ("[libfuzzer]\nmax_len: 1\n",
             "t.options:2: not a `name = value` line or a [section]: 'max_len: 1'"),
            ("[libfuzzer]\nmax_len = 1\ntimeout = 2\nmax_len = 3\n",
             "t.options:4: 'max_len' in [libfuzzer] given twice"),
            ("[libfuzzer]\n[asan]\n[libfuzzer]\n", "t.options:3: section [libfuzzer] given twice"),
            ("[libfuzzer]\n\nMax_Len = 1\n",
             "t.options:3: 'Max_Len' is not a libFuzzer flag name (lower-case letters and _)"),
            ("[libfuzzer]\nmax-len = 1\n",
             "t.options:2: 'max-len' is not a libFuzzer flag name (lower-case letters and _)"),
            ("[libfuzzer]\ndict = a b\n", "t.options:2: dict wants one word as its value, got 'a b'"),
            ("[libfuzzer]\ntimeout =\n", "t.options:2: timeout wants one word as its value, got ''"),
            ("[libfuzzer]\ntimeout = 1\n  2\n",
             "t.options:2: timeout wants one word as its value, got '1\\n2'"),
        ]
        for text, message in cases:
            with self.subTest(text=text):
                with self.assertRaises(fuzz_options.OptionsError) as e:
                    fuzz_options.read_text(text, "t.options")
                self.assertEqual(str(e.exception), message)
                self.assertNotIn("\n", str(e.exception).replace("\\n", ""))

    def test_every_committed_options_file_reads(self):
        files = sorted(glob.glob(os.path.join(ROOT, "fuzz", "*_fuzzer.options")))
        self.assertGreater(len(files), 0, "no fuzz/*_fuzzer.options in the runfiles")
        for path in files:
            with self.subTest(file=os.path.basename(path)):
                flags = fuzz_options.read_file(path)
                self.assertTrue(any(f.startswith("-max_len=") for f in flags), flags)


class CommandLine(unittest.TestCase):
    def run_it(self, *args):
        return subprocess.run([sys.executable, os.path.join(HERE, "fuzz_options.py")] + list(args),
                              capture_output=True, text=True)

    def test_prints_one_flag_a_line(self):
        with tempfile.TemporaryDirectory(dir=os.environ.get("TEST_TMPDIR")) as d:
            path = os.path.join(d, "t.options")
            with open(path, "w") as f:
                f.write("[libfuzzer]\nmax_len = 16384\ntimeout = 30\n")
            r = self.run_it(path)
            self.assertEqual((r.returncode, r.stdout, r.stderr), (0, "-max_len=16384\n-timeout=30\n", ""))
            with open(path, "w") as f:
                f.write("[libfuzzer]\nmax_len 16384\n")
            r = self.run_it(path)
            self.assertEqual(r.returncode, 2)
            self.assertEqual(r.stdout, "")
            self.assertEqual(r.stderr, "fuzz_options: %s:2: not a `name = value` line or a "
                             "[section]: 'max_len 16384'\n" % path)

    def test_bad_usage(self):
        for args in ([], ["a", "b"], ["--help"], ["/nonexistent/t.options"]):
            with self.subTest(args=args):
                r = self.run_it(*args)
                self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
                self.assertEqual(len(r.stderr.splitlines()), 1, r.stderr)


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
