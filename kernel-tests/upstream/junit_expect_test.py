#!/usr/bin/env python3
"""junit_expect.py on JUnit files in tap.py's format: each kind of expectation holding and not
holding (a suite that must fail but passed is exit 1, as is a case failing with other text), and a
missing file is exit 2."""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "vm"))

import tap  # noqa: E402

EXPECT = os.path.join(HERE, "junit_expect.py")


class JunitExpectTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.tmp.name, "k.xml")
        tap.write_junit([
            tap.Case("kselftest_net_tls", "tls.12_aria_gcm.send_then_sendfile", "pass"),
            tap.Case("kselftest_net_tls", "tls.12_aria_gcm.recv_partial", "skip", "why"),
            tap.Case("kselftest_net_tls_aria", "tls_aria.12_aria_gcm_256.tx_known_answer",
                     "fail", "record 1 differs at byte 1041"),
            tap.Case("kselftest_net_tls_aria", "tls_aria.12_aria_gcm.rx_bad_tag", "pass"),
            tap.Case("guest", "kernel_log_clean", "fail",
                     "WARNING: CPU: 0 PID: 80 at crypto/testmgr.c:5929 alg_test+0x3e4/0x590"),
        ], self.path)

    def tearDown(self):
        self.tmp.cleanup()

    def run_expect(self, *expectations, path=None):
        p = subprocess.run([sys.executable, EXPECT, path or self.path] + list(expectations),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        return p.returncode, p.stdout + p.stderr

    def test_holding(self):
        rc, out = self.run_expect("kselftest_net_tls=pass", "kselftest_net_tls_aria=fail",
                                  "guest.kernel_log_clean~crypto/testmgr.c")
        self.assertEqual(rc, 0, out)
        self.assertIn("PASS kselftest_net_tls_aria=fail: kselftest_net_tls_aria: 1 passed, 1 "
                      "failed (tls_aria.12_aria_gcm_256.tx_known_answer)", out)

    def test_not_holding(self):
        for e in ("kselftest_net_tls_aria=pass", "kselftest_net_tls=fail",
                  "guest.kernel_log_clean~lockdep", "guest.boot~x", "absent_suite=pass"):
            rc, out = self.run_expect("kselftest_net_tls=pass", e)
            self.assertEqual(rc, 1, e)
            self.assertIn("FAIL " + e, out)

    def test_missing_file(self):
        rc, out = self.run_expect("x=pass", path=os.path.join(self.tmp.name, "none.xml"))
        self.assertEqual(rc, 2)
        self.assertIn("none.xml", out)


if __name__ == "__main__":
    unittest.main()
