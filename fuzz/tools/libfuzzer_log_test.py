#!/usr/bin/env python3
"""Tests of fuzz/tools/libfuzzer_log.py on a libFuzzer log of the shape libFuzzer 14 writes: the
last status line's fields (and `?` for one it lacks, "starting" before any), the last final
average exec/s, the distinct third-party findings, a crash report's first line (the differ's
ARIA_MISMATCH before a sanitizer's), and which file names are libFuzzer's artifacts.
"""
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools"))
import libfuzzer_log  # noqa: E402
import unittest_junit  # noqa: E402

LOG = """INFO: Running with entropic power schedule (0xFF, 100).
INFO: Seed: 1234
#2\tINITED cov: 812 ft: 1990 corp: 88/11Kb exec/s: 0 rss: 80Mb
ARIA_THIRD_PARTY gcm_seal cryptopp vs openssl
#1024\tpulse  cov: 830 ft: 2100 corp: 92/12Kb lim: 4096 exec/s: 341 rss: 90Mb
ARIA_THIRD_PARTY cmac cryptopp vs botan
ARIA_THIRD_PARTY gcm_seal cryptopp vs openssl
#1536\tNEW    cov: 831 ft: 2101 corp: 93/12Kb lim: 4096 exec/s: 384 rss: 91Mb L: 40/4096 MS: 1 ChangeBit-
Done 2000 runs in 5 second(s)
stat::number_of_executed_units: 2000
stat::average_exec_per_sec:     400
stat::new_units_added:          5
"""


class Status(unittest.TestCase):
    def test_last_status_line(self):
        self.assertEqual(libfuzzer_log.status(LOG), "execs 1536, exec/s 384, cov 831, corpus 93")

    def test_missing_fields_and_no_line(self):
        self.assertEqual(libfuzzer_log.status("#7\tREDUCE cov: 3\n"),
                         "execs 7, exec/s ?, cov 3, corpus ?")
        self.assertEqual(libfuzzer_log.status("INFO: Seed: 1\n"), "starting")
        self.assertEqual(libfuzzer_log.status(""), "starting")

    def test_a_line_cut_short_at_the_end(self):
        self.assertEqual(libfuzzer_log.status("#2\tINITED cov: 5 corp: 1/1b\n#9\tpulse cov: 6"),
                         "execs 9, exec/s ?, cov 6, corpus ?")

    def test_average_exec_per_sec(self):
        self.assertEqual(libfuzzer_log.average_exec_per_sec(LOG), "400")
        self.assertIsNone(libfuzzer_log.average_exec_per_sec("#2\tINITED cov: 5\n"))


class Findings(unittest.TestCase):
    def test_third_party_distinct_and_sorted(self):
        self.assertEqual(libfuzzer_log.third_party(LOG), [
            "ARIA_THIRD_PARTY cmac cryptopp vs botan",
            "ARIA_THIRD_PARTY gcm_seal cryptopp vs openssl"])
        self.assertEqual(libfuzzer_log.third_party("  ARIA_THIRD_PARTY indented\n"), [])

    def test_first_report_line(self):
        asan = "==12==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602"
        mismatch = "ARIA_MISMATCH gcm_seal ours/gfni-avx512 vs openssl"
        self.assertEqual(libfuzzer_log.first_report_line(LOG + asan + "\n" + mismatch + "\n"),
                         mismatch)
        self.assertEqual(libfuzzer_log.first_report_line(LOG + asan + "\n"), asan)
        self.assertEqual(libfuzzer_log.first_report_line(
            "x.cc:3:5: runtime error: signed integer overflow\n"),
            "x.cc:3:5: runtime error: signed integer overflow")
        self.assertEqual(libfuzzer_log.first_report_line(
            "==1== ERROR: libFuzzer: timeout after 30 seconds\n"),
            "==1== ERROR: libFuzzer: timeout after 30 seconds")
        self.assertEqual(libfuzzer_log.first_report_line(LOG), "crash (see report)")

    def test_artifact_names(self):
        for name in ("crash-da39a3ee", "timeout-1", "oom-2", "leak-3", "slow-unit-4"):
            self.assertTrue(libfuzzer_log.is_artifact(name), name)
        for name in ("minimized-crash-1", "third-party-20260101-000000.log", "crash", "x-crash-1"):
            self.assertFalse(libfuzzer_log.is_artifact(name), name)


if __name__ == "__main__":
    sys.exit(unittest_junit.main(__name__))
