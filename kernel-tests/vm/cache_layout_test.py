#!/usr/bin/env python3
"""cache_layout.py: the cache under $ARIASUITE_CACHE, under --cache DIR before it, under the
password database's home when neither is set (or $ARIASUITE_CACHE is empty), and its folders."""
import os
import pwd
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cache_layout  # noqa: E402


class CacheLayoutTest(unittest.TestCase):
    def setUp(self):
        self.saved = dict(os.environ)

    def tearDown(self):
        os.environ.clear()
        os.environ.update(self.saved)

    def test_environment(self):
        os.environ["ARIASUITE_CACHE"] = "/tmp/c"
        self.assertEqual(cache_layout.base(), "/tmp/c")
        self.assertEqual(cache_layout.kernel_dir(), "/tmp/c/kernel")
        self.assertEqual(cache_layout.debs_dir(), "/tmp/c/kernel/debs")
        self.assertEqual(cache_layout.source_dir(), "/tmp/c/kernel/source")
        self.assertEqual(cache_layout.source_dir(None, "linux-source-6.12_6.12.117-1"),
                         "/tmp/c/kernel/source/linux-source-6.12_6.12.117-1")
        self.assertEqual(cache_layout.asm_dir(), "/tmp/c/kernel-asm")

    def test_explicit_before_environment(self):
        os.environ["ARIASUITE_CACHE"] = "/tmp/c"
        self.assertEqual(cache_layout.kernel_dir("/tmp/d"), "/tmp/d/kernel")
        self.assertEqual(cache_layout.asm_dir("/tmp/d"), "/tmp/d/kernel-asm")

    def test_home_of_this_uid(self):
        home = os.path.join(pwd.getpwuid(os.getuid()).pw_dir, ".cache", "ariasuite")
        os.environ["HOME"] = "/nonexistent-home"  # not read: the password database's home is
        for value in (None, ""):
            with self.subTest(ARIASUITE_CACHE=value):
                os.environ.pop("ARIASUITE_CACHE", None)
                if value is not None:
                    os.environ["ARIASUITE_CACHE"] = value
                self.assertEqual(cache_layout.kernel_dir(), os.path.join(home, "kernel"))
                self.assertEqual(cache_layout.asm_dir(), os.path.join(home, "kernel-asm"))


if __name__ == "__main__":
    unittest.main()
